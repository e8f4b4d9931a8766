import { DEFAULT_SUITE_PORTS } from './delivery';
import type { AttemptPolicy } from './webhook-attempts.store';

/**
 * How long after each failed attempt the next one comes: the Standard Webhooks schedule (5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), eight attempts over about 28 hours.
 */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

/** How webhooks are delivered; every field has a production default. */
export interface WebhookSettings {
  /** Development only: endpoints may be on loopback or private addresses, over http. */
  allowPrivateUrls: boolean;
  /**
   * Ports never reached on a loopback or private address, even with `allowPrivateUrls`: the
   * suite's own (link-local and metadata addresses are refused at every port).
   */
  suitePorts: readonly number[];
  /** Delay before attempt n + 1 after attempt n failed; its length + 1 is the number of attempts. */
  retryDelaysMs: readonly number[];
  /** One attempt's time-out: connecting, sending and reading the answer. */
  timeoutMs: number;
  /** Answers are read up to this many bytes, and this many are kept in the log. */
  maxResponseBytes: number;
  excerptBytes: number;
  /** Attempts running at once per endpoint. */
  maxInFlight: number;
  /** An endpoint every delivery of which has failed for this long is disabled. */
  disableAfterMs: number;
  /** How long a rotated secret keeps signing beside the new one. */
  secretOverlapMs: number;
  /** Secrets of one endpoint that may sign at once (the current one and those in their overlap): a rotation beyond is refused. */
  maxSigningSecrets: number;
  /** Endpoints one customer may hold. */
  maxEndpoints: number;
  /** Events one replay may queue at most; a replay of one endpoint runs until its deliveries have ended. */
  replayMaxEvents: number;
  /** How often the dispatcher reads the event feeds and hands due deliveries to the workers. */
  dispatchEveryMs: number;
  /** Events (replay window) and deliveries are kept this long. */
  retentionMs: number;
}

const DAY = 86_400_000;

/** The settings in production. */
export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowPrivateUrls: false,
  suitePorts: DEFAULT_SUITE_PORTS,
  retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
  timeoutMs: 10_000,
  maxResponseBytes: 65_536,
  excerptBytes: 1024,
  maxInFlight: 5,
  disableAfterMs: 5 * DAY,
  secretOverlapMs: DAY,
  maxSigningSecrets: 10,
  maxEndpoints: 10,
  replayMaxEvents: 1000,
  dispatchEveryMs: 1000,
  retentionMs: 30 * DAY,
};

/** The attempt policy the settings give. */
export function attemptPolicyOf(settings: Pick<WebhookSettings, 'retryDelaysMs' | 'disableAfterMs'>): AttemptPolicy {
  return {
    retryAt(attempt, now) {
      const delay = settings.retryDelaysMs[attempt - 1];
      return delay === undefined ? undefined : new Date(now.getTime() + delay);
    },
    disableFailingSince: (now) => new Date(now.getTime() - settings.disableAfterMs),
  };
}
