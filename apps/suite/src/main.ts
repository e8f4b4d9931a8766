/* The whole suite in one process: every area at its gateway prefix, with its workers. `npm start`. */
import { join } from 'node:path';
import { ConfigError, integer, loadConfig, oneOf, text, url } from '@kyb/config';
import { runAreas, type AreaModule } from '@kyb/http';
import { loadLocalSecrets } from './local-secrets';

/** The areas, in start order; each is its app's built `area.js` (see docs/adr/0002). */
const AREAS = ['auth', 'case'];

function loadArea(name: string): AreaModule {
  return (require(join(__dirname, '..', name, 'area-module.js')) as { areaModule: AreaModule }).areaModule;
}

async function main(): Promise<void> {
  const config = loadConfig({
    PORT: integer({ description: 'HTTP port of the suite', fallback: 8080, min: 1, max: 65535 }),
    DATABASE_URL: url({ description: 'PostgreSQL', protocols: ['postgres:', 'postgresql:'], fallback: 'postgres://postgres@127.0.0.1:5432/onboarding' }),
    REDIS_URL: url({ description: 'Redis', protocols: ['redis:', 'rediss:'], fallback: 'redis://127.0.0.1:6379' }),
    LOG_LEVEL: oneOf({ description: 'pino level', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, fallback: 'info' }),
    SUITE_STATE_DIR: text({ description: 'where local secrets are kept', fallback: join(process.cwd(), '.suite') }),
  });
  const local = loadLocalSecrets(config.SUITE_STATE_DIR);
  const env = {
    ...process.env,
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY || local.dataEncryptionKey,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || local.adminPassword,
    DEMO_PASSWORD: process.env.DEMO_PASSWORD || local.demoPassword,
    PRINT_ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ? 'false' : 'true',
  };
  const { banner } = await runAreas(AREAS.map(loadArea), {
    service: 'suite',
    port: config.PORT,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    logLevel: config.LOG_LEVEL,
    env,
  });
  process.stdout.write(['', 'KYB suite ready.', ...banner, '', 'Press Ctrl-C to stop.'].join('\n') + '\n');
}

main().catch((err: unknown) => {
  const lines = err instanceof ConfigError ? err.problems : [(err as Error).message];
  process.stderr.write(`suite: cannot start: ${lines.join('\n  ')}\n`);
  process.exit(1);
});
