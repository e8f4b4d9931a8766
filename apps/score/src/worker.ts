/*
 * The score area's BullMQ glue: the producers it queues scores and the monthly monitoring run on,
 * and the consumers that compute scores, score businesses after enrichment, and run monitoring.
 * Payloads carry ids only.
 */
import {
  attemptsOf,
  createWorker,
  enrichmentCompletedQueue,
  scoreMonitoringQueue,
  scoreQueue,
  type CreateWorkerOptions,
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
  monitorAll(): Promise<number>;
}

/** The score area's consumers. */
export function scoreWorkers(jobs: ScoreJobs) {
  return (options: CreateWorkerOptions): Worker[] => [
    createWorker(scoreQueue, (job) => jobs.compute(job.data.scoreId, attemptsOf(job)), options),
    createWorker(enrichmentCompletedQueue, (job) => jobs.afterEnrichment(job.data.businessId, job.data.taskId), options),
    // One at a time: the monthly run must not queue a business twice.
    createWorker(scoreMonitoringQueue, () => jobs.monitorAll(), { ...options, concurrency: 1 }),
  ];
}
