/* The case area on its own: `node dist/apps/case/main.js`. */
import { ConfigError, integer, loadConfig } from '@kyb/config';
import { runAreas } from '@kyb/http';
import { areaModule } from './area-module';
import { loadCaseConfig } from './config';

async function main(): Promise<void> {
  const config = loadCaseConfig();
  const { PORT } = loadConfig({ PORT: integer({ description: 'HTTP port', fallback: 8082, min: 1, max: 65535 }) });
  await runAreas([areaModule], {
    service: 'case',
    port: PORT,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    logLevel: config.LOG_LEVEL,
    env: process.env,
  });
}

main().catch((err: unknown) => {
  const lines = err instanceof ConfigError ? err.problems : [(err as Error).message];
  process.stderr.write(`case: cannot start: ${lines.join('\n  ')}\n`);
  process.exit(1);
});
