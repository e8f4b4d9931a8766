/**
 * BullMQ queues on ioredis: queue definitions, producers, workers and graceful shutdown.
 * @packageDocumentation
 */
export { checkRedis, clusterSafePrefix, createRedisConnection, isRedisCluster, redisMasters, subscriberConnection } from './connection';
export type { Redis } from './connection';
export { attemptsOf, closeGracefully, createProducer, createWorker, defineQueue } from './queue';
export type { CreateWorkerOptions, JobAttempts, Producer, QueueContext, QueueDefinition, WorkerLogger } from './queue';
export type { Worker } from 'bullmq';
export {
  allQueues,
  businessEnrichmentQueue,
  ENRICHMENT_BATCH_SIZE,
  enrichmentBatchCompletedJobId,
  enrichmentBatchCompletedQueue,
  enrichmentBatchJobId,
  enrichmentBatchQueue,
  enrichmentCompletedQueue,
  enrichmentJobId,
  gatheredEnrichmentJobId,
  mailJobId,
  mailQueue,
  onboardingRunJobId,
  onboardingRunQueue,
  reportQueue,
  scoreQueue,
  screeningQueue,
  watchlistLoadQueue,
  watchlistScreeningQueue,
  watchlistScreeningJobId,
  watchlistHitsChangedQueue,
  watchlistRescreenRoundQueue,
  webhookDeliveryQueue,
  webhookDispatchQueue,
} from './definitions';
export { ensureRedisReachable } from './reachability';
export { createQueueMetrics, QUEUE_JOB_STATES } from './queue-metrics';
export { appendOnlyOf } from './redis-persistence-metrics';
export type { QueueJobState, QueueMetrics, QueueMetricsOptions } from './queue-metrics';
export {
  caseAuditRelayQueue,
  caseErasureSweepQueue,
  caseDecisionRoundQueue,
  integrationErasureSweepQueue,
  reportErasureSweepQueue,
  scoreErasureSweepQueue,
  scoreCaseContestRoundQueue,
  caseRecoveryQueue,
  integrationAuditRelayQueue,
  reportAuditRelayQueue,
  monitoringTickQueue,
  scoreAuditRelayQueue,
  integrationRecoveryQueue,
  reportRecoveryQueue,
  scoreRecoveryQueue,
} from './definitions';
export type { EnrichmentCompletion, RecoverySweepPayload, WatchlistHitsChange, WatchlistScreeningTrigger } from './definitions';
export { DEFAULT_MAX_RECOVERIES, isJobLive, recoverStuck, RECOVERY_BATCH, requeue, startRecoverySweeper, SWEEP_SCHEDULER_ID } from './recovery';
export type { RecoveryCounts, RecoverySweeper, RecoverySweeperOptions, RequeueResult, StuckRecord, StuckRecordKind } from './recovery';
