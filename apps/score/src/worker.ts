/*
 * The score area's BullMQ glue: the producers it queues scores and the monthly monitoring run on,
 * and the consumers that compute scores, score businesses after enrichment, and run monitoring.
 * Payloads carry ids only.
 */
import {
  attemptsOf,
  createProducer,
  createWorker,
  enrichmentCompletedQueue,
  scoreMonitoringQueue,
  scoreQueue,
  type CreateWorkerOptions,
  type JobAttempts,
  type Worker,
} from '@kyb/queues';
import type { AreaQueues } from '@kyb/http';

/** The queues the score area adds jobs to. */
export function createScoreProducers(queues: AreaQueues) {
  const context = { connection: queues.redis, prefix: queues.prefix, logger: queues.logger };
  const producers = {
    scores: createProducer(scoreQueue, context),
    /** Where the monthly monitoring run's scheduler puts its jobs. */
    monitoring: createProducer(scoreMonitoringQueue, context),
  };
  return { ...producers, all: Object.values(producers) };
}

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
