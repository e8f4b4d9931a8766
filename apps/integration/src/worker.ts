/*
 * The integration area's BullMQ glue: the producers it queues jobs on (enrichment, its
 * announcement to the score area, screenings) and the consumers that run enrichments and
 * screenings. Payloads carry ids only.
 */
import {
  attemptsOf,
  businessEnrichmentQueue,
  createProducer,
  createWorker,
  enrichmentCompletedQueue,
  screeningQueue,
  type CreateWorkerOptions,
  type JobAttempts,
  type Worker,
} from '@kyb/queues';
import type { AreaQueues } from '@kyb/http';
import type { EnrichmentJob } from './enrichment/enrichment.processor';

/** The queues the integration area adds jobs to. */
export function createIntegrationProducers(queues: AreaQueues) {
  const context = { connection: queues.redis, prefix: queues.prefix, logger: queues.logger };
  const producers = {
    /** Refreshes (and the recovery sweep) queue enrichments here; business creation in the case area does too. */
    enrichment: createProducer(businessEnrichmentQueue, context),
    /** Tells the score area that a business's records are in. */
    completed: createProducer(enrichmentCompletedQueue, context),
    screenings: createProducer(screeningQueue, context),
  };
  return { ...producers, all: Object.values(producers) };
}

/** What the integration area's workers run. */
export interface IntegrationJobs {
  enrich(job: EnrichmentJob): Promise<void>;
  screen(screeningId: string, attempt: JobAttempts): Promise<void>;
}

/** The integration area's consumers. */
export function integrationWorkers(jobs: IntegrationJobs) {
  return (options: CreateWorkerOptions): Worker[] => [
    createWorker(businessEnrichmentQueue, (job) => jobs.enrich(job), options),
    createWorker(screeningQueue, (job) => jobs.screen(job.data.screeningId, attemptsOf(job)), options),
  ];
}
