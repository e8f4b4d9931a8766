import { randomBytes, randomUUID } from 'node:crypto';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import type { MailMessage } from '@kyb/mail';
import { caseRecoveryQueue, createProducer, mailJobId, mailQueue, SWEEP_SCHEDULER_ID } from '@kyb/queues';
import { createSealedBox } from '@kyb/secrets';
import { createAuditLogStandIn, createCustomerDirectoryStandIn, createDataKeyStandIn, createInvitationAcceptancesStandIn } from '@kyb/area-views/testing';
import { eventually, queryPlanOf } from '@kyb/testing';
import { createCaseArea, type CaseArea } from '../area';
import { caseMigrations } from '../migrations';
import { createPgCaseRecoveryStore } from './case-recovery.store';
import { createLeasedRunProcessor } from './run-lease';

const STUCK_AFTER_MS = 60_000;
const longAgo = () => new Date(Date.now() - 10 * 60_000);

describe('the case recovery sweep (Redis lost the jobs; PostgreSQL still knows the work)', () => {
  let h: AreaHarness;
  let area: CaseArea;
  const key = randomBytes(32);
  const sent: MailMessage[] = [];
  const customerId = randomUUID();

  beforeAll(async () => {
    h = await startAreaHarness([caseMigrations], 'case-recovery');
    await (await createCustomerDirectoryStandIn(h.db)).put({ id: customerId });
    await createInvitationAcceptancesStandIn(h.db);
    await createDataKeyStandIn(h.db);
    await createAuditLogStandIn(h.db);
    area = createCaseArea({
      db: h.db,
      redis: h.redis,
      redisPrefix: h.redisPrefix,
      dataEncryptionKey: key,
      mailTransport: { send: async (message) => void sent.push(message) },
      clock: h.clock.now,
      logger: h.logger,
      tokens: h.tokens,
      // The scheduled sweep is left to its own test (libs/queues): here each test sweeps when it means to.
      recovery: { sweepEveryMs: 3_600_000, stuckAfterMs: STUCK_AFTER_MS, maxRecoveries: 2 },
    });
    await area.startWorkers(h.workerConnection);
  });
  afterAll(() => h.close(() => area.stop()));

  async function stuckMail(to: string, extra: object = {}): Promise<string> {
    const [{ id }] = await h.db('cases.mail_outbox').insert({ to_email: to, subject: 'Hi', body: 'Hello', created_at: longAgo(), ...extra }).returning('id');
    return id;
  }

  async function stuckRun(rows: object[], extra: object = {}): Promise<string> {
    const id = randomUUID();
    const rowsSealed = createSealedBox(key).seal(JSON.stringify(rows));
    await h.db('cases.onboarding_runs').insert({
      id, customer_id: customerId, created_by: randomUUID(), row_count: rows.length, status: 'PENDING', rows_sealed: rowsSealed, created_at: longAgo(), ...extra,
    });
    return id;
  }

  const mailStatus = async (id: string) => (await h.db('cases.mail_outbox').where({ id }).first()).status as string;
  const run = (id: string) => h.db('cases.onboarding_runs').where({ id }).first();

  it('reads stuck runs and mail through their partial indexes', async () => {
    const store = createPgCaseRecoveryStore(h.db);
    const q = { cutoff: new Date(), now: new Date(), afterId: null, limit: 500 };
    expect(await queryPlanOf(h.db, () => store.stuckRuns(q))).toContain('onboarding_runs_pending');
    expect(await queryPlanOf(h.db, () => store.stuckMail(q))).toContain('mail_outbox_unsent');
  });

  it('schedules its sweep in Redis at the configured interval wherever its workers run', async () => {
    const sweeps = createProducer(caseRecoveryQueue, { connection: h.redis, prefix: h.redisPrefix });
    expect(await eventually(async () => (await sweeps.queue.getJobScheduler(SWEEP_SCHEDULER_ID)) ?? undefined)).toMatchObject({ every: 3_600_000 });
    await sweeps.close();
  });

  it('sends a mail left PENDING with no job, once, however often it sweeps', async () => {
    const id = await stuckMail('lost@example.org');
    expect((await area.recovery.sweep()) as object).toMatchObject({ mail: { requeued: 1, failed: 0 } });
    await eventually(async () => ((await mailStatus(id)) === 'SENT' ? true : undefined));
    expect(await area.recovery.sweep()).toMatchObject({ mail: { requeued: 0, live: 0, failed: 0 } });
    expect(sent.filter((m) => m.to === 'lost@example.org')).toHaveLength(1);
    expect(await h.db('cases.mail_outbox').where({ id }).first()).toMatchObject({ status: 'SENT', recoveries: 1, attempts: 1 });
  });

  it('stores the rows of a run left PENDING with no job, and the businesses exist once', async () => {
    const id = await stuckRun([{ name: 'Swept Bakery' }]);
    await area.recovery.sweep();
    const done = await eventually(async () => ((await run(id)).status === 'SUCCEEDED' ? run(id) : undefined));
    expect(done).toMatchObject({ recoveries: 1, rows_sealed: null, failure_reason: null });
    await area.recovery.sweep();
    expect(await h.db('cases.businesses').where({ run_id: id }).pluck('name')).toEqual(['Swept Bakery']);
  });

  it('stores a run once when two of its jobs run at once: only the worker holding its lease does, and the sweep leaves a leased run alone', async () => {
    const id = await stuckRun([{ name: 'Leased Ltd' }]);
    let stored = 0;
    // The first job holds the lease until the test lets it end: no sleep to outlast.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const process = createLeasedRunProcessor({
      db: h.db,
      processRun: async () => {
        stored += 1;
        await held;
      },
      clock: () => new Date(),
    });
    const first = process(id);
    await eventually(async () => ((await run(id)).lease_owner ? true : undefined));
    expect(await area.recovery.sweep()).toMatchObject({ runs: { requeued: 0, live: 0 } });
    // The second job cannot take the lease, so it returns without storing anything.
    await process(id);
    expect(stored).toBe(1);
    release();
    await first;
    expect(stored).toBe(1);
    expect(await run(id)).toMatchObject({ lease_owner: null, lease_expires_at: null, recoveries: 0 });
  });

  it('ends a run and a mail recovered too often FAILED with the reason', async () => {
    const runId = await stuckRun([{ name: 'Never Ltd' }], { recoveries: 2 });
    const mailId = await stuckMail('never@example.org', { recoveries: 2 });
    expect(await area.recovery.sweep()).toMatchObject({ runs: { failed: 1 }, mail: { failed: 1 } });
    const reason = 'Gave up after 2 recoveries: its job was lost, or its worker stopped, each time.';
    expect(await run(runId)).toMatchObject({ status: 'FAILED', failure_reason: reason, rows_sealed: null });
    expect(await h.db('cases.mail_outbox').where({ id: mailId }).first()).toMatchObject({ status: 'FAILED', last_error: reason });
    expect(sent.filter((m) => m.to === 'never@example.org')).toEqual([]);
  });

  it('leaves alone mail whose job is still queued, a young message, and one held under a live lease; takes one whose lease lapsed', async () => {
    const waiting = await stuckMail('waiting@example.org');
    const producer = createProducer(mailQueue, { connection: h.redis, prefix: h.redisPrefix });
    await producer.add({ messageId: waiting }, { jobId: mailJobId(waiting), delay: 3_600_000 });
    const young = (await h.db('cases.mail_outbox').insert({ to_email: 'young@example.org', subject: 'Hi', body: 'Hello' }).returning('id'))[0].id;
    const held = await stuckMail('held@example.org', { status: 'SENDING', lease_owner: randomUUID(), lease_expires_at: new Date(Date.now() + 60_000) });
    const lapsed = await stuckMail('lapsed@example.org', { status: 'SENDING', lease_owner: randomUUID(), lease_expires_at: new Date(Date.now() - 1000) });
    expect(await area.recovery.sweep()).toMatchObject({ mail: { requeued: 1, live: 1, failed: 0 } });
    await eventually(async () => ((await mailStatus(lapsed)) === 'SENT' ? true : undefined));
    expect(await mailStatus(waiting)).toBe('PENDING');
    expect(await mailStatus(young)).toBe('PENDING');
    expect(await mailStatus(held)).toBe('SENDING');
    expect(sent.map((m) => m.to)).not.toContain('held@example.org');
    await producer.queue.remove(mailJobId(waiting));
    await producer.close();
  });
});
