import { integer, loadConfig, processSettings } from '@kyb/config';
import type { AreaModule } from './area-module';
import { runAreas } from './run-areas';

/** Options of {@link runMain}. */
export interface RunMainOptions {
  /** The process name, for logs and the start-up error line. */
  service: string;
  defaultPort: number;
  /** The environment the areas read (the suite adds generated local secrets). */
  env?: NodeJS.ProcessEnv;
  /** Printed once every area listens. */
  onReady?: (banner: string[]) => void;
}

/** One line per problem: a configuration error's lines, or the error's message. */
function problemsOf(err: unknown): string[] {
  const problems = (err as { problems?: unknown }).problems;
  return Array.isArray(problems) ? problems.map(String) : [(err as Error).message];
}

/**
 * The whole of a process's `main`: validates PORT and the process settings, runs the areas, and
 * on any start-up failure prints `<service>: cannot start: <what to do>` and exits 1.
 */
export function runMain(modules: AreaModule[], options: RunMainOptions): void {
  const env = options.env ?? process.env;
  const start = async () => {
    const config = loadConfig(
      { ...processSettings, PORT: integer({ description: 'HTTP port', fallback: options.defaultPort, min: 1, max: 65535 }) },
      env,
    );
    const { banner } = await runAreas(modules, {
      service: options.service,
      port: config.PORT,
      databaseUrl: config.DATABASE_URL,
      redisUrl: config.REDIS_URL,
      logLevel: config.LOG_LEVEL,
      env,
    });
    options.onReady?.(banner);
  };
  start().catch((err: unknown) => {
    process.stderr.write(`${options.service}: cannot start: ${problemsOf(err).join('\n  ')}\n`);
    process.exit(1);
  });
}
