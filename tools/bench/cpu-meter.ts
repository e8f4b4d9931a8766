/*
 * Where the CPU of a load run went: the measured server process, PostgreSQL (every `postgres`
 * process of the machine) and the load client (this process), read from /proc before and after the
 * run. Divided by the requests answered, it says what one request costs in each, which the req/s
 * figure alone cannot: on two cores the three compete, and a read can lose to the ceiling in the
 * server or in PostgreSQL. Linux only; elsewhere the figures are absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** CPU seconds used so far by each party. */
export interface CpuSnapshot {
  server: number;
  postgres: number;
  client: number;
}

/** CPU microseconds one request cost in each party. */
export interface CpuPerRequest {
  serverUs: number;
  postgresUs: number;
  clientUs: number;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds of a process from its stat line, or undefined if it is gone. */
function processSeconds(pid: number | string): { comm: string; seconds: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    // Fields after the command: state is field 3, utime 14 and stime 15 (1-based, see proc(5)).
    const fields = stat.slice(close + 2).split(' ');
    return { comm, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

function postgresSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const figures = processSeconds(entry);
    if (figures?.comm === 'postgres') total += figures.seconds;
  }
  return total;
}

/** The CPU used so far by the server `serverPid`, PostgreSQL and this process; undefined off Linux. */
export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot | undefined {
  if (process.platform !== 'linux' || serverPid === undefined) return undefined;
  const server = processSeconds(serverPid);
  if (!server) return undefined;
  const own = process.cpuUsage();
  return { server: server.seconds, postgres: postgresSeconds(), client: (own.user + own.system) / 1e6 };
}

/** CPU seconds the main thread (the event loop) of process `pid` has used so far; undefined off Linux or once it is gone. */
export function eventLoopSeconds(pid: number | undefined): number | undefined {
  if (process.platform !== 'linux' || pid === undefined) return undefined;
  return processSeconds(`${pid}/task/${pid}`)?.seconds;
}

/** What each of `requests` cost between two snapshots. */
export function cpuPerRequest(before: CpuSnapshot | undefined, after: CpuSnapshot | undefined, requests: number): CpuPerRequest | undefined {
  if (!before || !after || requests <= 0) return undefined;
  const per = (b: number, a: number) => ((a - b) * 1e6) / requests;
  return { serverUs: per(before.server, after.server), postgresUs: per(before.postgres, after.postgres), clientUs: per(before.client, after.client) };
}

/** Seconds all the machine's cores have spent idle so far (Node reads them on every platform). */
function idleCoreSeconds(): number {
  return cpus().reduce((sum, core) => sum + core.times.idle, 0) / 1000;
}

/**
 * A turn side's `during` that adds to `into` the cores left idle in each of its turns: the idle
 * seconds of all cores over the turn's seconds (2 on an idle two-core machine, 0 on a saturated one).
 */
export function spareCoresPerTurn(into: number[]): () => () => Promise<void> {
  return () => {
    const idle = idleCoreSeconds();
    const started = performance.now();
    return async () => {
      into.push((idleCoreSeconds() - idle) / Math.max((performance.now() - started) / 1000, 0.001));
    };
  };
}
