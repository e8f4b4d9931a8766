import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import { migrateLatest, outboxMigration, outboxTraceMigration, recordEvent, recordEvents } from '@kyb/db';
import { recordSpans } from '@kyb/telemetry/testing';
import { createTestDatabase, eventually, type TestDatabase } from '@kyb/testing';
import { createEventFeeds, EVENT_SOURCES, FEED_START } from './event-feeds';

/*
 * The outbox every area creates with outboxMigration, read through its event_feed view. The feed
 * waits for every older transaction of the cluster (other test files' too) to end, so a read that
 * must see an event is retried until it does.
 */
describe('createEventFeeds', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    for (const schema of EVENT_SOURCES) await migrateLatest(database.db, { schema, migrations: [outboxMigration(schema, '20261126_0001_outbox'), outboxTraceMigration(schema, '20261210_0002_outbox_trace')] });
  });
  afterAll(() => database.destroy());

  it('reads an area feed in commit-safe order, past events it was given, with the customer in the data', async () => {
    const customerId = randomUUID();
    const [first, second] = await recordEvents(database.db, 'cases', [
      { type: 'business.created', customerId, data: { business_id: randomUUID() } },
      { type: 'business.created', customerId, data: { business_id: randomUUID() } },
    ]);
    const feeds = createEventFeeds(database.db);
    const page = await eventually(async () => {
      const read = await feeds.after('cases', FEED_START, 1);
      return read.events.length ? read : undefined;
    });
    expect(page.events.map((e) => e.id)).toEqual([first]);
    expect(page.events[0]).toMatchObject({ source: 'cases', customerId, type: 'business.created', data: { customer_id: customerId } });
    const next = await feeds.after('cases', page.reached, 10);
    expect(next.events.map((e) => e.id)).toEqual([second]);
    expect((await feeds.after('cases', next.reached, 10)).events).toEqual([]);
  });

  it('never skips an event whose transaction commits after a later one: the feed waits for it', async () => {
    const customerId = randomUUID();
    const feeds = createEventFeeds(database.db);
    const start = (await feeds.after('scores', FEED_START, 1000)).reached;
    const slow = await database.db.transaction();
    try {
      const early = await recordEvent(slow, 'scores', { type: 'score.computed', customerId, data: { business_id: randomUUID(), score_id: randomUUID(), risk_level: 'LOW' } });
      const late = await recordEvent(database.db, 'scores', { type: 'score.computed', customerId, data: { business_id: randomUUID(), score_id: randomUUID(), risk_level: 'HIGH' } });
      // The later event is committed, but an older transaction still runs: nothing is handed out yet.
      expect((await feeds.after('scores', start, 10)).events).toEqual([]);
      await slow.commit();
      const page = await eventually(async () => {
        const read = await feeds.after('scores', start, 10);
        return read.events.length === 2 ? read : undefined;
      });
      expect(page.events.map((e) => e.id)).toEqual([early, late]);
    } finally {
      if (!slow.isCompleted()) await slow.rollback();
    }
  });

  it('forgets nothing of a rolled-back change and passes over unknown types', async () => {
    const customerId = randomUUID();
    const feeds = createEventFeeds(database.db);
    const start = (await feeds.after('reports', FEED_START, 1000)).reached;
    await database.db
      .transaction(async (trx) => {
        await recordEvent(trx, 'reports', { type: 'report.completed', customerId, data: { business_id: randomUUID(), report_id: randomUUID() } });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await database.db('reports.outbox_events').insert({ id: randomUUID(), customer_id: customerId, type: 'from.the.future', data: {} });
    const page = await eventually(async () => {
      const read = await feeds.after('reports', start, 10);
      return read.reached.seq !== start.seq ? read : undefined;
    });
    expect(page.events).toEqual([]);
  });

  it("reads one customer's events of every area in a time range, by type", async () => {
    const customerId = randomUUID();
    const other = randomUUID();
    const business = randomUUID();
    await recordEvent(database.db, 'cases', { type: 'business.created', customerId, data: { business_id: business } });
    await recordEvent(database.db, 'integration', { type: 'enrichment.completed', customerId, data: { business_id: business, task_id: randomUUID() } });
    await recordEvent(database.db, 'auth', { type: 'invitation.accepted', customerId, data: { invitation_id: randomUUID(), business_id: business } });
    await recordEvent(database.db, 'cases', { type: 'business.created', customerId: other, data: { business_id: randomUUID() } });
    const feeds = createEventFeeds(database.db);
    const range = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) };
    const all = await feeds.ofCustomer(customerId, range, 100);
    expect(all.map((e) => e.type)).toEqual(['business.created', 'enrichment.completed', 'invitation.accepted']);
    expect(all.map((e) => e.source)).toEqual(['cases', 'integration', 'auth']);
    expect((await feeds.ofCustomer(customerId, { ...range, types: ['enrichment.completed'] }, 100)).map((e) => e.type)).toEqual(['enrichment.completed']);
    expect(await feeds.ofCustomer(customerId, { from: range.to, to: new Date(range.to.getTime() + 1000) }, 100)).toEqual([]);
    expect(await feeds.ofCustomer(customerId, range, 2)).toHaveLength(2);
  });

  it('carries the trace of the change an event announces, and none of an untraced one, through both reads', async () => {
    const customerId = randomUUID();
    const recorded = recordSpans();
    try {
      const start = (await createEventFeeds(database.db).after('integration', FEED_START, 1000)).reached;
      const traced = await trace.getTracer('test').startActiveSpan('enrichment job', async (span) => {
        const ids = await recordEvents(database.db, 'integration', [
          { type: 'enrichment.completed', customerId, data: { business_id: randomUUID(), task_id: randomUUID() } },
          { type: 'enrichment.completed', customerId, data: { business_id: randomUUID(), task_id: randomUUID() } },
        ]);
        span.end();
        return ids;
      });
      const untraced = await recordEvent(database.db, 'integration', { type: 'enrichment.completed', customerId, data: { business_id: randomUUID(), task_id: randomUUID() } });
      const [job] = recorded.spans();
      const traceparent = `00-${job.spanContext().traceId}-${job.spanContext().spanId}-01`;
      const page = await eventually(async () => {
        const read = await createEventFeeds(database.db).after('integration', start, 10);
        return read.events.length === 3 ? read : undefined;
      });
      expect(page.events.map((e) => [e.id, e.trace])).toEqual([...traced.map((id) => [id, { traceparent }]), [untraced, null]]);
      const replayed = await createEventFeeds(database.db).ofCustomer(customerId, { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) }, 10);
      expect(replayed.map((e) => e.trace)).toEqual([{ traceparent }, { traceparent }, null]);
    } finally {
      await recorded.stop();
    }
  });

  it('prunes only events older than the cut that the reader has passed', async () => {
    const customerId = randomUUID();
    const old = await recordEvent(database.db, 'auth', { type: 'invitation.accepted', customerId, data: { invitation_id: randomUUID(), business_id: null } });
    const first = await eventually(async () => {
      const read = await createEventFeeds(database.db).after('auth', FEED_START, 1000);
      return read.events.some((e) => e.id === old) ? read : undefined;
    });
    const passed = first.reached;
    const kept = await recordEvent(database.db, 'auth', { type: 'invitation.accepted', customerId, data: { invitation_id: randomUUID(), business_id: null } });
    const { rows } = await database.db.raw('select auth.prune_events(now() + interval \'1 minute\', ?::xid8) as gone', [String(BigInt(passed.tx) + 1n)]);
    expect(Number(rows[0].gone)).toBeGreaterThan(0);
    expect((await database.db('auth.outbox_events').select('id')).map((r) => r.id)).toEqual([kept]);
  });
});
