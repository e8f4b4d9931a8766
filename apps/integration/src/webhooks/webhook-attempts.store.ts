import { recordEvent, type Knex } from '@kyb/db';
import type { DeliveryRow } from './webhook-deliveries.store';
import type { WebhookEndpointRow } from './webhook-endpoints.store';

const DELIVERIES = 'integration.webhook_deliveries';

/** What one attempt gave, as the delivery client answers it. */
export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/** What follows a failed attempt: when to try again (undefined: never), and when the endpoint counts as failing for too long. */
export interface AttemptPolicy {
  retryAt(attempt: number, now: Date): Date | undefined;
  /** An endpoint failing since before this is disabled. */
  disableFailingSince(now: Date): Date;
}

/** The delivery an attempt is made for, its endpoint and the endpoint's signing secrets. */
export interface AttemptTarget {
  delivery: DeliveryRow;
  endpoint: WebhookEndpointRow;
}

/** Reads and records attempts of deliveries. */
export function createPgWebhookAttemptsStore(db: Knex) {
  return {
    /** The delivery if attempt `attempt` is due on it now: PENDING, leased, of an enabled endpoint, with `attempt - 1` attempts made. */
    async target(deliveryId: string, attempt: number, now: Date): Promise<AttemptTarget | undefined> {
      const delivery = await db<DeliveryRow>(DELIVERIES)
        .where({ id: deliveryId, status: 'PENDING', attempts: attempt - 1 })
        .andWhere('leased_until', '>', now)
        .first();
      if (!delivery) return undefined;
      const endpoint = await db<WebhookEndpointRow>('integration.webhook_endpoints').where({ id: delivery.webhook_id, enabled: true }).first();
      return endpoint ? { delivery, endpoint } : undefined;
    },

    /**
     * Logs attempt `attempt` and moves the delivery on, in one transaction: SUCCEEDED; PENDING
     * again at the policy's next time; or FAILED. A failure starts (or continues) the endpoint's
     * failing streak, and an endpoint failing for too long is disabled, announcing
     * `webhook.disabled` to the customer's other endpoints. A success ends the streak. Answers
     * false when another worker recorded this attempt first, or the endpoint was removed.
     *
     * The endpoint's row is locked first: removing an endpoint locks it and then its deliveries (the
     * cascade), so taking the delivery first here would let the two wait on each other (a deadlock).
     */
    async record(target: AttemptTarget, attempt: number, outcome: AttemptOutcome, startedAt: Date, now: Date, policy: AttemptPolicy): Promise<boolean> {
      const { delivery, endpoint } = target;
      return db.transaction(async (trx) => {
        const held = await trx('integration.webhook_endpoints').where({ id: endpoint.id }).forNoKeyUpdate().first('id');
        if (!held) return false;
        const retryAt = outcome.ok || attempt >= delivery.max_attempts ? undefined : policy.retryAt(attempt, now);
        const status = outcome.ok ? 'SUCCEEDED' : retryAt ? 'PENDING' : 'FAILED';
        const moved = await trx(DELIVERIES)
          .where({ id: delivery.id, attempts: attempt - 1, status: 'PENDING' })
          .update({
            status,
            attempts: attempt,
            last_response_status: outcome.status,
            next_attempt_at: retryAt ?? null,
            leased_until: null,
            updated_at: now,
            delivered_at: outcome.ok ? now : null,
          });
        if (moved === 0) return false;
        await trx('integration.webhook_delivery_attempts').insert({
          delivery_id: delivery.id,
          number: attempt,
          started_at: startedAt,
          duration_ms: Math.round(outcome.durationMs),
          response_status: outcome.status,
          response_excerpt: outcome.responseExcerpt,
          error: outcome.error,
          succeeded: outcome.ok,
        });
        const endpoints = trx('integration.webhook_endpoints').where({ id: endpoint.id });
        if (outcome.ok) {
          await endpoints.clone().whereNotNull('failing_since').update({ failing_since: null });
          return true;
        }
        const [streak] = await endpoints
          .clone()
          .update({ failing_since: trx.raw('coalesce(failing_since, ?)', [now]) })
          .returning<Array<{ failing_since: Date; enabled: boolean }>>(['failing_since', 'enabled']);
        if (streak?.enabled && streak.failing_since <= policy.disableFailingSince(now)) {
          const reason = `Disabled automatically: every delivery has failed since ${streak.failing_since.toISOString()}.`;
          await endpoints.clone().update({ enabled: false, disabled_reason: reason, updated_at: now });
          await recordEvent(trx, 'integration', { type: 'webhook.disabled', customerId: endpoint.customer_id, data: { webhook_id: endpoint.id } });
        }
        return true;
      });
    },

    /** Gives a lease back without an attempt (the process is stopping): the delivery is due again at once. */
    async release(deliveryId: string): Promise<void> {
      await db(DELIVERIES).where({ id: deliveryId, status: 'PENDING' }).update({ leased_until: null });
    },
  };
}

/** The attempts store type, for injection. */
export type WebhookAttemptsStore = ReturnType<typeof createPgWebhookAttemptsStore>;
