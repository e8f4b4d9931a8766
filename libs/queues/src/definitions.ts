import { defineQueue, type QueueDefinition } from './queue';

/**
 * Every queue of the suite, each defined once with its payload. Payloads carry ids only.
 * Producers and workers in different areas import the same definition.
 */

/** Case -> integration: fetch public records and facts of a newly added business. */
export const businessEnrichmentQueue = defineQueue<{ businessId: string; customerId: string }>('business-enrichment');

/** Integration -> score: enrichment of a business finished; its score can be computed. */
export const enrichmentCompletedQueue = defineQueue<{ businessId: string; taskId: string }>('enrichment-completed');

/** Integration: run one merchant screening that a row in the screening table describes. */
export const screeningQueue = defineQueue<{ screeningId: string }>('merchant-screening');

/** Score: compute the score a row in the scores table describes. */
export const scoreQueue = defineQueue<{ scoreId: string }>('business-score');

/** Score: once a month, queue a score for every business with monitoring switched on (a repeatable job). */
export const scoreMonitoringQueue = defineQueue<{ scheduledFor?: string }>('score-monitoring', { attempts: 3 });

/** Report: render the report a row in the reports table describes. */
export const reportQueue = defineQueue<{ reportId: string }>('report-generation', { attempts: 3 });

/** Mail: deliver the message an outbox row describes (invitations, user set-up links). */
export const mailQueue = defineQueue<{ messageId: string }>('mail-delivery', { attempts: 8 });

/** Case: store the rows of an onboarding run accepted with `async=true` (rows sealed in the run row). */
export const onboardingRunQueue = defineQueue<{ runId: string }>('onboarding-run', { attempts: 5 });

/** Every queue of the suite, for the operators' dashboard. */
export const allQueues: Array<QueueDefinition<unknown>> = [
  businessEnrichmentQueue,
  enrichmentCompletedQueue,
  screeningQueue,
  scoreQueue,
  scoreMonitoringQueue,
  reportQueue,
  mailQueue,
  onboardingRunQueue,
] as Array<QueueDefinition<unknown>>;
