import {
  integer,
  loadConfig,
  processSettings,
  queueConcurrencySetting,
  redisUrlOf,
  queueConcurrencyVariable,
  runtimeSettings,
  type ProcessRole,
  type Setting,
} from '@kyb/config';
import type { AreaModule } from './area-module';
import { runAreas } from './run-areas';
import { migrateAreas } from './run-migrate';

/** Options of {@link runMain}. */
export interface RunMainOptions {
  /** The process name, for logs and the start-up error line. */
  service: string;
  defaultPort: number;
  /** The environment the areas read (the suite adds generated local secrets). */
  env?: NodeJS.ProcessEnv;
  /** Command-line arguments (default: `process.argv.slice(2)`): `--role=<role>`, `--print-settings`. */
  argv?: string[];
  /** Settings the entry point itself reads (listed by `--print-settings`). */
  settings?: Record<string, Setting<unknown>>;
  /** Printed once the process is ready (listening, or migrations applied). */
  onReady?: (banner: string[], role: ProcessRole) => void;
}

/** One line per problem: a configuration error's lines, or the error's message. */
function problemsOf(err: unknown): string[] {
  const problems = (err as { problems?: unknown }).problems;
  return Array.isArray(problems) ? problems.map(String) : [(err as Error).message];
}

/** The settings of the process itself: where PostgreSQL and Redis are, its role, ports, pool and workers. */
function processLevelSettings(modules: AreaModule[], defaultPort: number): Record<string, Setting<unknown>> {
  const queues = modules.flatMap((m) => m.queues.map((q) => q.name));
  return {
    ...processSettings,
    ...runtimeSettings,
    PORT: integer({ description: 'HTTP port', fallback: defaultPort, min: 1, max: 65535 }),
    ...Object.fromEntries(queues.map((name) => [queueConcurrencyVariable(name), queueConcurrencySetting(name)])),
  };
}

/** Every setting a process running `modules` reads, in any role. */
export function settingsOf(modules: AreaModule[], defaultPort: number): Record<string, Setting<unknown>> {
  return { ...processLevelSettings(modules, defaultPort), ...Object.assign({}, ...modules.map((m) => m.settings)) };
}

/** `--role=api` or `--role api` on the command line; it wins over ROLE. */
function roleArgument(argv: string[]): string | undefined {
  const index = argv.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  if (index < 0) return undefined;
  return argv[index].includes('=') ? argv[index].slice('--role='.length) : argv[index + 1];
}

/** The role a process was asked for (`--role`, else ROLE, else `all`), before it is validated. */
export function requestedRole(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): string {
  return roleArgument(argv) ?? (env.ROLE || 'all');
}

/**
 * The whole of a process's `main`: validates the process settings, then runs its role
 * (`ROLE` or `--role`: all, api, worker or migrate). On any start-up failure it prints
 * `<service>: cannot start: <what to do>` and exits 1. `--print-settings` prints the names of
 * every variable the process reads, as JSON, and exits.
 */
export function runMain(modules: AreaModule[], options: RunMainOptions): void {
  const argv = options.argv ?? process.argv.slice(2);
  if (argv.includes('--print-settings')) {
    const names = Object.keys({ ...settingsOf(modules, options.defaultPort), ...options.settings });
    process.stdout.write(`${JSON.stringify(names.sort())}\n`);
    return;
  }
  const role = roleArgument(argv);
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env), ...(role !== undefined ? { ROLE: role } : {}) };
  const start = async () => {
    // ROLE is validated here: one of PROCESS_ROLES, or one line saying which are allowed.
    const config = loadConfig(processLevelSettings(modules, options.defaultPort), env) as Record<string, unknown> & { ROLE: ProcessRole };
    if (config.ROLE === 'migrate') {
      const lines = await migrateAreas(modules, {
        service: options.service,
        databaseUrl: config.DATABASE_URL as string,
        appRole: (config.DB_APP_ROLE as string) || undefined,
      });
      options.onReady?.(lines, 'migrate');
      process.stdout.write(`${lines.map((line) => `${options.service}: ${line}`).join('\n')}\n`);
      process.exit(0);
    }
    const { banner } = await runAreas(modules, {
      service: options.service,
      role: config.ROLE,
      port: config.PORT as number,
      metricsPort: config.METRICS_PORT as number,
      databaseUrl: config.DATABASE_URL as string,
      redisUrl: redisUrlOf(config.REDIS_URL as string, config.REDIS_CLUSTER_NODES as string),
      logLevel: config.LOG_LEVEL as string,
      env,
      queuePrefix: config.QUEUE_PREFIX as string,
      trustProxy: config.TRUST_PROXY as boolean | number | string[],
      dbPoolMax: config.DB_POOL_MAX as number,
      workerConcurrency: (name) => (config[queueConcurrencyVariable(name)] as number) || (config.WORKER_CONCURRENCY as number),
      publicUrl: env.PUBLIC_APP_URL || undefined,
      shutdownDrainMs: config.SHUTDOWN_DRAIN_MS as number,
      shutdownGraceMs: config.SHUTDOWN_GRACE_MS as number,
    });
    options.onReady?.(banner, config.ROLE);
  };
  start().catch((err: unknown) => {
    process.stderr.write(`${options.service}: cannot start: ${problemsOf(err).join('\n  ')}\n`);
    process.exit(1);
  });
}
