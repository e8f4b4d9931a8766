/*
 * The integration area's BullMQ glue: the producers it queues jobs on (enrichment, its
 * announcements to the score area, screenings) and the consumers that run enrichments (one
 * business, or a batch of a bulk's) and screenings. Payloads carry ids only.
 */
import {
  attemptsOf,
  businessEnrichmentQueue,
  createWorker,
  enrichmentBatchCompletedQueue,
  enrichmentBatchQueue,
  enrichmentCompletedQueue,
  monitoringTickQueue,
  screeningQueue,
  watchlistHitsChangedQueue,
  watchlistLoadQueue,
  watchlistScreeningQueue,
  webhookDeliveryQueue,
  type CreateWorkerOptions,
  type JobAttempts,
  type Worker,
} from '@kyb/queues';
import { createAreaProducers, type AreaQueues } from '@kyb/http';
import type { EnrichmentBatchJob } from './enrichment/enrichment-batch.processor';
import type { EnrichmentJob } from './enrichment/enrichment.processor';
import type { WatchlistScreeningJob } from './watchlists/screening/watchlist-screening.processor';
import type { WebhookDeliveryJob } from './webhooks/webhook-delivery.processor';

/**
 * The queues the integration area adds jobs to: enrichments (refreshes, the recovery sweep and a
 * batch's transient failures; business creation in the case area too), `completed` (tells the
 * score area a business's records are in), `batchCompleted` (the same for the businesses of a
 * batch, in one job), screenings, webhook delivery attempts, the monitoring ticks' scheduled jobs, sanctions list loads,
 * sanctions screenings (after enrichments, and for a new list version) and the score area's news of changed hits.
 */
export const createIntegrationProducers = (queues: AreaQueues) =>
  createAreaProducers(queues, {
    enrichment: businessEnrichmentQueue,
    completed: enrichmentCompletedQueue,
    batchCompleted: enrichmentBatchCompletedQueue,
    screenings: screeningQueue,
    webhookDeliveries: webhookDeliveryQueue,
    monitoringTick: monitoringTickQueue,
    watchlistLoads: watchlistLoadQueue,
    watchlistScreenings: watchlistScreeningQueue,
    watchlistHitsChanged: watchlistHitsChangedQueue,
  });

/** What the integration area's workers run. */
export interface IntegrationJobs {
  enrich(job: EnrichmentJob): Promise<void>;
  enrichBatch(job: EnrichmentBatchJob): Promise<void>;
  screen(screeningId: string, attempt: JobAttempts): Promise<void>;
  deliverWebhook(job: WebhookDeliveryJob): Promise<void>;
  /** Reads an uploaded sanctions list version and makes it current. */
  loadWatchlist(versionId: string, attempt: JobAttempts): Promise<void>;
  /** Screens a batch of one tenant's businesses against the sanctions lists. */
  screenWatchlist(job: WatchlistScreeningJob): Promise<void>;
  /** Queues the re-enrichments of the monitored businesses now due; what it did is the job's return value. */
  monitoringTick(): Promise<unknown>;
}

/** The integration area's consumers. */
export function integrationWorkers(jobs: IntegrationJobs) {
  return (options: CreateWorkerOptions): Worker[] => [
    createWorker(businessEnrichmentQueue, (job) => jobs.enrich(job), options),
    createWorker(enrichmentBatchQueue, (job) => jobs.enrichBatch(job), options),
    createWorker(screeningQueue, (job) => jobs.screen(job.data.screeningId, attemptsOf(job)), options),
    createWorker(webhookDeliveryQueue, (job) => jobs.deliverWebhook(job.data), options),
    // One list version at a time per worker: a full list is read whole into memory.
    createWorker(watchlistLoadQueue, (job) => jobs.loadWatchlist(job.data.versionId, attemptsOf(job)), { ...options, concurrency: 1 }),
    createWorker(watchlistScreeningQueue, (job) => jobs.screenWatchlist(job.data), options),
    // One at a time per worker; ticks of two workers at once still record each period's task once.
    createWorker(monitoringTickQueue, () => jobs.monitoringTick(), { ...options, concurrency: 1 }),
  ];
}
