/*
 * Load as a client makes it: autocannon keeps `connections` requests in flight against one URL for
 * a while (after a warm-up that is thrown away) and reports throughput and latency percentiles.
 */
import autocannon from 'autocannon';
import { cpuPerRequest, cpuSnapshot, type CpuPerRequest } from './cpu-meter';
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

/**
 * One run. Latencies are taken from each 2xx response's own time (microseconds), not autocannon's
 * histogram, which keeps whole milliseconds: a p99 of 8.4 -> 9.6 ms read there as 8 -> 10 (+25%).
 */
async function once(target: LoadTarget, connections: number, seconds: number, serverPid?: number): Promise<LoadResult> {
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
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    errors: result.errors + result.non2xx,
    requests: result['2xx'],
    cpu: cpuPerRequest(before, cpuSnapshot(serverPid), result['2xx']),
  };
}

/** Loads `target` with the run's connections: a warm-up, then the measured run (with the CPU of `serverPid`, when given). */
export async function measureLoad(target: LoadTarget, settings: BenchSettings, connections = settings.connections, serverPid?: number): Promise<LoadResult> {
  await once(target, connections, settings.warmupSeconds);
  return once(target, connections, settings.seconds, serverPid);
}

/** The value at fraction `q` (0 to 1) of sorted `values`; 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
