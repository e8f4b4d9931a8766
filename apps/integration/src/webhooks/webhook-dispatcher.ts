import { EVENT_SOURCES } from '@kyb/area-views';
import type { Producer, WorkerLogger } from '@kyb/queues';
import type { WebhookDeliveryJob } from './webhook-delivery.processor';
import type { WebhookDispatchStore } from './webhook-dispatch.store';
import type { WebhookSettings } from './webhook-settings';

/** Events read from one feed per round, and deliveries leased per round. */
const FEED_PAGE = 500;
const LEASE_PAGE = 500;
/** A lease outlasts an attempt's time-out by this much before the delivery is handed out again. */
const LEASE_MARGIN_MS = 30_000;
/** How often old events and deliveries are pruned. */
const PRUNE_EVERY_MS = 3_600_000;

/** The id of a delivery job: one job per attempt, however often the attempt is handed out. */
export const webhookDeliveryJobId = (job: WebhookDeliveryJob) => `webhook-${job.deliveryId}-${job.attempt}`;

/**
 * One round of the webhook dispatcher (run every `dispatchEveryMs` by one worker at a time):
 * turns new events of every area's feed into deliveries, then leases the deliveries that are
 * due (at most `maxInFlight` per endpoint) and queues one job per attempt. A job lost with Redis,
 * or a worker that died mid-attempt, only delays the attempt until its lease runs out.
 */
export function createWebhookDispatcher(deps: {
  store: WebhookDispatchStore;
  deliveries: Pick<Producer<WebhookDeliveryJob>, 'queue'>;
  settings: WebhookSettings;
  clock: () => Date;
  logger: WorkerLogger;
}) {
  const { store, deliveries, settings, clock, logger } = deps;
  const maxAttempts = settings.retryDelaysMs.length + 1;
  let prunedAt = 0;
  return {
    async round(): Promise<{ events: number; deliveries: number; queued: number }> {
      let events = 0;
      let created = 0;
      for (const source of EVENT_SOURCES) {
        // A full page means more may wait: read on (bounded, so one round ends).
        for (let page = 0; page < 20; page += 1) {
          const fanned = await store.fanOut(source, { limit: FEED_PAGE, maxAttempts, now: clock() });
          if (!fanned) break;
          events += fanned.events;
          created += fanned.deliveries;
          if (fanned.events < FEED_PAGE) break;
        }
      }
      const now = clock();
      const leased = await store.leaseDue({ now, leaseUntil: new Date(now.getTime() + settings.timeoutMs + LEASE_MARGIN_MS), maxInFlight: settings.maxInFlight, limit: LEASE_PAGE });
      if (leased.length > 0) {
        const jobs = leased.map((lease) => ({ deliveryId: lease.id, attempt: lease.attempt }));
        await deliveries.queue.addBulk(jobs.map((data) => ({ name: deliveries.queue.name, data, opts: { jobId: webhookDeliveryJobId(data) } })));
      }
      if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now.getTime();
        const before = new Date(now.getTime() - settings.retentionMs);
        const pruned = { deliveries: await store.pruneDeliveries(before), events: await store.pruneFeeds(before) };
        if (pruned.deliveries + pruned.events > 0) logger.info(pruned, 'webhook deliveries and events past their retention pruned');
      }
      return { events, deliveries: created, queued: leased.length };
    },
  };
}

/** The dispatcher type, for injection. */
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
