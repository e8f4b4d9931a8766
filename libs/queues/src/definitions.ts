import { defineQueue, type QueueDefinition } from './queue';

/** A recovery sweep carries nothing: it reads what is stuck from PostgreSQL. */
export type RecoverySweepPayload = Record<string, never>;

/**
 * Every queue of the suite, each defined once with its payload. Payloads carry ids only.
 * Producers and workers in different areas import the same definition.
 */

/** Case -> integration: fetch public records and facts of a newly added business. */
export const businessEnrichmentQueue = defineQueue<{ businessId: string; customerId: string }>('business-enrichment');
/** The id of a business's enrichment job: adding the business, and the recovery sweep that finds it lost, queue the same. */
export const enrichmentJobId = (businessId: string) => `enrich-${businessId}`;

/** Integration -> score: enrichment of a business finished; its score can be computed. */
export const enrichmentCompletedQueue = defineQueue<{ businessId: string; taskId: string }>('enrichment-completed');

/**
 * Businesses a bulk request added together are enriched and scored in batches of at most this
 * many: one provider call per business, but one statement per step for the whole batch.
 */
export const ENRICHMENT_BATCH_SIZE = 100;

/**
 * Case -> integration: enrich the businesses (at most ENRICHMENT_BATCH_SIZE, one customer) a bulk
 * request added. Each business still gets its own integration task, with the job id its single
 * job would have (`enrichmentJobId`), so a business of a lost batch is recovered on its own.
 */
export const enrichmentBatchQueue = defineQueue<{ businessIds: string[]; customerId: string }>('business-enrichment-batch');
/** The id of the `chunk`-th enrichment batch of onboarding run `runId`. */
export const enrichmentBatchJobId = (runId: string, chunk: number) => `enrich-run-${runId}-${chunk}`;
/** The id of a batch of businesses added one by one and enriched together: a business is gathered once, so its first names the batch. */
export const gatheredEnrichmentJobId = (businessIds: readonly string[]) => `enrich-gathered-${businessIds[0]}`;

/** One finished enrichment: the business and the task whose records are in. */
export interface EnrichmentCompletion {
  businessId: string;
  taskId: string;
}
/** Integration -> score: enrichments of a batch finished; each business is scored once per task, as after a single one. */
export const enrichmentBatchCompletedQueue = defineQueue<{ completions: EnrichmentCompletion[] }>('enrichment-batch-completed');
/** The id of the announcement of enrichment batch `batchJobId`: one per batch, however often it is sent. */
export const enrichmentBatchCompletedJobId = (batchJobId: string) => `enriched-${batchJobId}`;

/** Integration: run one merchant screening that a row in the screening table describes. */
export const screeningQueue = defineQueue<{ screeningId: string }>('merchant-screening');

/**
 * Integration: read the uploaded files of a sanctions list version (integration.watchlist_uploads)
 * and make it current. A malformed file ends the version FAILED at once; only an error of ours is
 * retried, and the last attempt ends it FAILED too.
 */
export const watchlistLoadQueue = defineQueue<{ versionId: string }>('watchlist-load', { attempts: 3 });

/** Why a business is screened against the sanctions lists: added, refreshed, monitored, or a new version of a list. */
export type WatchlistScreeningTrigger = 'added' | 'refresh' | 'monitoring' | 'list_version';
/**
 * Integration: screen the businesses (one customer's) against the sanctions lists: after each
 * enrichment (one job per task, or per batch), and for every monitored business when a list
 * version becomes current.
 */
export const watchlistScreeningQueue = defineQueue<{ customerId: string; businessIds: string[]; trigger: WatchlistScreeningTrigger; /** list_version: the version whose changes are screened. */ versionId?: string }>(
  'watchlist-screening',
  { attempts: 5 },
);
/** The id of the screening job that follows enrichment task (or batch job) `id`: one however often it is announced. */
export const watchlistScreeningJobId = (id: string) => `watchlist-${id}`;

/** Why a business's sanctions hits changed: a screening found new ones, a hit was reviewed, or listed ones are listed no more. */
export type WatchlistHitsChange = 'new_hits' | 'reviewed' | 'delisted';
/** Score: a business's sanctions hits changed (integration.watchlist_hit_directory); score it again from its current inputs. */
export const watchlistHitsChangedQueue = defineQueue<{ businessId: string; customerId: string; change: WatchlistHitsChange }>('watchlist-hits-changed');

/** Score: compute the score a row in the scores table describes. */
export const scoreQueue = defineQueue<{ scoreId: string }>('business-score');

/** Report: render the report a row in the reports table describes. */
export const reportQueue = defineQueue<{ reportId: string }>('report-generation', { attempts: 3 });

/** Mail: deliver the message an outbox row describes (invitations, user set-up links). */
export const mailQueue = defineQueue<{ messageId: string }>('mail-delivery', { attempts: 8 });
/** The id of an outbox message's delivery job (the invite service and the recovery sweep). */
export const mailJobId = (messageId: string) => `mail-${messageId}`;

/**
 * Integration: one attempt of a webhook delivery. The delivery's row decides what follows a
 * failure (the dispatcher leases it again), so BullMQ never retries, and a finished job frees its
 * id at once: an attempt handed out again after its lease ran out must be able to queue.
 */
