/** How big and how long one fuzz run is, and which seed drives it. */
export interface FuzzSettings {
  /** fast-check's seed: `FUZZ_SEED` when set, else a random one (printed either way). */
  seed: number;
  /** Runs per route property (`FUZZ_RUNS`). */
  runs: number;
  /** Wall-clock limit of one route's property, shrinking included (`FUZZ_ROUTE_MS`). */
  routeTimeLimitMs: number;
  /** Runs of the worker journey (bulk JSON and CSV through `async=true`). */
  workerRuns: number;
  /** How long an accepted run may stay PENDING before the journey calls it stuck. */
  runDeadlineMs: number;
  /** Only the routes whose `METHOD /path` key contains this text (`FUZZ_ROUTE`), to replay one. */
  routeFilter?: string;
}

/** Runs per route unless `FUZZ_RUNS` says otherwise. */
const DEFAULT_RUNS = 40;

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, not ${JSON.stringify(raw)}`);
  return value;
}

/**
 * The settings from the environment. The defaults keep the whole fuzz file near three minutes on a
 * 2-core machine: about 47 routes times 40 runs, each route cut off after 8 seconds.
 */
export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): FuzzSettings {
  const seedText = env.FUZZ_SEED;
  const seed = seedText === undefined || seedText === '' ? Math.floor(Math.random() * 0x7fffffff) : Number(seedText);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${JSON.stringify(seedText)}`);
  const runs = positiveInteger(env, 'FUZZ_RUNS', DEFAULT_RUNS);
  return {
    seed,
    runs,
    routeTimeLimitMs: positiveInteger(env, 'FUZZ_ROUTE_MS', 8000),
    workerRuns: Math.max(4, Math.ceil(runs / 2)),
    runDeadlineMs: positiveInteger(env, 'FUZZ_RUN_DEADLINE_MS', 30000),
    routeFilter: env.FUZZ_ROUTE || undefined,
  };
}

/** The command that replays this run, or only `route`'s property (each route's property starts from the seed). */
export function replayLine(settings: FuzzSettings, route?: string): string {
  const runs = settings.runs === DEFAULT_RUNS ? '' : ` FUZZ_RUNS=${settings.runs}`;
  const only = route ? ` FUZZ_ROUTE='${route}'` : '';
  return `FUZZ_SEED=${settings.seed}${runs}${only} npx jest -c apps/suite/jest.config.cjs fuzz`;
}
