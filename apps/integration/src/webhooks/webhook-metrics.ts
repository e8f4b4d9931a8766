import { Counter, Gauge, type Registry } from 'prom-client';
import type { Knex } from '@kyb/db';

/** What an attempt of a delivery led to, as `kyb_webhook_delivery_attempts_total` labels it. */
export type WebhookAttemptOutcome = 'succeeded' | 'retrying' | 'failed';

/** The webhook instruments: attempts counted where they are recorded, the backlog read at scrape. */
export interface WebhookMetrics {
  /** Records one attempt's outcome (`failed`: the delivery failed for good, no attempt left). */
  attempted(outcome: WebhookAttemptOutcome): void;
  /** Adds the instruments to a process's registry (once per registry). */
  register(registry: Registry): void;
}

interface Backlog {
  pending: number;
  oldest: Date | null;
  oldestDue: Date | null;
}

/**
 * - `kyb_webhook_delivery_attempts_total{outcome}`: attempts made, by what followed (`succeeded`,
 *   `retrying`, `failed` for good). No endpoint or customer label: those grow without bound.
 * - `kyb_webhook_deliveries_pending`: deliveries not yet ended (waiting for an attempt or a retry).
 * - `kyb_webhook_oldest_pending_seconds`: the age of the oldest of them (from its creation; a
 *   delivery retried on the Standard Webhooks schedule stays pending up to about 28 hours).
 * - `kyb_webhook_oldest_due_seconds`: how late the most overdue attempt is (due, not yet taken by
 *   a worker): the dispatcher's and workers' backlog, 0 when none is overdue.
 *
 * The three gauges come from one statement at scrape time over the PENDING deliveries only (the
 * partial index `webhook_deliveries_due`), so a scrape costs what the backlog holds.
 */
export function createWebhookMetrics(options: { db: Knex; clock: () => Date }): WebhookMetrics {
  const { db, clock } = options;
  const attempts = new Counter({
    name: 'kyb_webhook_delivery_attempts_total',
    help: 'Webhook delivery attempts, by what followed: succeeded, retrying (another attempt is scheduled) or failed (for good, no attempt left)',
    labelNames: ['outcome'] as const,
    registers: [],
  });
  let inFlight: Promise<Backlog> | undefined;
  const read = () =>
    (inFlight ??= db
      .raw<{ rows: Array<{ pending: number; oldest: Date | null; oldest_due: Date | null }> }>(
        `select count(*)::int as pending, min(created_at) as oldest, min(next_attempt_at) filter (where next_attempt_at <= ? and (leased_until is null or leased_until <= ?)) as oldest_due
           from integration.webhook_deliveries where status = 'PENDING'`,
        [clock(), clock()],
      )
      .then(({ rows: [row] }) => ({ pending: row.pending, oldest: row.oldest, oldestDue: row.oldest_due }))
      .finally(() => (inFlight = undefined)));
  const age = (since: Date | null) => (since ? Math.max(0, (clock().getTime() - new Date(since).getTime()) / 1000) : 0);
  return {
    attempted: (outcome) => attempts.inc({ outcome }),
    register(registry) {
      registry.registerMetric(attempts);
      new Gauge({
        name: 'kyb_webhook_deliveries_pending',
        help: 'Webhook deliveries not yet ended (waiting for an attempt or a retry), read from PostgreSQL at scrape time',
        registers: [registry],
        async collect() {
          this.set((await read()).pending);
        },
      });
      new Gauge({
        name: 'kyb_webhook_oldest_pending_seconds',
        help: 'Age of the oldest webhook delivery not yet ended, from its creation; 0 when none is pending',
        registers: [registry],
        async collect() {
          this.set(age((await read()).oldest));
        },
      });
      new Gauge({
        name: 'kyb_webhook_oldest_due_seconds',
        help: 'How late the most overdue webhook delivery attempt is (due and not yet taken by a worker); 0 when none is overdue',
        registers: [registry],
        async collect() {
          this.set(age((await read()).oldestDue));
        },
      });
    },
  };
}
