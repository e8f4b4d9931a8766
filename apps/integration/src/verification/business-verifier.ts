import type { Knex } from '@kyb/db';
import type { WorkerLogger } from '@kyb/queues';
import type { BusinessDirectory, BusinessEntry, DataKeys, TinDirectory, VerificationCheck } from '@kyb/area-views';
import type { IndustryClassifier } from '../classification/classification.provider';
import type { ClassificationStore, NewClassification } from '../classification/classification.store';
import type { BusinessProfile } from '../providers/business-profile';
import { sanctionsChecksOf, withSanctionsCheck } from './sanctions-check';
import { runVerificationChecks, statusReason, verificationStatus } from './verification.checks';
import type { VerificationProviders } from '../providers/verification.providers';
import { createPgVendorAnswerStore, type SealedVendorAnswer, type TracedAnswer } from '../providers/vendor-answers.store';
import type { NewVerification, VerificationStore } from './verification.store';

/** What the verifier is built from. */
export interface BusinessVerifierDeps {
  db: Knex;
  verifications: VerificationStore;
  classifications: ClassificationStore;
  businesses: BusinessDirectory;
  tins: TinDirectory;
  /** Opens the TINs the case area sealed, and seals the vendors' raw answers kept beside the checks (with the customer's data key). */
  dataKeys: Pick<DataKeys, 'open' | 'seal'>;
  /** The providers of a tenant's verifications: those it chose, each else its sandbox. */
  providersFor(customerId: string): Promise<VerificationProviders>;
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
  /** The real adapters' raw answers behind the checks, sealed (none from a sandbox). */
  answers: SealedVendorAnswer[];
}

// Only names and codes are logged: an error of the TIN path could carry the TIN in its message.
const errorName = (err: unknown) => (err instanceof Error ? err.name : typeof err);

/** Where one verification reads what the providers do not know: the TIN and the client's own NAICS code. */
interface VerificationSources {
  /** The TIN (in memory only), null when the business has none. */
  readTin(): Promise<string | null>;
  /** The business as the directory shows it (for the client's NAICS code); undefined when it is gone. */
  business(): Promise<Pick<BusinessEntry, 'naicsCode'> | undefined>;
  /** The SANCTIONS check from the business's screenings and hits so far. */
  sanctions(): Promise<VerificationCheck | undefined>;
}

/**
 * Verifies a business (the four vendor checks and the SANCTIONS check from its hits, its status, the change if any) and classifies it when the
 * client sent no NAICS code. A step of enrichment: nothing here throws, so it neither fails nor
 * retries the enrichment task. One business at a time (`prepare`, `save`, `run`) or a batch's at
 * once (`preparerFor`, `saveMany`: one TIN read and a constant number of writes for the batch).
 */
