/*
 * Issue 46's reads at a million: each read a back office makes of one tenant, measured as a
 * client would (autocannon, like reads.ts) on the built suite with a world of its own, first with
 * `scaleStart` businesses added through the public bulk API (enriched, scored, one in 20 with a
 * 360 report), then, on the same running suite, after `npm run seed:scale` grew the tenant to
 * `scaleBusinesses`. One row per read: its p50 at the large size against its p50 at the small one
 * (goal: at most 1.5x). The two sizes cannot be measured in turns (the tenant only grows), so the
 * machine's drift between them, minutes apart, is in the ratio: a few tens of percent at worst.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { SCORE_DIRECTORY_VIEW } from '@kyb/area-views';
import { addBusinesses, liftOnboardingLimit, reportStatus, requestReport, signIn, until, type Caller } from './api-client';
import { measureLoad, type LoadResult } from './load';
import { scaleBusinessRow, scaleReads, type ScaleSubject } from './reads-at-scale-targets';
import { DEMO_EMAIL } from './seed';
import type { BenchSettings } from './settings';
import { startSuite } from './suite-runner';
import { boundRow, type BenchRow } from './table';
import { createWorld, removeWorld, type BenchWorld } from './world';

const ADMIN_EMAIL = 'admin@example.com';
const BULK = 1000;
/** One business in this many gets a 360 report (the business read is the first, which has one). */
const REPORT_EVERY = 20;
/** The goal: at most 1.5 times the p50 at the small size (issue 46). */
const GOAL_TIMES = 1.5;
/** The built seed tool. */
const SEED_TOOL = join(process.cwd(), 'dist/bench/seed-scale/main.js');

const n = (value: number) => value.toLocaleString('en-US');
const say = (line: string) => process.stdout.write(`${line}\n`);

/** Adds the small tenant through the API and waits until every business is scored and every report is COMPLETED. */
async function addSmallTenant(owner: Caller, db: Client, settings: BenchSettings): Promise<ScaleSubject> {
  const rows = Array.from({ length: settings.scaleStart }, (_row, i) => scaleBusinessRow(i));
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += BULK) ids.push(...(await addBusinesses(owner, rows.slice(i, i + BULK))));
  const scored = async () => {
    const { rows: found } = await db.query(`select count(distinct business_id)::int as n from ${SCORE_DIRECTORY_VIEW} where customer_id = $1 and status = 'SUCCESS'`, [owner.customerId]);
    return found[0].n >= ids.length;
  };
  await until(`${ids.length} businesses to be scored`, scored, settings.rescreenTimeoutMs, 500);
  const reports: string[] = [];
  for (let i = 0; i < ids.length; i += REPORT_EVERY) reports.push(await requestReport(owner, ids[i]));
  for (const report of reports) await until(`report ${report} to be COMPLETED`, async () => (await reportStatus(owner, report)) === 'COMPLETED', settings.journeyTimeoutMs, 50);
  return { owner, businessId: ids[0], externalId: String(rows[0].external_id), reportId: reports[0] };
}

