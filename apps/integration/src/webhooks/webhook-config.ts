import { flag, integer, type Setting } from '@kyb/config';
import { DEFAULT_RETRY_DELAYS_MS, DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './webhook-settings';

const HOUR = 3_600_000;

/** Delays between attempts, in ms, comma-separated. */
const retryDelays: Setting<number[]> = {
  description: 'delays before each retry of a failed webhook delivery (ms, comma-separated; their count + 1 attempts)',
  fallback: () => [...DEFAULT_RETRY_DELAYS_MS],
  parse(raw) {
    const parts = raw.split(',').map((part) => part.trim());
    if (parts.length > 20 || parts.some((part) => !/^\d{1,9}$/.test(part))) throw new Error(`must be at most 20 whole numbers of ms separated by commas, got "${raw}"`);
    return parts.map(Number);
  },
};

/** The webhook settings of the integration area (README, configuration). */
export const webhookConfigSettings = {
  WEBHOOKS_ALLOW_PRIVATE_URLS: flag({ description: 'development only: webhooks may reach loopback and private addresses over http', fallback: false }),
  WEBHOOK_RETRY_DELAYS_MS: retryDelays,
  WEBHOOK_TIMEOUT_MS: integer({ description: 'time-out of one webhook delivery attempt (ms)', fallback: DEFAULT_WEBHOOK_SETTINGS.timeoutMs, min: 100, max: 60_000 }),
  WEBHOOK_MAX_IN_FLIGHT: integer({ description: 'webhook delivery attempts running at once per endpoint', fallback: DEFAULT_WEBHOOK_SETTINGS.maxInFlight, min: 1, max: 100 }),
  WEBHOOK_DISABLE_AFTER_HOURS: integer({ description: 'an endpoint whose deliveries have all failed for this long is disabled', fallback: 120, min: 1, max: 8760 }),
  WEBHOOK_SECRET_OVERLAP_HOURS: integer({ description: 'how long a rotated webhook secret keeps signing beside the new one', fallback: 24, min: 0, max: 720 }),
  WEBHOOK_DISPATCH_EVERY_MS: integer({ description: 'how often new events become webhook deliveries and due deliveries are handed out (ms)', fallback: 1000, min: 50, max: 60_000 }),
  WEBHOOK_RETENTION_DAYS: integer({ description: 'how long events (the replay window) and webhook deliveries are kept', fallback: 30, min: 1, max: 365 }),
};

type WebhookConfig = { [K in keyof typeof webhookConfigSettings]: (typeof webhookConfigSettings)[K] extends Setting<infer T> ? T : never };

/** The delivery settings a configuration gives. */
export function webhookSettingsOf(config: WebhookConfig): WebhookSettings {
  return {
    ...DEFAULT_WEBHOOK_SETTINGS,
    allowPrivateUrls: config.WEBHOOKS_ALLOW_PRIVATE_URLS,
    retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxInFlight: config.WEBHOOK_MAX_IN_FLIGHT,
    disableAfterMs: config.WEBHOOK_DISABLE_AFTER_HOURS * HOUR,
    secretOverlapMs: config.WEBHOOK_SECRET_OVERLAP_HOURS * HOUR,
    dispatchEveryMs: config.WEBHOOK_DISPATCH_EVERY_MS,
    retentionMs: config.WEBHOOK_RETENTION_DAYS * 24 * HOUR,
  };
}
