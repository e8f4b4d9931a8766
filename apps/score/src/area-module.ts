import { createJwksKeySource } from '@kyb/auth';
import type { AreaModule } from '@kyb/http';
import { createRedisConnection } from '@kyb/queues';
import { createScoreArea } from './area';
import { loadScoreConfig } from './config';
import { scoreMigrations } from './migrations';

/** The score area as the suite and its own main start it. */
export const areaModule: AreaModule = {
  name: 'score',
  migrations: scoreMigrations,
  async start({ db, redis, redisUrl, logger, env, publicUrl }) {
    const config = loadScoreConfig({ ...env, AUTH_JWKS_URL: env.AUTH_JWKS_URL || `${publicUrl}/auth/api/v1/.well-known/jwks.json` });
    const area = createScoreArea({
      db,
      redis,
      logger,
      keySource: createJwksKeySource({ url: config.AUTH_JWKS_URL }),
      tokenIssuer: config.TOKEN_ISSUER,
      monitoringCron: config.SCORE_MONITORING_CRON,
    });
    const workerConnection = createRedisConnection(redisUrl, 'worker');
    await area.startWorkers(workerConnection);
    return {
      prefix: area.prefix,
      router: area.router,
      banner: [`  score API       ${publicUrl}${area.prefix}   (OpenAPI: ${publicUrl}${area.prefix}/openapi.json)`],
      stop: async () => {
        await area.stop();
        workerConnection.disconnect();
      },
    };
  },
};
