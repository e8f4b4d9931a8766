import { trustAuthArea } from '@kyb/auth';
import { startArea, type AreaModule } from '@kyb/http';
import { reportQueue } from '@kyb/queues';
import { createReportArea } from './area';
import { loadReportConfig, reportSettings } from './config';
import { reportMigrations } from './migrations';

/** The 360 report PDF renderer, public for the bench (`npm run bench`). */
export { renderBusinessReport } from './pdf/render-business-report';

/** The report area as the suite and its own main start it. */
export const areaModule: AreaModule = {
  name: 'report',
  migrations: reportMigrations,
  settings: reportSettings,
  // The recovery sweep's queue is left out: it has no WORKER_CONCURRENCY_<QUEUE>, its one worker runs one sweep at a time.
  queues: [reportQueue],
  async start(runtime) {
    const { db, redis, queuePrefix, logger, env, publicUrl, workers } = runtime;
    const config = loadReportConfig({
      ...env,
      AUTH_JWKS_URL: env.AUTH_JWKS_URL || `${publicUrl}/auth/api/v1/.well-known/jwks.json`,
      PUBLIC_APP_URL: env.PUBLIC_APP_URL || publicUrl,
    });
    const area = createReportArea({
      db,
      redis,
      redisPrefix: queuePrefix,
      workerConcurrency: workers?.concurrency,
      logger,
      tokens: trustAuthArea(config, runtime),
      dataEncryptionKey: config.DATA_ENCRYPTION_KEY,
      previousDataEncryptionKeys: config.DATA_ENCRYPTION_KEY_PREVIOUS,
      publicAppUrl: config.PUBLIC_APP_URL,
      urlTtlSeconds: config.REPORT_URL_TTL_SECONDS,
      recovery: { sweepEveryMs: config.RECOVERY_SWEEP_EVERY_MS, stuckAfterMs: config.RECOVERY_STUCK_AFTER_MS },
    });
    return startArea('report', area, runtime);
  },
};
