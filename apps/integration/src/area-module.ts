import { trustAuthArea } from '@kyb/auth';
import { startArea, type AreaModule } from '@kyb/http';
import { businessEnrichmentQueue, enrichmentBatchQueue, screeningQueue, webhookDeliveryQueue } from '@kyb/queues';
import { createIntegrationArea } from './area';
import { integrationSettings, loadIntegrationConfig } from './config';
import { webhookSettingsOf } from './webhooks/webhook-config';
import { integrationMigrations } from './migrations';
import { platformProvidersOf } from './provider-settings/platform-providers';
import { providerBaseUrlsOf } from './provider-settings/provider-config';

/** The integration area as the suite and its own main start it. */
export const areaModule: AreaModule = {
  name: 'integration',
  migrations: integrationMigrations,
  settings: integrationSettings,
  // The recovery sweep's and the webhook dispatcher's queues are left out: neither has a WORKER_CONCURRENCY_<QUEUE>, one worker runs one round at a time.
  queues: [businessEnrichmentQueue, enrichmentBatchQueue, screeningQueue, webhookDeliveryQueue],
  async start(runtime) {
    const { db, redis, queuePrefix, logger, env, publicUrl, workers } = runtime;
    const config = loadIntegrationConfig({
      ...env,
      AUTH_JWKS_URL: env.AUTH_JWKS_URL || `${publicUrl}/auth/api/v1/.well-known/jwks.json`,
    });
    const area = createIntegrationArea({
      db,
      redis,
      redisPrefix: queuePrefix,
      workerConcurrency: workers?.concurrency,
      dataEncryptionKey: config.DATA_ENCRYPTION_KEY,
      previousDataEncryptionKeys: config.DATA_ENCRYPTION_KEY_PREVIOUS,
      logger,
      tokens: trustAuthArea(config, runtime),
      screeningSandboxDelayMs: config.SCREENING_SANDBOX_DELAY_MS,
      monitoringTickMinutes: config.MONITORING_TICK_MINUTES,
      recovery: { sweepEveryMs: config.RECOVERY_SWEEP_EVERY_MS, stuckAfterMs: config.RECOVERY_STUCK_AFTER_MS },
      webhooks: webhookSettingsOf(config),
      providerBaseUrls: providerBaseUrlsOf(config),
      platformProviders: platformProvidersOf(config),
      providerGuard: { rateLimits: config.PROVIDER_RATE_LIMITS },
    });
    return startArea('integration', area, runtime);
  },
};
