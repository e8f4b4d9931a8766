/*
 * The read endpoints under load, each beside the ceiling servers measured in the same run; the
 * `full` ceiling (Express + helmet + token + one select) is what every read is compared with.
 */
import { createTestKeys, TEST_AUDIENCE, TEST_ISSUER } from '@kyb/auth/testing';
import type { CeilingKind } from './ceiling-server';
import { measureInTurns, measureLoad, type LoadResult, type LoadTarget } from './load';
import { freePort, startProcess, type BenchProcess } from './processes';
import type { SeededWorld } from './seed';
import type { BenchSettings } from './settings';
import { loadRow, type BenchRow, type LoadGoal } from './table';
import type { BenchWorld } from './world';

/** The ceilings' figures: the bare servers measured alone, the `full` one (the reference) as the mean of its turns beside the reads. */
export type Ceilings = Record<CeilingKind, LoadResult>;

async function startCeiling(kind: CeilingKind, env: NodeJS.ProcessEnv, logDir: string, nodeArgs: string[]): Promise<{ process: BenchProcess; url: string }> {
  const port = await freePort();
  const process_ = await startProcess({
    name: `ceiling-${kind}`,
    args: [...nodeArgs, process.argv[1], '--serve-ceiling', kind, String(port)],
    env,
    readyUrl: `http://127.0.0.1:${port}/ready`,
    logDir,
  });
  return { process: process_, url: `http://127.0.0.1:${port}` };
}

/** The ceiling servers of a run: the bare ones' figures, and the full one, running, for the reads to be measured beside. */
export interface CeilingSession {
  alone: Pick<Ceilings, 'node-http' | 'express'>;
  full: { target: LoadTarget; pid?: number; stop(): Promise<void> };
}

/**
 * Measures the bare ceilings (node:http, Express), one after another, each alone, and starts the
 * full one (Express + helmet + token + one select), which every read is then measured beside, in
 * turns. With `profileDir`, the full ceiling runs under the CPU profiler, to compare with the
 * suite's profile.
 */
export async function startCeilings(world: BenchWorld, seeded: SeededWorld, settings: BenchSettings, logDir: string, profileDir?: string): Promise<CeilingSession> {
  const keys = createTestKeys();
  const token = keys.tokenFor({ role: 'CUSTOMER', customerId: seeded.owner.customerId });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    BENCH_DATABASE_URL: world.databaseUrl,
    BENCH_PUBLIC_JWK: JSON.stringify(keys.jwks[0]),
    BENCH_ISSUER: TEST_ISSUER,
    BENCH_AUDIENCE: TEST_AUDIENCE,
  };
  const headers = { authorization: `Bearer ${token}` };
  const alone = {} as CeilingSession['alone'];
  for (const [kind, path] of [['node-http', '/'], ['express', '/ping']] as const) {
    const ceiling = await startCeiling(kind, env, logDir, []);
    try {
      alone[kind] = await measureLoad({ url: `${ceiling.url}${path}`, headers }, settings, settings.connections, ceiling.process.pid);
    } finally {
      await ceiling.process.stop();
    }
  }
  const full = await startCeiling('full', env, logDir, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  return {
    alone,
    full: { target: { url: `${full.url}/businesses/${seeded.businessId}`, headers }, pid: full.process.pid, stop: () => full.process.stop() },
  };
}

/** The mean of load figures (the full ceiling's turns). */
function meanOf(results: LoadResult[]): LoadResult {
  const mean = (pick: (r: LoadResult) => number) => results.reduce((sum, r) => sum + pick(r), 0) / Math.max(results.length, 1);
  const measured = results.every((r) => r.cpu !== undefined);
  return {
    requestsPerSecond: mean((r) => r.requestsPerSecond),
    p50Ms: mean((r) => r.p50Ms),
    p99Ms: mean((r) => r.p99Ms),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    cpu: measured && results.length > 0 ? { serverUs: mean((r) => r.cpu?.serverUs ?? 0), postgresUs: mean((r) => r.cpu?.postgresUs ?? 0), clientUs: mean((r) => r.cpu?.clientUs ?? 0) } : undefined,
  };
}

