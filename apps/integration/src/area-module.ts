import { createJwksKeySource } from '@kyb/auth';
import type { AreaModule } from '@kyb/http';
import { createRedisConnection } from '@kyb/queues';
import { createIntegrationArea } from './area';
import { loadIntegrationConfig } from './config';
import { integrationMigrations } from './migrations';

/** The integration area as the suite and its own main start it. */
export const areaModule: AreaModule = {
  name: 'integration',
  migrations: integrationMigrations,
  async start({ db, redis, redisUrl, logger, env, publicUrl }) {
    const config = loadIntegrationConfig({
      ...env,
      AUTH_JWKS_URL: env.AUTH_JWKS_URL || `${publicUrl}/auth/api/v1/.well-known/jwks.json`,
    });
    const area = createIntegrationArea({
      db,
      redis,
      dataEncryptionKey: config.DATA_ENCRYPTION_KEY,
      logger,
      keySource: createJwksKeySource({ url: config.AUTH_JWKS_URL }),
      tokenIssuer: config.TOKEN_ISSUER,
      screeningSandboxDelayMs: config.SCREENING_SANDBOX_DELAY_MS,
    });
    const workerConnection = createRedisConnection(redisUrl, 'worker');
    area.startWorkers(workerConnection);
    return {
      prefix: area.prefix,
      router: area.router,
      banner: [`  integration API ${publicUrl}${area.prefix}   (OpenAPI: ${publicUrl}${area.prefix}/openapi.json)`],
      stop: async () => {
        await area.stop();
        workerConnection.disconnect();
      },
    };
  },
};
