/*
 * The score area's BullMQ glue: the producer it queues scores on, and the consumers that compute
 * scores and score businesses after enrichment (one at a time or a batch's in one job; monitored
 * businesses' scheduled re-enrichments in the integration area arrive this way too), and score a
 * business again when its sanctions hits change.
 * Payloads carry ids only.
 */
import {
  attemptsOf,
  createWorker,
  enrichmentBatchCompletedQueue,
  enrichmentCompletedQueue,
  scoreQueue,
  watchlistHitsChangedQueue,
  type CreateWorkerOptions,
  type EnrichmentCompletion,
  type JobAttempts,
  type Worker,
} from '@kyb/queues';
import { createAreaProducers, type AreaQueues } from '@kyb/http';

/** The queues the score area adds jobs to: scores. */
export const createScoreProducers = (queues: AreaQueues) => createAreaProducers(queues, { scores: scoreQueue });

/** What the score area's workers run. */
export interface ScoreJobs {
  compute(scoreId: string, attempt: JobAttempts): Promise<void>;
  afterEnrichment(businessId: string, taskId: string): Promise<unknown>;
  afterEnrichmentBatch(completions: readonly EnrichmentCompletion[]): Promise<unknown>;
  afterWatchlistHitsChanged(businessId: string): Promise<unknown>;
}

/** The score area's consumers. */
export function scoreWorkers(jobs: ScoreJobs) {
  return (options: CreateWorkerOptions): Worker[] => [
    createWorker(scoreQueue, (job) => jobs.compute(job.data.scoreId, attemptsOf(job)), options),
    createWorker(enrichmentCompletedQueue, (job) => jobs.afterEnrichment(job.data.businessId, job.data.taskId), options),
    // Scored in the job itself; what it did is the job's return value.
    createWorker(enrichmentBatchCompletedQueue, (job) => jobs.afterEnrichmentBatch(job.data?.completions), options),
    // A business's sanctions hits changed (integration): scored again from its current inputs.
    createWorker(watchlistHitsChangedQueue, (job) => jobs.afterWatchlistHitsChanged(job.data?.businessId), options),
  ];
}
