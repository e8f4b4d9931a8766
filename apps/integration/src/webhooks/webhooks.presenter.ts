import type { AttemptRow, DeliveryRow } from './webhook-deliveries.store';
import type { WebhookEndpointRow } from './webhook-endpoints.store';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** An endpoint as the API shows it: never a secret. */
export function presentWebhook(row: WebhookEndpointRow) {
  return {
    id: row.id,
    customer_id: row.customer_id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    failing_since: iso(row.failing_since),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A delivery as lists show it. */
export function presentDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type,
    occurred_at: row.occurred_at.toISOString(),
    origin: row.origin,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'PENDING' ? iso(row.next_attempt_at) : null,
    last_response_status: row.last_response_status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    delivered_at: iso(row.delivered_at),
  };
}

/** A delivery with the body it sends and every attempt. */
export function presentDeliveryDetail(row: DeliveryRow, attempts: AttemptRow[]) {
  return {
    ...presentDelivery(row),
    payload: JSON.parse(row.body) as unknown,
    attempt_log: attempts.map((attempt) => ({
      number: attempt.number,
      started_at: attempt.started_at.toISOString(),
      duration_ms: attempt.duration_ms,
      response_status: attempt.response_status,
      response_excerpt: attempt.response_excerpt,
      error: attempt.error,
      succeeded: attempt.succeeded,
    })),
  };
}
