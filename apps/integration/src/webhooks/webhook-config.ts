import { ConfigError, flag, integer, runtimeSettings, text, type Setting } from '@kyb/config';
import { DEFAULT_SUITE_PORTS } from './delivery';
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

/** Ports and ranges of ports, comma-separated: `5432,6379,8080-8085,9464`. */
const ports: Setting<number[]> = {
  description: 'ports webhooks never reach on a loopback or private address, even with WEBHOOKS_ALLOW_PRIVATE_URLS (PORT and METRICS_PORT are added)',
  fallback: () => [...DEFAULT_SUITE_PORTS],
  parse(raw) {
    const found: number[] = [];
    for (const part of raw.split(',').map((item) => item.trim())) {
      const range = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part);
      const [first, last] = range ? [Number(range[1]), Number(range[2] ?? range[1])] : [0, 0];
      if (first < 1 || last > 65535 || last < first) throw new Error(`must be ports (1-65535) or ranges of them (8080-8085), comma-separated, got "${raw}"`);
      for (let port = first; port <= last; port += 1) if (!found.includes(port)) found.push(port);
    }
    return found;
  },
};

/** The process's HTTP port as the process reads it (run-main), or null when it keeps its default (among WEBHOOK_SUITE_PORTS). */
const ownPort: Setting<number | null> = {
  description: 'HTTP port',
  fallback: null,
  parse: (raw) => integer({ description: 'HTTP port', min: 1, max: 65535 }).parse(raw),
};

/** The webhook settings of the integration area (README, configuration). */
export const webhookConfigSettings = {
  WEBHOOKS_ALLOW_PRIVATE_URLS: flag({
    description: 'development only: webhooks may reach loopback and private addresses over http (never link-local or metadata addresses, nor WEBHOOK_SUITE_PORTS)',
    fallback: false,
  }),
  WEBHOOKS_ALLOW_PRIVATE_URLS_IN_PRODUCTION: flag({
    description: 'with NODE_ENV=production, WEBHOOKS_ALLOW_PRIVATE_URLS=true is refused at start unless this is true too',
    fallback: false,
  }),
  NODE_ENV: text({ description: 'production: WEBHOOKS_ALLOW_PRIVATE_URLS needs WEBHOOKS_ALLOW_PRIVATE_URLS_IN_PRODUCTION', fallback: '' }),
  WEBHOOK_SUITE_PORTS: ports,
  // The process's own ports (run-main reads them too): a webhook must not reach the suite itself.
  PORT: ownPort,
  METRICS_PORT: runtimeSettings.METRICS_PORT,
  WEBHOOK_RETRY_DELAYS_MS: retryDelays,
  WEBHOOK_TIMEOUT_MS: integer({ description: 'time-out of one webhook delivery attempt (ms)', fallback: DEFAULT_WEBHOOK_SETTINGS.timeoutMs, min: 100, max: 60_000 }),
  WEBHOOK_MAX_IN_FLIGHT: integer({ description: 'webhook delivery attempts running at once per endpoint', fallback: DEFAULT_WEBHOOK_SETTINGS.maxInFlight, min: 1, max: 100 }),
  WEBHOOK_DISABLE_AFTER_HOURS: integer({ description: 'an endpoint whose deliveries have all failed for this long is disabled', fallback: 120, min: 1, max: 8760 }),
  WEBHOOK_SECRET_OVERLAP_HOURS: integer({ description: 'how long a rotated webhook secret keeps signing beside the new one', fallback: 24, min: 0, max: 720 }),
  WEBHOOK_DISPATCH_EVERY_MS: integer({ description: 'how often new events become webhook deliveries and due deliveries are handed out (ms)', fallback: 1000, min: 50, max: 60_000 }),
  WEBHOOK_MAX_ENDPOINTS: integer({ description: 'webhook endpoints one customer may hold', fallback: DEFAULT_WEBHOOK_SETTINGS.maxEndpoints, min: 1, max: 1000 }),
  WEBHOOK_REPLAY_MAX_EVENTS: integer({
    description: 'events one webhook replay may send at most (one replay runs per endpoint at a time)',
    fallback: DEFAULT_WEBHOOK_SETTINGS.replayMaxEvents,
    min: 1,
    max: 100_000,
  }),
  WEBHOOK_RETENTION_DAYS: integer({ description: 'how long events (the replay window) and webhook deliveries are kept', fallback: 30, min: 1, max: 365 }),
};

type WebhookConfig = { [K in keyof typeof webhookConfigSettings]: (typeof webhookConfigSettings)[K] extends Setting<infer T> ? T : never };

/**
 * The delivery settings a configuration gives. Throws a {@link ConfigError} (one line, the
 * process refuses to start) when production would allow private urls without acknowledging it.
 */
export function webhookSettingsOf(config: WebhookConfig): WebhookSettings {
  if (config.NODE_ENV === 'production' && config.WEBHOOKS_ALLOW_PRIVATE_URLS && !config.WEBHOOKS_ALLOW_PRIVATE_URLS_IN_PRODUCTION) {
    throw new ConfigError([
      'WEBHOOKS_ALLOW_PRIVATE_URLS=true is refused with NODE_ENV=production: tenants could make the suite post to its own network (set WEBHOOKS_ALLOW_PRIVATE_URLS_IN_PRODUCTION=true to run with it anyway)',
    ]);
  }
  const own = [config.PORT, config.METRICS_PORT].filter((port): port is number => port !== null);
  return {
    ...DEFAULT_WEBHOOK_SETTINGS,
    allowPrivateUrls: config.WEBHOOKS_ALLOW_PRIVATE_URLS,
    suitePorts: [...new Set([...config.WEBHOOK_SUITE_PORTS, ...own])],
    retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxInFlight: config.WEBHOOK_MAX_IN_FLIGHT,
    disableAfterMs: config.WEBHOOK_DISABLE_AFTER_HOURS * HOUR,
    secretOverlapMs: config.WEBHOOK_SECRET_OVERLAP_HOURS * HOUR,
    dispatchEveryMs: config.WEBHOOK_DISPATCH_EVERY_MS,
    retentionMs: config.WEBHOOK_RETENTION_DAYS * 24 * HOUR,
    maxEndpoints: config.WEBHOOK_MAX_ENDPOINTS,
    replayMaxEvents: config.WEBHOOK_REPLAY_MAX_EVENTS,
  };
}
