/*
 * Load as a client makes it: autocannon keeps `connections` requests in flight against one URL for
 * a while (after a warm-up that is thrown away) and reports throughput and latency percentiles.
 */
import autocannon from 'autocannon';
import { cpuSnapshot, type CpuPerRequest, type CpuSnapshot } from './cpu-meter';
import type { BenchSettings } from './settings';

/** One load run's figures. */
export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and answers outside 2xx: any of them makes the figures suspect. */
  errors: number;
  requests: number;
  /** What one request cost in CPU, in the server measured, PostgreSQL and the load client (when the server's pid is known). */
  cpu?: CpuPerRequest;
}

/** A request to load. */
export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** One load segment's raw figures, to be combined with others. */
interface Segment {
  latencies: number[];
  requests: number;
  errors: number;
  seconds: number;
  cpu?: { before: CpuSnapshot; after: CpuSnapshot };
}

/**
 * One run. Latencies are taken from each 2xx response's own time (microseconds), not autocannon's
 * histogram, which keeps whole milliseconds: a p99 of 8.4 -> 9.6 ms read there as 8 -> 10 (+25%).
 */
async function segment(target: LoadTarget, connections: number, seconds: number, serverPid?: number): Promise<Segment> {
  const before = cpuSnapshot(serverPid);
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: target.url, method: target.method ?? 'GET', headers: target.headers, body: target.body, connections, duration: seconds, timeout: 10 },
      (err, finished) => (err ? reject(err) : resolve(finished)),
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  const after = cpuSnapshot(serverPid);
  return {
    latencies,
    requests: result['2xx'],
    errors: result.errors + result.non2xx,
    seconds: result.duration,
    cpu: before && after ? { before, after } : undefined,
  };
}

/** The figures of `segments` taken together: requests per second over their time, percentiles over all their answers. */
function combined(segments: Segment[]): LoadResult {
  const requests = segments.reduce((sum, s) => sum + s.requests, 0);
  const seconds = segments.reduce((sum, s) => sum + s.seconds, 0);
  const latencies = segments.flatMap((s) => s.latencies);
  const measured = segments.every((s) => s.cpu !== undefined);
  const spent = (party: keyof CpuSnapshot) => segments.reduce((sum, s) => sum + (s.cpu ? s.cpu.after[party] - s.cpu.before[party] : 0), 0);
  const cpu: CpuPerRequest | undefined =
    measured && requests > 0
      ? { serverUs: (spent('server') * 1e6) / requests, postgresUs: (spent('postgres') * 1e6) / requests, clientUs: (spent('client') * 1e6) / requests }
      : undefined;
  return {
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    errors: segments.reduce((sum, s) => sum + s.errors, 0),
    requests,
    cpu,
  };
}

/** Loads `target` with the run's connections: a warm-up, then the measured run (with the CPU of `serverPid`, when given). */
export async function measureLoad(target: LoadTarget, settings: BenchSettings, connections = settings.connections, serverPid?: number): Promise<LoadResult> {
  await segment(target, connections, settings.warmupSeconds);
  return combined([await segment(target, connections, settings.seconds, serverPid)]);
}

/** One side of {@link measureInTurns}: what is loaded, and the process whose CPU it costs. */
export interface TurnSide {
  target: LoadTarget;
  pid?: number;
  /** Runs before each of this side's turns and stops after it (a sign-in burst beside the load, say). */
  during?: () => () => Promise<void>;
}

/**
 * The order of the turns of `rounds` rounds: a, b, then b, a, and so on (ABBA). Each side's turns
 * then sit around the same middle in time, so a drift of the machine's speed that goes one way
 * over the rounds favours neither side, where a, b, a, b gave b the later, and the drift's, half.
 */
export function turnOrder(rounds: number): Array<'a' | 'b'> {
  return Array.from({ length: rounds }, (_round, n) => (n % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const))).flat();
}

/**
 * Loads `a` and `b` in turns, `settings.rounds` of each in the order of {@link turnOrder}, the
 * run's seconds split between the rounds (after a warm-up of each): the machine's speed drifts
 * between runs and within one (10-30% over a minute on a shared machine), and a figure measured
 * beside its reference in alternating rounds compares the two under the same drift, where one
 * measured minutes after the other does not.
 */
export async function measureInTurns(a: TurnSide, b: TurnSide, settings: BenchSettings, connections = settings.connections): Promise<{ a: LoadResult; b: LoadResult }> {
  const turn = async (side: TurnSide, seconds: number, pid?: number) => {
    const stop = side.during?.();
    try {
      return await segment(side.target, connections, seconds, pid);
    } finally {
      await stop?.();
    }
  };
  await turn(a, settings.warmupSeconds);
  await turn(b, settings.warmupSeconds);
  const seconds = Math.max(1, settings.seconds / settings.rounds);
  const segments: { a: Segment[]; b: Segment[] } = { a: [], b: [] };
  const sides = { a, b };
  for (const side of turnOrder(settings.rounds)) segments[side].push(await turn(sides[side], seconds, sides[side].pid));
  return { a: combined(segments.a), b: combined(segments.b) };
}

/** The value at fraction `q` (0 to 1) of sorted `values`; 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
