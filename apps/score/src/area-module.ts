import { trustAuthArea } from '@kyb/auth';
import { startArea, type AreaModule } from '@kyb/http';
import { enrichmentBatchCompletedQueue, enrichmentCompletedQueue, scoreQueue, watchlistHitsChangedQueue } from '@kyb/queues';
import { createScoreArea } from './area';
import { loadScoreConfig, scoreSettings } from './config';
import { scoreMigrations } from './migrations';

/** The pure scoring engine's entry and default weighting, public for the bench (`npm run bench`). */
export { computeScore, DEFAULT_WEIGHTAGE_CONFIG } from './engine';

/** The score area as the suite and its own main start it. */
export const areaModule: AreaModule = {
  name: 'score',
  migrations: scoreMigrations,
  settings: scoreSettings,
  // The recovery sweep's queue is left out: it has no WORKER_CONCURRENCY_<QUEUE>, its one worker runs one sweep at a time.
  queues: [scoreQueue, enrichmentCompletedQueue, enrichmentBatchCompletedQueue, watchlistHitsChangedQueue],
  async start(runtime) {
    const { db, redis, queuePrefix, logger, env, publicUrl, workers } = runtime;
    const config = loadScoreConfig({ ...env, AUTH_JWKS_URL: env.AUTH_JWKS_URL || `${publicUrl}/auth/api/v1/.well-known/jwks.json` });
    const area = createScoreArea({
      db,
      redis,
      redisPrefix: queuePrefix,
      workerConcurrency: workers?.concurrency,
      logger,
      tokens: trustAuthArea(config, runtime),
      recovery: { sweepEveryMs: config.RECOVERY_SWEEP_EVERY_MS, stuckAfterMs: config.RECOVERY_STUCK_AFTER_MS },
    });
    return startArea('score', area, runtime);
  },
};
