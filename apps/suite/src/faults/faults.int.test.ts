import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProcessGroup, createTestDatabase, type TestDatabase } from '@kyb/testing';
import { exactlyOnceViolations, mailSentTwice, moreThanAsked, waitUntilFinal, type AskedFor } from './fault-checks';
import { createRecordingClient, grouped, statusCounts, unacceptable, type RecordedAnswer } from './fault-http';
import type { JourneyOutcome } from './fault-journey';
import { startOwnRedis, type OwnRedis } from './fault-redis';
import { FAULT_ADMIN, startFaultSuite, SUITE_QUEUES, type FaultSuite, type SuiteProcess } from './fault-suite';
import { setUpFaultTenant } from './fault-tenant';
import { startTraffic } from './fault-traffic';

/*
 * Robustness (issue 16): the built suite as production runs it (migrate once, one api, workers
 * on their own), on a database of its own and a redis-server this test owns, under a steady
 * stream of the real journeys while, at fixed points, a worker is killed mid-job (SIGKILL) and
 * started again, Redis is restarted empty, and PostgreSQL ends every session of the suite. Then:
 * every request was answered 2xx or a retryable 503 in the envelope, within its time-out; every
 * business got its public records, score and report exactly once; no job did its side effects
 * twice; nothing stays unfinished; the api and the workers that were not killed recovered alone.
 */
const JOURNEYS = 24;
const SPACING_MS = 2000;
const REQUEST_TIMEOUT_MS = 10_000;
/** When each fault strikes, in ms after the stream started. */
const KILL_WORKER_AT = 6000;
const RESTART_REDIS_AT = 20_000;
const REDIS_DOWN_MS = 3000;
const TERMINATE_POSTGRES_AT = [32_000, 36_000, 40_000];
/**
 * How long journeys keep waiting for their work, after the stream started; then how long the
 * rest may take. A render or a mail whose worker lost PostgreSQL mid-job is taken up again only
 * once its lease (60 s) lapsed: the last fault plus a lease, and some room.
 */
const JOURNEY_DEADLINE_MS = 130_000;
const SETTLE_MS = 30_000;

/** Polls `jobs` (at most 10 s) until it names some: a fault strikes when there is work to hurt. */
async function whenAny(jobs: () => Promise<Record<string, string[]>>): Promise<Record<string, string[]>> {
  for (const giveUp = Date.now() + 10_000; ; ) {
    const found = await jobs();
    if (Object.keys(found).length > 0 || Date.now() > giveUp) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** `/readyz` at `base`: '200', or the status with what failed. */
async function readiness(base: string): Promise<string> {
  const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5000) });
  return res.status === 200 ? '200' : `${res.status} ${await res.text()}`;
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** What the scenario left for the assertions. */
interface Run {
  answers: RecordedAnswer[];
  outcomes: JourneyOutcome[];
  killedWhileActive: Record<string, string[]>;
  /** Jobs waiting or running in Redis when it was stopped (its restart comes back empty). */
  lostInRestart: Record<string, string[]>;
  terminated: number[];
  unfinished: string[];
  workers: { victim: SuiteProcess; restarted: SuiteProcess; survivor: SuiteProcess };
}