/** Until no statement of the suite's runs in the world's database: a slow read's requests go on in PostgreSQL after its load stops, and would slow the next read. */
async function untilQuiet(db: Client, settings: BenchSettings): Promise<void> {
  const busy = async () => {
    const { rows } = await db.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`);
    return rows[0].n === 0;
  };
  await until('the suite to finish the last read in PostgreSQL', busy, settings.journeyTimeoutMs, 100);
}

/** Every read loaded once at the tenant's present size, each after the one before has finished. */
async function measureAll(subject: ScaleSubject, businesses: number, settings: BenchSettings, db: Client, pid?: number): Promise<Map<string, LoadResult>> {
  const results = new Map<string, LoadResult>();
  for (const { name, target } of scaleReads(subject, businesses)) {
    await untilQuiet(db, settings);
    results.set(name, await measureLoad(target, settings, settings.scaleConnections, pid));
  }
  return results;
}

/** Grows the tenant with the built `npm run seed:scale`, its lines shown as they come; answers what it said. */
async function grow(world: BenchWorld, customerId: string, businesses: number, templates: number): Promise<string> {
  const tool = spawn(process.execPath, [SEED_TOOL, '--businesses', String(businesses), '--database-url', world.databaseUrl, '--customer', customerId, '--templates', String(templates)], {
    env: { PATH: process.env.PATH, DATA_ENCRYPTION_KEY: world.dataEncryptionKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk.toString().replace(/^(?=.)/gm, 'bench: '));
  };
  tool.stdout.on('data', keep);
  tool.stderr.on('data', keep);
  const code = await new Promise<number | null>((resolve) => tool.on('exit', resolve));
  if (code !== 0) throw new Error(`npm run seed:scale failed (exit ${code}): ${output.slice(-2000)}`);
  return output;
}

/** A read's row: its p50 at the large size over its p50 at the small one. */
function ratioRow(name: string, small: LoadResult, large: LoadResult, sizes: [number, number], seconds: number): BenchRow {
  // A read that answered nothing within the load's seconds took longer than them: its ratio is at least theirs over the small p50.
  const answered = small.requests > 0 && large.requests > 0;
  const largeP50 = large.requests > 0 ? `${large.p50Ms.toFixed(1)} ms` : `no answer in ${seconds} s`;
  const times = (large.requests > 0 ? large.p50Ms : seconds * 1000) / Math.max(small.p50Ms, 0.001);
  const detail =
    `${answered ? '' : 'at least: '}p50 ${small.p50Ms.toFixed(1)} ms at ${n(sizes[0])} -> ${largeP50} at ${n(sizes[1])}; ` +
    `p99 ${small.p99Ms.toFixed(1)} -> ${large.p99Ms.toFixed(1)} ms; ${small.requestsPerSecond.toFixed(0)} -> ${large.requestsPerSecond.toFixed(0)} req/s; errors ${small.errors} / ${large.errors}`;
  const row = boundRow(`at scale: ${name}`, times, 'x', GOAL_TIMES, detail);
  return { ...row, met: row.met === true && answered && small.errors === 0 && large.errors === 0 };
}

/** The reads-at-scale rows, on a world of their own (created and removed here). */
export async function readsAtScale(settings: BenchSettings, smtpPort: number, logDir: string): Promise<BenchRow[]> {
  const world = createWorld();
  const db = new Client({ connectionString: world.databaseUrl });
  let suite: Awaited<ReturnType<typeof startSuite>> | undefined;
  try {
    suite = await startSuite(world, 'all', smtpPort, logDir, { name: 'suite-scale' });
    await db.connect();
    const admin = await signIn(suite.base, '/admin/sign-in', ADMIN_EMAIL, world.adminPassword);
    const owner = await signIn(suite.base, '/customer/sign-in', DEMO_EMAIL, world.demoPassword);
    await liftOnboardingLimit(admin, owner.customerId);
    say(`bench: reads at scale: adding ${n(settings.scaleStart)} businesses through the API`);
    const subject = await addSmallTenant(owner, db, settings);
    const small = await measureAll(subject, settings.scaleStart, settings, db, suite.process.pid);
    say(`bench: reads at scale: growing the tenant to ${n(settings.scaleBusinesses)} with npm run seed:scale`);
    const start = performance.now();
    await grow(world, owner.customerId, settings.scaleBusinesses - settings.scaleStart, settings.scaleStart);
    const seededSeconds = (performance.now() - start) / 1000;
    // The token may have aged past its lifetime while the tenant grew: the reads go on with a fresh one.
    const signedInAgain = await signIn(suite.base, '/customer/sign-in', DEMO_EMAIL, world.demoPassword);
    const large = await measureAll({ ...subject, owner: signedInAgain }, settings.scaleBusinesses, settings, db, suite.process.pid);
    const added = settings.scaleBusinesses - settings.scaleStart;
    const rows = [boundRow(`at scale: ${n(added)} businesses seeded by npm run seed:scale`, seededSeconds, 's', undefined, `${n(Math.round(added / seededSeconds))} businesses/s, vacuum and analyse included`)];
    for (const [name, result] of small) rows.push(ratioRow(name, result, large.get(name) as LoadResult, [settings.scaleStart, settings.scaleBusinesses], settings.seconds));
    return rows;
  } finally {
    await suite?.process.stop();
    await db.end().catch(() => undefined);
    await removeWorld(world);
  }
}
