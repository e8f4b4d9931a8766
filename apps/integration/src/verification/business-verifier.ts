import type { Knex } from '@kyb/db';
import type { WorkerLogger } from '@kyb/queues';
import type { SealedBox } from '@kyb/secrets';
import type { BusinessDirectory, TinDirectory } from '@kyb/area-views';
import type { IndustryClassifier } from '../classification/classification.provider';
import type { ClassificationStore, NewClassification } from '../classification/classification.store';
import type { BusinessProfile } from '../providers/business-profile';
import { runVerificationChecks, statusReason, verificationStatus } from './verification.checks';
import type { VerificationProviders } from './verification.providers';
import type { NewVerification, VerificationStore } from './verification.store';

/** What the verifier is built from. */
export interface BusinessVerifierDeps {
  db: Knex;
  verifications: VerificationStore;
  classifications: ClassificationStore;
  businesses: BusinessDirectory;
  tins: TinDirectory;
  /** Opens the case area's sealed TINs (the DATA_ENCRYPTION_KEY's box). */
  sealedBox: SealedBox;
  providers: VerificationProviders;
  classifier: IndustryClassifier;
  clock: () => Date;
  logger: WorkerLogger;
}

/** The enrichment task a verification belongs to. */
export interface VerificationTask {
  id: string;
  business_id: string;
  customer_id: string;
}

/** What the providers answered for one task, ready to be stored. */
export interface PreparedVerification {
  verification: NewVerification;
  /** Null when the client sent a NAICS code (never overwritten) or the classifier could not answer. */
  classification: NewClassification | null;
}

// Only names and codes are logged: an error of the TIN path could carry the TIN in its message.
const errorName = (err: unknown) => (err instanceof Error ? err.name : typeof err);

/**
 * Verifies a business (the four checks, its status, the change if any) and classifies it when the
 * client sent no NAICS code. A step of enrichment: nothing here throws, so it neither fails nor
 * retries the enrichment task.
 */
export function createBusinessVerifier(deps: BusinessVerifierDeps) {
  async function readTin(businessId: string): Promise<string | null> {
    const sealed = await deps.tins.sealedTin(businessId);
    // The TIN lives only in this call's memory, on its way to the TIN-matching provider.
    return sealed ? deps.sealedBox.open(sealed) : null;
  }

  async function classify(task: VerificationTask, profile: BusinessProfile): Promise<NewClassification | null> {
    try {
      const business = await deps.businesses.find(task.business_id);
      // The client's code is shown first and never overwritten: only a business without one is classified.
      if (!business || business.naicsCode) return null;
      const found = await deps.classifier.classify({ name: profile.name, website: profile.officialWebsite });
      return { businessId: task.business_id, customerId: task.customer_id, ...found, provider: deps.classifier.name, at: deps.clock() };
    } catch (err) {
      deps.logger.warn({ taskId: task.id, businessId: task.business_id, errorName: errorName(err) }, 'business classification failed');
      return null;
    }
  }

  /** Asks the providers (outside any transaction); never throws (undefined after a bug, which is logged). */
  async function prepare(task: VerificationTask, profile: BusinessProfile): Promise<PreparedVerification | undefined> {
    try {
      return await ask(task, profile);
    } catch (err) {
      deps.logger.warn({ taskId: task.id, businessId: task.business_id, errorName: errorName(err) }, 'business verification failed unexpectedly');
      return undefined;
    }
  }

  async function ask(task: VerificationTask, profile: BusinessProfile): Promise<PreparedVerification> {
    const log = { taskId: task.id, businessId: task.business_id };
    const checks = await runVerificationChecks({ profile, readTin: () => readTin(profile.id) }, deps.providers, (code, err) =>
      deps.logger.warn({ ...log, check: code, errorName: errorName(err) }, 'verification check failed unexpectedly'),
    );
    const status = verificationStatus(checks);
    const verification = { businessId: task.business_id, customerId: task.customer_id, taskId: task.id, status, checks, reason: statusReason(status, checks), at: deps.clock() };
    return { verification, classification: await classify(task, profile) };
  }

  /** Stores a prepared verification in a savepoint of `on` (the enrichment's transaction): a failure here rolls back only this. */
  async function save(prepared: PreparedVerification, on: Knex = deps.db): Promise<void> {
    const log = { taskId: prepared.verification.taskId, businessId: prepared.verification.businessId };
    try {
      await on.transaction(async (trx) => {
        const stored = await deps.verifications.record(prepared.verification, trx);
        if (stored.changed) deps.logger.info({ ...log, status: prepared.verification.status }, 'business verification status changed');
        if (prepared.classification) await deps.classifications.put(prepared.classification, trx);
      });
    } catch (err) {
      deps.logger.warn({ ...log, errorName: errorName(err) }, 'business verification could not be stored');
    }
  }

  return {
    /** Whether the task's verification is stored (a job run again after it skips the step). */
    verified: (taskId: string) => deps.verifications.hasTask(taskId),
    prepare,
    save,
    /** Prepares and stores in one go (a finished task that was never verified). */
    async run(task: VerificationTask, profile: BusinessProfile): Promise<void> {
      const prepared = await prepare(task, profile);
      if (prepared) await save(prepared);
    },
  };
}

/** The verifier type, for injection. */
export type BusinessVerifier = ReturnType<typeof createBusinessVerifier>;