export function createBusinessVerifier(deps: BusinessVerifierDeps) {
  // The TIN lives only in the calling check's memory, on its way to the TIN-matching provider.
  const openTin = async (sealed: string | null | undefined): Promise<string | null> => (sealed ? deps.dataKeys.open(sealed) : null);
  const vendorAnswers = createPgVendorAnswerStore({ db: deps.db, dataKeys: deps.dataKeys });

  const singleSources = (task: VerificationTask, profile: BusinessProfile): VerificationSources => ({
    readTin: async () => openTin(await deps.tins.sealedTin(profile.id)),
    business: () => deps.businesses.find(task.business_id),
    sanctions: async () => (await sanctionsChecksOf(deps.db, [profile.id])).get(profile.id),
  });

  async function classify(task: VerificationTask, profile: BusinessProfile, sources: VerificationSources): Promise<NewClassification | null> {
    try {
      const business = await sources.business();
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
  async function prepareWith(task: VerificationTask, profile: BusinessProfile, sources: VerificationSources): Promise<PreparedVerification | undefined> {
    try {
      return await ask(task, profile, sources);
    } catch (err) {
      deps.logger.warn({ taskId: task.id, businessId: task.business_id, errorName: errorName(err) }, 'business verification failed unexpectedly');
      return undefined;
    }
  }

  async function ask(task: VerificationTask, profile: BusinessProfile, sources: VerificationSources): Promise<PreparedVerification> {
    const log = { taskId: task.id, businessId: task.business_id };
    const providers = await deps.providersFor(task.customer_id);
    const traced: TracedAnswer[] = [];
    const [vendorChecks, sanctions] = await Promise.all([
      runVerificationChecks(
        { profile, readTin: sources.readTin },
        providers,
        (code, err) => deps.logger.warn({ ...log, check: code, errorName: errorName(err) }, 'verification check failed unexpectedly'),
        (check, trace) => traced.push({ check, trace }),
      ),
      sources.sanctions(),
    ]);
    const checks = sanctions ? withSanctionsCheck(vendorChecks, sanctions) : vendorChecks;
    // The raw answers are sealed here, before any transaction; only the sealed text travels on.
    const answers = await vendorAnswers.seal(task.customer_id, traced);
    const status = verificationStatus(checks);
    const verification = { businessId: task.business_id, customerId: task.customer_id, taskId: task.id, status, checks, reason: statusReason(status, checks), at: deps.clock() };
    return { verification, classification: await classify(task, profile, sources), answers };
  }

  const prepare = (task: VerificationTask, profile: BusinessProfile) => prepareWith(task, profile, singleSources(task, profile));

  /** The answers to keep beside a verification just stored (none when its task was verified already). */
  const keptBeside = ({ verification: v, answers }: PreparedVerification, verificationId: string | null) =>
    verificationId && answers.length > 0 ? [{ subject: { customerId: v.customerId, businessId: v.businessId, verificationId }, answers }] : [];

  /** Stores a prepared verification in a savepoint of `on` (the enrichment's transaction): a failure here rolls back only this. */
  async function save(prepared: PreparedVerification, on: Knex = deps.db): Promise<void> {
    const log = { taskId: prepared.verification.taskId, businessId: prepared.verification.businessId };
    try {
      await on.transaction(async (trx) => {
        const stored = await deps.verifications.record(prepared.verification, trx);
        await vendorAnswers.keep(keptBeside(prepared, stored.verificationId), trx);
        if (stored.changed) deps.logger.info({ ...log, status: prepared.verification.status }, 'business verification status changed');
        if (prepared.classification) await deps.classifications.put(prepared.classification, trx);
      });
    } catch (err) {
      deps.logger.warn({ ...log, errorName: errorName(err) }, 'business verification could not be stored');
    }
  }

  /**
   * `prepare` for the businesses of a batch: their sealed TINs are read once, in one statement,
   * when the first check needs one, and the client's NAICS code comes with the business the
   * batch read. Each call asks the providers for one business; none throws.
   */
  function preparerFor(businessIds: readonly string[]) {
    let sealed: Promise<Map<string, string | null>> | undefined;
    let sanctions: Promise<Map<string, VerificationCheck>> | undefined;
    const sealedTins = () => (sealed ??= deps.tins.sealedTins(businessIds));
    const sanctionsChecks = () => (sanctions ??= sanctionsChecksOf(deps.db, businessIds));
    return (task: VerificationTask, profile: BusinessProfile, business: Pick<BusinessEntry, 'naicsCode'>) =>
      prepareWith(task, profile, {
        readTin: async () => openTin((await sealedTins()).get(profile.id)),
        business: async () => business,
        sanctions: async () => (await sanctionsChecks()).get(profile.id),
      });
  }

  /**
   * `save` for a batch (one prepared verification per business): all of them in one savepoint of
   * `on`, each table written by one statement (the kept vendor answers too), so they are stored all or none. A failure rolls
   * back only the savepoint, never the enrichment, and is logged for each business as `save` logs it.
   */
  async function saveMany(prepared: readonly PreparedVerification[], on: Knex = deps.db): Promise<void> {
    if (prepared.length === 0) return;
    try {
      const stored = await on.transaction(async (trx) => {
        const recorded = await deps.verifications.recordMany(prepared.map((p) => p.verification), trx);
        await vendorAnswers.keep(prepared.flatMap((p, i) => keptBeside(p, recorded[i].verificationId)), trx);
        await deps.classifications.putMany(prepared.flatMap((p) => (p.classification ? [p.classification] : [])), trx);
        return recorded;
      });
      const changed = new Set(stored.filter((s) => s.changed).map((s) => s.businessId));
      for (const { verification: v } of prepared) {
        if (changed.has(v.businessId)) deps.logger.info({ taskId: v.taskId, businessId: v.businessId, status: v.status }, 'business verification status changed');
      }
    } catch (err) {
      for (const { verification: v } of prepared) {
        deps.logger.warn({ taskId: v.taskId, businessId: v.businessId, errorName: errorName(err) }, 'business verification could not be stored');
      }
    }
  }

  return {
    /** Whether the task's verification is stored (a job run again after it skips the step). */
    verified: (taskId: string) => deps.verifications.hasTask(taskId),
    /** The tasks among `taskIds` whose verification is stored (a batch's `verified`, one statement). */
    verifiedTasks: (taskIds: readonly string[]) => deps.verifications.verifiedTasks(taskIds),
    prepare,
    save,
    preparerFor,
    saveMany,
    /** Prepares and stores in one go (a finished task that was never verified). */
    async run(task: VerificationTask, profile: BusinessProfile): Promise<void> {
      const prepared = await prepare(task, profile);
      if (prepared) await save(prepared);
    },
  };
}

/** The verifier type, for injection. */
export type BusinessVerifier = ReturnType<typeof createBusinessVerifier>;
