/*
 * The read endpoints under load, each beside the ceiling servers measured in the same run; the
 * `full` ceiling (Express + helmet + token + one select) is what every read is compared with.
 */
import { createTestKeys, TEST_AUDIENCE, TEST_ISSUER } from '@kyb/auth/testing';
import { CEILING_KINDS, type CeilingKind } from './ceiling-server';
import { measureLoad, type LoadResult, type LoadTarget } from './load';
import { freePort, startProcess, type BenchProcess } from './processes';
import type { SeededWorld } from './seed';
import type { BenchSettings } from './settings';
import { loadRow, type BenchRow, type LoadGoal } from './table';
import type { BenchWorld } from './world';

/** The ceilings' figures, `full` being the reference. */
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

/**
 * Measures the three ceilings, one after another, each alone. With `profileDir`, the `full`
 * ceiling runs under the CPU profiler too, to compare with the suite's profile.
 */
export async function measureCeilings(world: BenchWorld, seeded: SeededWorld, settings: BenchSettings, logDir: string, profileDir?: string): Promise<Ceilings> {
  const keys = createTestKeys();
  const token = keys.tokenFor({ role: 'CUSTOMER', customerId: seeded.owner.customerId });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    BENCH_DATABASE_URL: world.databaseUrl,
    BENCH_PUBLIC_JWK: JSON.stringify(keys.jwks[0]),
    BENCH_ISSUER: TEST_ISSUER,
    BENCH_AUDIENCE: TEST_AUDIENCE,
  };
  const paths: Record<CeilingKind, string> = { 'node-http': '/', express: '/ping', full: `/businesses/${seeded.businessId}` };
  const figures = {} as Ceilings;
  for (const kind of CEILING_KINDS) {
    const nodeArgs = profileDir && kind === 'full' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const ceiling = await startCeiling(kind, env, logDir, nodeArgs);
    try {
      figures[kind] = await measureLoad({ url: `${ceiling.url}${paths[kind]}`, headers: { authorization: `Bearer ${token}` } }, settings, settings.connections, ceiling.process.pid);
    } finally {
      await ceiling.process.stop();
    }
  }
  return figures;
}

/** The ceiling rows of the table. */
export function ceilingRows(ceilings: Ceilings): BenchRow[] {
  return [
    loadRow('ceiling: bare node:http', ceilings['node-http'], ceilings.full),
    loadRow('ceiling: Express 5', ceilings.express, ceilings.full),
    loadRow('ceiling: Express + helmet + ES256 token + 1 select', ceilings.full, ceilings.full),
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

/** Loads every read endpoint of the suite at `base`, one after another. */
export async function measureReads(base: string, seeded: SeededWorld, ceilings: Ceilings, settings: BenchSettings, suitePid?: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const { name, target, goal } of readTargets(base, seeded)) {
    if (settings.only && !name.includes(settings.only)) continue;
    rows.push(loadRow(name, await measureLoad(target, settings, settings.connections, suitePid), ceilings.full, goal));
  }
  return rows;
}

/** The E9 load used to see how sign-in bursts move other requests. */
export function businessReadTarget(base: string, seeded: SeededWorld): LoadTarget {
  return { url: `${base}/case/api/v1/businesses/${seeded.businessId}`, headers: { authorization: `Bearer ${seeded.owner.token}` } };
}
