/*
 * The integration area's BullMQ glue: the producers it queues jobs on (enrichment, its
 * announcement to the score area, screenings) and the consumers that run enrichments and
 * screenings. Payloads carry ids only.
 */
import {
  attemptsOf,
  businessEnrichmentQueue,
  createWorker,
  enrichmentCompletedQueue,
  screeningQueue,
  type CreateWorkerOptions,
  type JobAttempts,
  type Worker,
} from '@kyb/queues';
import { createAreaProducers, type AreaQueues } from '@kyb/http';
import type { EnrichmentJob } from './enrichment/enrichment.processor';

/**
 * The queues the integration area adds jobs to: enrichments (refreshes and the recovery sweep; business
 * creation in the case area too), `completed` (tells the score area a business's records are in), screenings.
 */
export const createIntegrationProducers = (queues: AreaQueues) =>
  createAreaProducers(queues, { enrichment: businessEnrichmentQueue, completed: enrichmentCompletedQueue, screenings: screeningQueue });

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