describe('faults: the journeys go on through a killed worker, a Redis restart and ended PostgreSQL sessions', () => {
  const processes = createProcessGroup();
  let database: TestDatabase;
  let redis: OwnRedis;
  let suite: FaultSuite;
  let run: Run;

  beforeAll(async () => {
    redis = await startOwnRedis(processes);
    database = await createTestDatabase();
    suite = await startFaultSuite(processes, { databaseUrl: database.url, redisUrl: redis.url });
    // Only one worker until the kill: every job active then is the victim's.
    const victim = await suite.startWorker();
    const tenant = await setUpFaultTenant(suite.base, FAULT_ADMIN);
    const client = createRecordingClient(suite.base, REQUEST_TIMEOUT_MS);
    const tag = Date.now().toString(36);
    const traffic = startTraffic({
      count: JOURNEYS,
      spacingMs: SPACING_MS,
      context: { client, db: database.db, tenant, tag, deadline: Date.now() + JOURNEY_DEADLINE_MS },
    });
    const at = (ms: number) => sleepUntil(traffic.startedAt + ms);

    await at(KILL_WORKER_AT);
    const killedWhileActive = await whenAny(() => redis.jobsIn(['active'], suite.queuePrefix, SUITE_QUEUES));
    victim.handle.child.kill('SIGKILL');
    await victim.handle.exited;
    const [restarted, survivor] = await Promise.all([suite.startWorker(), suite.startWorker()]);

    await at(RESTART_REDIS_AT);
    const lostInRestart = await whenAny(() => redis.jobsIn(['wait', 'active'], suite.queuePrefix, SUITE_QUEUES));
    await redis.restart(REDIS_DOWN_MS);

    const terminated: number[] = [];
    for (const moment of TERMINATE_POSTGRES_AT) {
      await at(moment);
      const { rows } = await database.db.raw(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = ? and application_name like 'kyb-suite-%'`,
        [database.name],
      );
      terminated.push(rows[0].n);
    }

    const outcomes = await traffic.finished;
    const unfinished = await waitUntilFinal(database.db, SETTLE_MS);
    run = { answers: client.answers, outcomes, killedWhileActive, lostInRestart, terminated, unfinished, workers: { victim, restarted, survivor } };
    process.stderr.write(
      `faults: ${client.answers.length} requests ${JSON.stringify(statusCounts(client.answers))}; killed holding ${JSON.stringify(killedWhileActive)}; ` +
        `lost in the Redis restart ${JSON.stringify(lostInRestart)}; ` +
        `terminated ${terminated.join('/')} sessions; journeys finished ${outcomes.filter((o) => !o.failure).length}/${outcomes.length}\n`,
    );
  }, 240_000);

  afterAll(async () => {
    await processes.stopAll();
    // What each process printed, for whoever reads a failure (a 500's cause is in the api's log).
    if (suite) {
      const directory = mkdtempSync(join(tmpdir(), 'kyb-faults-'));
      const all = [suite.api, ...(run ? [run.workers.victim, run.workers.restarted, run.workers.survivor] : [])];
      all.forEach((started, i) => writeFileSync(join(directory, `${i}-${started.role}-${started.pid}.log`), started.handle.output()));
      process.stderr.write(`faults: the suite's logs are in ${directory}\n`);
    }
    await database?.destroy();
  });

  it('struck each fault where it hurts: the worker was killed holding jobs, Redis went down with jobs in it, PostgreSQL ended the suite\'s sessions', () => {
    expect(run.workers.victim.handle.child.signalCode).toBe('SIGKILL');
    expect(Object.keys(run.killedWhileActive)).not.toHaveLength(0);
    expect(Object.keys(run.lostInRestart)).not.toHaveLength(0);
    expect(run.terminated.every((n) => n > 0)).toBe(true);
  });

  it('answered every request 2xx or 503 in the envelope, never a 500, never past its time-out', () => {
    expect(run.answers.length).toBeGreaterThan(JOURNEYS * 3);
    expect(grouped(unacceptable(run.answers))).toEqual([]);
  });

  it('finished every journey: records, score, report, screening and invitation mail', () => {
    expect(run.outcomes.map((o) => o.failure).filter(Boolean)).toEqual([]);
  });

  it('leaves nothing unfinished', () => {
    expect(run.unfinished).toEqual([]);
  });

  it('gave every business its public records, score and reports exactly once', async () => {
    // Every business a journey was answered with is stored (the checks below cover every stored one).
    const answered = run.outcomes.flatMap((o) => (o.businessId ? [o.businessId] : []));
    expect(answered.length).toBeGreaterThan(0);
    const stored = new Set((await database.db('cases.businesses').whereIn('id', answered).pluck('id')).map(String));
    expect(answered.filter((id) => !stored.has(id))).toEqual([]);
    expect(await exactlyOnceViolations(database.db)).toEqual([]);
    const asked: AskedFor = { reportRequests: new Map(), screeningRequests: new Map(), reportIds: run.outcomes.flatMap((o) => o.reportIds) };
    for (const answer of run.answers.filter((a) => a.method === 'POST')) {
      const id = /businesses\/([0-9a-f-]{36})(?:\/screening)?$/.exec(answer.path)?.[1];
      const tally = answer.step === 'report' ? asked.reportRequests : answer.step === 'screening' ? asked.screeningRequests : undefined;
      if (id && tally) tally.set(id, (tally.get(id) ?? 0) + 1);
    }
    expect(await moreThanAsked(database.db, asked)).toEqual([]);
  });

  it('ran no job\'s side effects twice: each invitation mail was sent once', async () => {
    const { victim, restarted, survivor } = run.workers;
    const logs = [victim, restarted, survivor].map((w) => w.handle.output()).join('\n');
    const invited = run.outcomes.flatMap((o) => o.invitedEmails);
    expect(invited.length).toBeGreaterThan(0);
    expect(await mailSentTwice(database.db, logs)).toEqual([]);
  });

  it('recovered without a restart: the api and the workers that were not killed kept their process and are ready', async () => {
    const { restarted, survivor } = run.workers;
    for (const started of [suite.api, restarted, survivor]) {
      const { role } = started;
      // The same process as at the start: it never exited (nobody restarts processes in this test).
      expect({ role, pid: started.pid, alive: started.alive() }).toEqual({ role, pid: started.pid, alive: true });
      expect({ role, readyz: await readiness(started.metricsUrl) }).toEqual({ role, readyz: '200' });
    }
    expect(await readiness(suite.base)).toBe('200');
  });
});