/** The ceiling rows of the table: the full ceiling as the mean of its turns beside the reads (BENCHMARKS.md says so), the bare ones against it. */
export function ceilingRows(session: CeilingSession, fullTurns: LoadResult[]): BenchRow[] {
  const full = meanOf(fullTurns);
  return [
    loadRow('ceiling: bare node:http', session.alone['node-http'], full),
    loadRow('ceiling: Express 5', session.alone.express, full),
    loadRow('ceiling: Express + helmet + ES256 token + 1 select', full, full),
  ];
}

/** Each read endpoint with its goal (issue 10's table). */
function readTargets(base: string, seeded: SeededWorld): Array<{ name: string; target: LoadTarget; goal: LoadGoal }> {
  const headers = { authorization: `Bearer ${seeded.owner.token}` };
  const business = seeded.businessId;
  const customer = seeded.owner.customerId;
  const get = (path: string): LoadTarget => ({ url: `${base}${path}`, headers });
  return [
    { name: 'E9 get business', target: get(`/case/api/v1/businesses/${business}`), goal: { minShare: 0.8, maxP99Times: 1.5 } },
    { name: 'E9 with fetch_owner_details=true', target: get(`/case/api/v1/businesses/${business}?fetch_owner_details=true`), goal: { minShare: 0.75 } },
    { name: 'E1 public records', target: get(`/integration/api/v1/business/${business}/public-records`), goal: { minShare: 0.8 } },
    { name: 'E11 BJL facts', target: get(`/integration/api/v1/facts/business/${business}/bjl`), goal: { minShare: 0.8 } },
    { name: 'E10 score', target: get(`/score/api/v1/score/business/${business}`), goal: { minShare: 0.8 } },
    { name: 'E6 report', target: get(`/report/api/v1/reports/${seeded.reportId}`), goal: { minShare: 0.85 } },
    { name: 'E2 users page (10, sorted)', target: get(`/auth/api/v1/customers/${customer}/users?page=1&items_per_page=10&sort[created_at]=desc`), goal: { minShare: 0.6 } },
    { name: 'business list page (10, sorted)', target: get(`/case/api/v1/customers/${customer}/businesses?page=1&items_per_page=10&sort[name]=asc`), goal: { minShare: 0.6 } },
  ];
}

/** The names of the read endpoints the bench loads (what `--only` matches). */
export function readNames(): string[] {
  const unseeded: SeededWorld = { owner: { base: '', token: '', customerId: '' }, businessId: '', reportId: '' };
  return readTargets('', unseeded).map((read) => read.name);
}

/**
 * Loads every read endpoint of the suite at `base`, one after another, each in turns with the full
 * ceiling (measureInTurns): each read's share and p99 are against the ceiling turns run beside it.
 * Answers the reads' rows and the ceiling's turns.
 */
export async function measureReads(
  base: string,
  seeded: SeededWorld,
  ceilings: CeilingSession,
  settings: BenchSettings,
  suitePid?: number,
): Promise<{ rows: BenchRow[]; ceilingTurns: LoadResult[] }> {
  const rows: BenchRow[] = [];
  const ceilingTurns: LoadResult[] = [];
  for (const { name, target, goal } of readTargets(base, seeded)) {
    if (settings.only && !name.includes(settings.only)) continue;
    const { a: ceiling, b: read } = await measureInTurns({ target: ceilings.full.target, pid: ceilings.full.pid }, { target, pid: suitePid }, settings);
    ceilingTurns.push(ceiling);
    rows.push(loadRow(name, read, ceiling, goal));
  }
  return { rows, ceilingTurns };
}

/** The E9 load used to see how sign-in bursts move other requests. */
export function businessReadTarget(base: string, seeded: SeededWorld): LoadTarget {
  return { url: `${base}/case/api/v1/businesses/${seeded.businessId}`, headers: { authorization: `Bearer ${seeded.owner.token}` } };
}