export const webhookDeliveryQueue = defineQueue<{ deliveryId: string; attempt: number }>('webhook-delivery', { attempts: 1, removeOnComplete: true, removeOnFail: true });

/** Case: store the rows of an onboarding run accepted with `async=true` (rows sealed in the run row). */
export const onboardingRunQueue = defineQueue<{ runId: string }>('onboarding-run', { attempts: 5 });
/** The id of an async onboarding run's job (accepting the run, and the recovery sweep). */
export const onboardingRunJobId = (runId: string) => `run-${runId}`;

/**
 * Recovery sweeps, one queue per area: a job scheduler adds a sweep job every
 * RECOVERY_SWEEP_EVERY_MS, and one worker finds that area's stuck records in PostgreSQL and
 * re-queues or fails them (see recovery.ts). A failed sweep is not retried: the next one comes soon.
 */
const sweepOptions = { attempts: 1, removeOnComplete: { count: 20 }, removeOnFail: { count: 100 } };
export const caseRecoveryQueue = defineQueue<RecoverySweepPayload>('case-recovery', sweepOptions);
export const integrationRecoveryQueue = defineQueue<RecoverySweepPayload>('integration-recovery', sweepOptions);
export const scoreRecoveryQueue = defineQueue<RecoverySweepPayload>('score-recovery', sweepOptions);
export const reportRecoveryQueue = defineQueue<RecoverySweepPayload>('report-recovery', sweepOptions);
/** Every second, one worker of the area moves the acts in its audit outbox to the auth area's audit log (ADR 0022). */
export const caseAuditRelayQueue = defineQueue<RecoverySweepPayload>('case-audit-relay', sweepOptions);
export const integrationAuditRelayQueue = defineQueue<RecoverySweepPayload>('integration-audit-relay', sweepOptions);
export const reportAuditRelayQueue = defineQueue<RecoverySweepPayload>('report-audit-relay', sweepOptions);
export const scoreAuditRelayQueue = defineQueue<RecoverySweepPayload>('score-audit-relay', sweepOptions);
/** Every few seconds, one worker of the area erases again what work in flight wrote for a tenant erased lately (docs/adr/0043). */
export const caseErasureSweepQueue = defineQueue<RecoverySweepPayload>('case-erasure-sweep', sweepOptions);
export const integrationErasureSweepQueue = defineQueue<RecoverySweepPayload>('integration-erasure-sweep', sweepOptions);
/** Case: every second, one worker marks the cases whose facts changed and evaluates them with their policy (issue 45). */
export const caseDecisionRoundQueue = defineQueue<RecoverySweepPayload>('case-decision-round', sweepOptions);
/** Integration: a round that queues the monitored businesses' screening against what a newly current list version changed. */
export const watchlistRescreenRoundQueue = defineQueue<RecoverySweepPayload>('watchlist-rescreen-round', sweepOptions);
export const reportErasureSweepQueue = defineQueue<RecoverySweepPayload>('report-erasure-sweep', sweepOptions);
export const scoreErasureSweepQueue = defineQueue<RecoverySweepPayload>('score-erasure-sweep', sweepOptions);
/** Score: every second, one worker raises an alert for each case decision the case area newly contests (issue 45). */
export const scoreCaseContestRoundQueue = defineQueue<RecoverySweepPayload>('score-case-contest-round', sweepOptions);
/**
 * Integration: every MONITORING_TICK_MINUTES, a job scheduler adds a monitoring tick, which queues
 * the re-enrichments of monitored businesses whose slot has come. A failed tick is not retried:
 * the next one comes soon and finds the same businesses due.
 */
export const monitoringTickQueue = defineQueue<Record<string, never>>('monitoring-tick', sweepOptions);
/** Integration: every WEBHOOK_DISPATCH_EVERY_MS, one worker turns new events into webhook deliveries and queues the due ones. */
export const webhookDispatchQueue = defineQueue<RecoverySweepPayload>('webhook-dispatch', sweepOptions);

/** Every queue of the suite, for the operators' dashboard. */
export const allQueues: Array<QueueDefinition<unknown>> = [
  businessEnrichmentQueue,
  enrichmentBatchQueue,
  enrichmentCompletedQueue,
  enrichmentBatchCompletedQueue,
  screeningQueue,
  watchlistLoadQueue,
  watchlistScreeningQueue,
  watchlistHitsChangedQueue,
  scoreQueue,
  reportQueue,
  mailQueue,
  onboardingRunQueue,
  webhookDeliveryQueue,
  webhookDispatchQueue,
  monitoringTickQueue,
  caseAuditRelayQueue,
  integrationAuditRelayQueue,
  reportAuditRelayQueue,
  scoreAuditRelayQueue,
  caseErasureSweepQueue,
  caseDecisionRoundQueue,
  integrationErasureSweepQueue,
  watchlistRescreenRoundQueue,
  reportErasureSweepQueue,
  scoreErasureSweepQueue,
  scoreCaseContestRoundQueue,
  caseRecoveryQueue,
  integrationRecoveryQueue,
  scoreRecoveryQueue,
  reportRecoveryQueue,
] as Array<QueueDefinition<unknown>>;
