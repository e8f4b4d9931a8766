/*
 * The score area's BullMQ glue: the producers it queues scores and the monthly monitoring run on,
 * and the consumers that compute scores, score businesses after enrichment (one at a time or a
 * batch's in one job), and run monitoring.
 * Payloads carry ids only.
 */
import {
  attemptsOf,
  createWorker,
  enrichmentBatchCompletedQueue,
  enrichmentCompletedQueue,
  scoreMonitoringQueue,
  scoreQueue,
  type CreateWorkerOptions,
  type EnrichmentCompletion,
  type JobAttempts,
  type Worker,
} from '@kyb/queues';
import { createAreaProducers, type AreaQueues } from '@kyb/http';

/** The queues the score area adds jobs to: scores, and the monthly monitoring run's scheduled jobs. */
export const createScoreProducers = (queues: AreaQueues) => createAreaProducers(queues, { scores: scoreQueue, monitoring: scoreMonitoringQueue });

/** What the score area's workers run. */
export interface ScoreJobs {
  compute(scoreId: string, attempt: JobAttempts): Promise<void>;
  afterEnrichment(businessId: string, taskId: string): Promise<unknown>;
  afterEnrichmentBatch(completions: readonly EnrichmentCompletion[]): Promise<unknown>;
  monitorAll(): Promise<number>;
}

/** The score area's consumers. */
export function scoreWorkers(jobs: ScoreJobs) {
  return (options: CreateWorkerOptions): Worker[] => [
    createWorker(scoreQueue, (job) => jobs.compute(job.data.scoreId, attemptsOf(job)), options),
    createWorker(enrichmentCompletedQueue, (job) => jobs.afterEnrichment(job.data.businessId, job.data.taskId), options),
    // Scored in the job itself; what it did is the job's return value.
    createWorker(enrichmentBatchCompletedQueue, (job) => jobs.afterEnrichmentBatch(job.data?.completions), options),
    // One at a time: two runs at once would score the same pages side by side.
    createWorker(scoreMonitoringQueue, () => jobs.monitorAll(), { ...options, concurrency: 1 }),
  ];
}
