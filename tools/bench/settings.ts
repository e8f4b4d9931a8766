/*
 * How much the benchmark does. The full run measures (about 50 minutes on 2 cores, 16 of them the
 * rescreening step, about 25 the reads at scale); the smoke run (`--smoke`, in CI) goes through
 * every step with a fraction of the load, so the benchmark cannot rot, and writes no BENCHMARKS.md.
 */

/** The sizes of one run. */
export interface BenchSettings {
  smoke: boolean;
  /** Profile the suite's CPU while the read endpoints are loaded, then stop (`--profile`). */
  profile: boolean;
  /** Run only the reads and journeys whose name holds this (`--only=<text>`), then stop: for working on one of them. */
  only?: string;
  /** Seed the suite, then keep it up for measuring by hand until Ctrl-C (`--hold`). */
  hold: boolean;
  /** Concurrent connections of each load run (the goals are stated at 50). */
  connections: number;
  /** Seconds of each load run, and of its warm-up before it. */
  seconds: number;
  warmupSeconds: number;
  /** Turns a read and its ceiling (and a load with and without sign-ins) take, the seconds split between them (measureInTurns). */
  rounds: number;
  /**
   * Single businesses added one after another (E12, sequential), after `sequentialWarmup` adds that
   * are not counted (as the reads' warm-up: the write path and the work it sets off run cold before).
   */
  sequentialAdds: number;
  sequentialWarmup: number;
  /** Rows of the bulk request (the goals are stated at 1,000). */
  bulkRows: number;
  /** Businesses followed from E12 to a SUCCESS score, reports from E7 to COMPLETED, invitations to their mail. */
  journeys: number;
  /**
   * Seconds of the sign-in measurement (split between the quiet and the signing-in sides), its
   * turns of each side (its p99 is decided by its slowest 1% of answers: a GC pause or a neighbour's
   * burst in one turn would decide it alone in two), and sign-ins per second during it.
   */
  burstSeconds: number;
  burstRounds: number;
  signInsPerSecond: number;
  /** Sign-ins one after another whose event-loop CPU is measured (after a tenth as many not counted). */
  timedSignIns: number;
  /** Businesses each worker-split step onboards in bulk (api process + 1, then 2 worker processes). */
  splitRows: number;
  /** Scale of the micro benchmarks' call counts. */
  microScale: number;
  /** Entries of the synthetic sanctions lists, and businesses screened against them (a fifth as many more first, not counted). */
  watchlistEntries: number;
  watchlistScreenings: number;
  /** Monitored businesses screened again when a list version is loaded (watchlist-rescreen.ts), and how long its seeding or a phase may take. */
  rescreenBusinesses: number;
  rescreenTimeoutMs: number;
  /**
   * Reads at scale (reads-at-scale.ts): the businesses one tenant gets through the API first, the
   * size `npm run seed:scale` then grows it to, and the connections each read is loaded with there
   * (issue 46 measured at 10).
   */
  scaleStart: number;
  scaleBusinesses: number;
  scaleConnections: number;
  /** How long an asynchronous journey may take before the run fails. */
  journeyTimeoutMs: number;
}

const FULL: BenchSettings = {
  smoke: false,
  profile: false,
  hold: false,
  connections: 50,
  seconds: 8,
  warmupSeconds: 2,
  rounds: 4,
  sequentialAdds: 100,
  sequentialWarmup: 30,
  bulkRows: 1000,
  journeys: 20,
  burstSeconds: 12,
  burstRounds: 6,
  signInsPerSecond: 20,
  timedSignIns: 200,
  splitRows: 300,
  microScale: 1,
  watchlistEntries: 20_000,
  watchlistScreenings: 500,
  rescreenBusinesses: 100_000,
  rescreenTimeoutMs: 45 * 60_000,
  scaleStart: 1000,
  scaleBusinesses: 1_000_000,
  scaleConnections: 10,
  journeyTimeoutMs: 120_000,
};

const SMOKE: BenchSettings = {
  smoke: true,
  profile: false,
  hold: false,
  connections: 4,
  seconds: 1,
  warmupSeconds: 0.3,
  rounds: 1,
  sequentialAdds: 3,
  sequentialWarmup: 1,
  bulkRows: 20,
  journeys: 2,
  burstSeconds: 1,
  burstRounds: 1,
  signInsPerSecond: 4,
  timedSignIns: 10,
  splitRows: 5,
  microScale: 0.02,
  watchlistEntries: 2_000,
  watchlistScreenings: 20,
  rescreenBusinesses: 30,
  rescreenTimeoutMs: 120_000,
  scaleStart: 30,
  scaleBusinesses: 200,
  scaleConnections: 2,
  journeyTimeoutMs: 60_000,
};

/** The count `--<flag>=<n>` gives, if given; throws unless it is one, at least `min`. */
function countFlag(argv: readonly string[], flag: string, min = 1): number | undefined {
  const value = argv.find((arg) => arg.startsWith(`--${flag}=`))?.slice(`--${flag}=`.length);
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value) || Number(value) < min) throw new Error(`--${flag}=${value}: a count of businesses, at least ${min}`);
  return Number(value);
}

/**
 * The settings the command line asks for (`--smoke` or the full run; `--profile`, `--only=<text>`,
 * `--rescreen-businesses=<n>` and `--scale-businesses=<n>` with either).
 */
export function benchSettings(argv: readonly string[]): BenchSettings {
  const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const settings = { ...(argv.includes('--smoke') ? SMOKE : FULL), profile: argv.includes('--profile'), hold: argv.includes('--hold'), ...(only ? { only } : {}) };
  settings.rescreenBusinesses = countFlag(argv, 'rescreen-businesses') ?? settings.rescreenBusinesses;
  // The tenant grows from scaleStart: a size below it is no growth.
  settings.scaleBusinesses = countFlag(argv, 'scale-businesses', settings.scaleStart + 1) ?? settings.scaleBusinesses;
  return settings;
}
