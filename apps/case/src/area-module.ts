import { createJwksKeySource } from '@kyb/auth';
import { createRedisConnection } from '@kyb/queues';
import type { AreaModule } from '@kyb/http';
import { createCaseArea } from './area';
import { createMailTransport } from './mail/mail-transport';
import { loadCaseConfig } from './config';
import { caseMigrations } from './migrations';

/** The case area as the suite and its own main start it. */
export const areaModule: AreaModule = {
  name: 'case',
  migrations: caseMigrations,
  async start({ db, redis, redisUrl, logger, env, publicUrl }) {
    const config = loadCaseConfig({
      ...env,
      AUTH_JWKS_URL: env.AUTH_JWKS_URL || `${publicUrl}/auth/api/v1/.well-known/jwks.json`,
      PUBLIC_APP_URL: env.PUBLIC_APP_URL || publicUrl,
    });
    const area = createCaseArea({
      db,
      redis,
      dataEncryptionKey: config.DATA_ENCRYPTION_KEY,
      publicAppUrl: config.PUBLIC_APP_URL,
      invitationTtlSeconds: config.INVITATION_TTL_SECONDS,
      mailTransport: createMailTransport({ smtpUrl: config.SMTP_URL || undefined, from: config.MAIL_FROM, logger }),
      logger,
      keySource: createJwksKeySource({ url: config.AUTH_JWKS_URL }),
      tokenIssuer: config.TOKEN_ISSUER,
    });
    const workerConnection = createRedisConnection(redisUrl, 'worker');
    area.startWorkers(workerConnection);
    return {
      prefix: area.prefix,
      router: area.router,
      largeBodies: area.largeBodies,
      banner: [`  case API        ${publicUrl}${area.prefix}   (OpenAPI: ${publicUrl}${area.prefix}/openapi.json)`],
      stop: async () => {
        await area.stop();
        workerConnection.disconnect();
      },
    };
  },
};
