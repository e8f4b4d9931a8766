import type { DataKeys } from '@kyb/area-views';
import type { WorkerLogger } from '@kyb/queues';
import { inContinuedSpan } from '@kyb/telemetry';
import { deliverWebhook, signedHeaders } from './delivery';
import type { WebhookAttemptsStore } from './webhook-attempts.store';
import type { WebhookEndpointsStore } from './webhook-endpoints.store';
import type { WebhookAttemptOutcome } from './webhook-metrics';
import { attemptPolicyOf, type WebhookSettings } from './webhook-settings';

/** A delivery job: attempt `attempt` of delivery `deliveryId` (ids only). */
export interface WebhookDeliveryJob {
  deliveryId: string;
  attempt: number;
}

/**
 * Makes one attempt of a delivery: signs its stored body with every secret that signs now
 * (Standard Webhooks; `webhook-id` is the event's id, the same on every attempt and replay),
 * posts it through the SSRF-guarded client, and records the outcome, in a span that continues its
 * event's trace. A job whose attempt is no longer due (recorded by another worker, endpoint
 * disabled or deleted) does nothing.
 */
export function createWebhookDeliveryProcessor(deps: {
  attempts: WebhookAttemptsStore;
  endpoints: WebhookEndpointsStore;
  /** Opens the signing secrets (sealed with the customer's data key). */
  dataKeys: Pick<DataKeys, 'open'>;
  settings: WebhookSettings;
  clock: () => Date;
  logger: WorkerLogger;
  /** Hears each attempt recorded (metrics). */
  onAttempt?: (outcome: WebhookAttemptOutcome) => void;
}) {
  const { attempts, endpoints, dataKeys, settings, clock, logger } = deps;
  const policy = attemptPolicyOf(settings);
  return async function attempt(job: WebhookDeliveryJob): Promise<void> {
    const target = await attempts.target(job.deliveryId, job.attempt, clock());
    if (!target) return;
    const { delivery } = target;
    // The attempt continues the trace of the change its event announced (E12's, a score's...).
    const attributes = { 'kyb.webhook.event_type': delivery.event_type, 'kyb.webhook.attempt': job.attempt };
    await inContinuedSpan(delivery.trace, 'webhook deliver', attributes, async (span) => {
      const startedAt = clock();
      const secrets = await Promise.all((await endpoints.signingSecrets(target.endpoint.id, startedAt)).map((row) => dataKeys.open(row.sealed_secret)));
      const headers = signedHeaders(secrets, delivery.event_id, Math.floor(startedAt.getTime() / 1000), delivery.body);
      const outcome = await deliverWebhook(
        { url: target.endpoint.url, headers, body: delivery.body },
        { allowPrivate: settings.allowPrivateUrls, suitePorts: settings.suitePorts, timeoutMs: settings.timeoutMs, maxResponseBytes: settings.maxResponseBytes, excerptBytes: settings.excerptBytes },
      );
      if (outcome.status !== null) span.setAttribute('http.response.status_code', outcome.status);
      const recordedAt = clock();
      const recorded = await attempts.record(target, job.attempt, outcome, startedAt, recordedAt, policy);
      // What the store decided, by the same rule: another attempt unless none is left.
      const result = outcome.ok ? 'succeeded' : job.attempt < delivery.max_attempts && policy.retryAt(job.attempt, recordedAt) ? 'retrying' : 'failed';
      span.setAttribute('kyb.webhook.outcome', recorded ? result : 'recorded_elsewhere');
      if (recorded) deps.onAttempt?.(result);
      if (!outcome.ok && recorded) {
        logger.warn({ deliveryId: delivery.id, webhookId: delivery.webhook_id, attempt: job.attempt, status: outcome.status, error: outcome.error }, 'webhook delivery attempt failed');
      }
    });
  };
}
