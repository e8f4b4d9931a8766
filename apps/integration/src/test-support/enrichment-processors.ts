import { createLogger } from '@kyb/http';
import {
  businessEnrichmentQueue,
  closeGracefully,
  createProducer,
  enrichmentBatchCompletedQueue,
  enrichmentCompletedQueue,
  type WorkerLogger,
} from '@kyb/queues';
import { createBusinessDirectory, createTinDirectory } from '@kyb/area-views';
import { createPgClassificationStore } from '../classification/classification.store';
import { createSandboxClassifier } from '../classification/sandbox-classifier';
import { createEnrichmentBatchProcessor } from '../enrichment/enrichment-batch.processor';
import { createEnrichmentProcessor } from '../enrichment/enrichment.processor';
import { createPgTaskStore } from '../enrichment/integration-tasks.store';
import type { FinancialsProvider } from '../providers/financials.provider';
import type { PublicRecordsProvider } from '../providers/public-records.provider';
import { createSandboxFinancialsProvider } from '../providers/sandbox-financials.provider';
import { createPgPublicRecordsStore } from '../public-records/public-records.store';
import { createBusinessVerifier } from '../verification/business-verifier';
import { createSandboxVerificationProviders } from '../verification/sandbox-verification.providers';
import type { VerificationProviders } from '../providers/verification.providers';
import { createPgVerificationStore } from '../verification/verification.store';
import type { IntegrationTestApp } from './integration-test-app';

/** Options of {@link enrichmentProcessorsOf}: the providers (sandboxes by default) and where logs go. */
export interface EnrichmentProcessorsOptions {
  provider: PublicRecordsProvider;
  financials?: FinancialsProvider;
  verificationProviders?: Partial<VerificationProviders>;
  logger?: WorkerLogger;
}

/**
 * The single and the batch enrichment processors wired as the area wires them (same stores,
 * verifier and providers) on the test app's database, with producers on its queue prefix, for
 * tests that call them directly and read the queues (start the app with `workers: false`).
 */
export function enrichmentProcessorsOf(t: IntegrationTestApp, options: EnrichmentProcessorsOptions) {
  const context = { connection: t.redis, prefix: t.redisPrefix };
  const completed = createProducer(enrichmentCompletedQueue, context);
  const batchCompleted = createProducer(enrichmentBatchCompletedQueue, context);
  const enrichment = createProducer(businessEnrichmentQueue, context);
  const logger = options.logger ?? createLogger({ level: 'silent', name: 'enrichment-processors' });
  const businesses = createBusinessDirectory(t.db);
  const verifier = createBusinessVerifier({
    db: t.db,
    verifications: createPgVerificationStore(t.db),
    classifications: createPgClassificationStore(t.db),
    businesses,
    tins: createTinDirectory(t.db),
    dataKeys: t.dataKeys,
    providersFor: async () => ({ ...createSandboxVerificationProviders(), ...options.verificationProviders }),
    classifier: createSandboxClassifier(),
    clock: t.clock.now,
    logger,
  });
  const parts = {
    db: t.db,
    tasks: createPgTaskStore(t.db),
    records: createPgPublicRecordsStore(t.db),
    businesses,
    provider: options.provider,
    financials: options.financials ?? createSandboxFinancialsProvider(),
    verifier,
    clock: t.clock.now,
    logger,
  };
  return {
    single: createEnrichmentProcessor({ ...parts, completed }),
    batch: createEnrichmentBatchProcessor({ ...parts, enrichment, batchCompleted }),
    queues: { completed: completed.queue, batchCompleted: batchCompleted.queue, enrichment: enrichment.queue },
    close: () => closeGracefully([], [completed, batchCompleted, enrichment]),
  };
}

/** A job of the single enrichment queue as BullMQ hands it to the processor (first attempt of five). */
export const singleJob = (businessId: string, customerId: string, jobId = `enrich-${businessId}`) => ({
  id: jobId,
  data: { businessId, customerId },
  attemptsMade: 0,
  opts: { attempts: 5 },
});

/** A job of the batch enrichment queue as BullMQ hands it to the processor (first attempt of five). */
export const batchJob = (id: string, businessIds: string[], customerId: string) => ({ id, data: { businessIds, customerId }, attemptsMade: 0, opts: { attempts: 5 } });
