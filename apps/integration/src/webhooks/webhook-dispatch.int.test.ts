import { randomUUID } from 'node:crypto';
import { createSealedBox } from '@kyb/secrets';
import type { EventSource } from '@kyb/area-views';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { createPgWebhookAttemptsStore } from './webhook-attempts.store';
import { createPgWebhookDeliveriesStore } from './webhook-deliveries.store';
import { createPgWebhookDispatchStore } from './webhook-dispatch.store';
import { createPgWebhookEndpointsStore } from './webhook-endpoints.store';
import { attemptPolicyOf } from './webhook-settings';

/* The dispatcher's statements without workers: exactly-once fan-out, per-endpoint leases, attempts recorded once. */
describe('webhook dispatch store', () => {
  let t: IntegrationTestApp;
  const customerId = randomUUID();
  const options = { limit: 500, maxAttempts: 3, now: new Date() };

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
  });
  afterAll(() => t.close());

  const endpoint = async (events = ['*']) => {
    const row = await createPgWebhookEndpointsStore(t.db).create(
      { customer_id: customerId, url: 'https://hooks.example.com/in', description: null, events, enabled: true },
      { sealedSecret: createSealedBox(t.dataEncryptionKey).seal('whsec_c2VjcmV0'), now: new Date(Date.now() - 60_000), maxEndpoints: 100 },
    );
    if (row === 'limit') throw new Error('the test customer holds 100 endpoints');
    return row;
  };
  /*
   * The feed hands out an event once every transaction older than it has ended, in the whole
   * cluster (other test files' too): read it until the events have become deliveries.
   */
  const fannedOut = (source: EventSource, eventIds: string[]) =>
    eventually(async () => {
      await createPgWebhookDispatchStore(t.db).fanOut(source, options);
      const rows = await t.db('integration.webhook_deliveries').whereIn('event_id', eventIds);
      return new Set(rows.map((r) => r.event_id)).size === eventIds.length ? rows : undefined;
    });
  const created = () => t.emit('cases', { type: 'business.created', customerId, data: { business_id: randomUUID() } });

  it('turns each event into one delivery per subscribed endpoint, however many dispatchers read the feed at once', async () => {
    const all = await endpoint();
    const scoresOnly = await endpoint(['score.computed']);
    const events = await Promise.all(Array.from({ length: 30 }, created));
    const store = createPgWebhookDispatchStore(t.db);
    const rounds = await Promise.all(Array.from({ length: 4 }, () => store.fanOut('cases', options)));
    // At most one reader holds the feed at a time; the others skip it rather than wait.
    expect(rounds.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    const rows = await fannedOut('cases', events);
    expect(rows.filter((r) => r.webhook_id === all.id).map((r) => r.event_id).sort()).toEqual([...events].sort());
    expect(rows.filter((r) => r.webhook_id === scoresOnly.id)).toEqual([]);
    expect(await store.fanOut('cases', options)).toEqual({ events: 0, deliveries: 0 });
  });

  it('leases at most maxInFlight deliveries per endpoint, and hands one out again only after its lease ran out', async () => {
    const target = await endpoint(['report.completed']);
    const events: string[] = [];
    for (let i = 0; i < 5; i += 1) events.push(await t.emit('reports', { type: 'report.completed', customerId, data: { business_id: randomUUID(), report_id: randomUUID() } }));
    const store = createPgWebhookDispatchStore(t.db);
    await fannedOut('reports', events);
    const now = new Date(Date.now() + 1000);
    const lease = { now, leaseUntil: new Date(now.getTime() + 30_000), maxInFlight: 2, limit: 100 };
    const first = (await store.leaseDue(lease)).filter((l) => l.id);
    const mine = await t.db('integration.webhook_deliveries').where({ webhook_id: target.id }).whereNotNull('leased_until');
    expect(mine).toHaveLength(2);
    expect(first.filter((l) => mine.some((m) => m.id === l.id)).every((l) => l.attempt === 1)).toBe(true);
    expect((await store.leaseDue(lease)).filter((l) => mine.some((m) => m.id === l.id))).toEqual([]);
    expect(await t.db('integration.webhook_deliveries').where({ webhook_id: target.id }).whereNotNull('leased_until')).toHaveLength(2);
    const later = new Date(now.getTime() + 31_000);
    const again = await store.leaseDue({ ...lease, now: later, leaseUntil: new Date(later.getTime() + 30_000) });
    expect(again.filter((l) => mine.some((m) => m.id === l.id)).map((l) => l.id).sort()).toEqual(mine.map((m) => m.id).sort());
  });

  it('records an attempt once: a second worker with the same attempt changes nothing', async () => {
    const target = await endpoint(['score.computed']);
    const event = await t.emit('scores', { type: 'score.computed', customerId, data: { business_id: randomUUID(), score_id: randomUUID(), risk_level: 'LOW' } });
    const dispatch = createPgWebhookDispatchStore(t.db);
    await fannedOut('scores', [event]);
    const now = new Date(Date.now() + 1000);
    await dispatch.leaseDue({ now, leaseUntil: new Date(now.getTime() + 30_000), maxInFlight: 5, limit: 100 });
    const [delivery] = await t.db('integration.webhook_deliveries').where({ webhook_id: target.id });
    const attempts = createPgWebhookAttemptsStore(t.db);
    const found = await attempts.target(delivery.id, 1, now);
    expect(found?.delivery.id).toBe(delivery.id);
    const policy = attemptPolicyOf({ retryDelaysMs: [1000], disableAfterMs: 86_400_000 });
    const outcome = { ok: false, status: 502, durationMs: 12, responseExcerpt: 'bad gateway', error: null };
    const [one, two] = await Promise.all([attempts.record(found!, 1, outcome, now, now, policy), attempts.record(found!, 1, outcome, now, now, policy)]);
    expect([one, two].sort()).toEqual([false, true]);
    expect(await t.db('integration.webhook_delivery_attempts').where({ delivery_id: delivery.id })).toHaveLength(1);
    const after = await t.db('integration.webhook_deliveries').where({ id: delivery.id }).first();
    expect(after).toMatchObject({ status: 'PENDING', attempts: 1, leased_until: null, last_response_status: 502 });
    expect(after.next_attempt_at.getTime()).toBe(now.getTime() + 1000);
    // Attempt 1 is no longer due: a late job for it does nothing.
    expect(await attempts.target(delivery.id, 1, now)).toBeUndefined();

    // An API retry of a delivery still PENDING brings its next attempt forward and keeps the retries it has left;
    // one of a delivery that ended gets a single attempt more.
    const retries = createPgWebhookDeliveriesStore(t.db);
    expect(await retries.retry(target.id, delivery.id, now)).toMatchObject({ status: 'PENDING', attempts: 1, max_attempts: 3, next_attempt_at: now });
    await t.db('integration.webhook_deliveries').where({ id: delivery.id }).update({ status: 'FAILED', attempts: 3, next_attempt_at: null });
    expect(await retries.retry(target.id, delivery.id, now)).toMatchObject({ status: 'PENDING', attempts: 3, max_attempts: 4 });
    await t.db('integration.webhook_deliveries').where({ id: delivery.id }).update({ leased_until: new Date(now.getTime() + 60_000) });
    expect(await retries.retry(target.id, delivery.id, now)).toBe('in-flight');
  });

  it('records an attempt behind a removal of its endpoint, never holding the delivery the removal cascades to (no deadlock)', async () => {
    const target = await endpoint(['score.computed']);
    const event = await t.emit('scores', { type: 'score.computed', customerId, data: { business_id: randomUUID(), score_id: randomUUID(), risk_level: 'LOW' } });
    await fannedOut('scores', [event]);
    const now = new Date(Date.now() + 1000);
    await createPgWebhookDispatchStore(t.db).leaseDue({ now, leaseUntil: new Date(now.getTime() + 30_000), maxInFlight: 5, limit: 100 });
    const [delivery] = await t.db('integration.webhook_deliveries').where({ webhook_id: target.id });
    const attempts = createPgWebhookAttemptsStore(t.db);
    const found = await attempts.target(delivery.id, 1, now);
    const policy = attemptPolicyOf({ retryDelaysMs: [1000], disableAfterMs: 86_400_000 });
    const outcome = { ok: false, status: null, durationMs: 3, responseExcerpt: null, error: 'connection refused' };
    // A removal under way holds the endpoint's row, as DELETE .../webhooks/{id} does before its cascade.
    const removal = await t.db.transaction();
    await removal('integration.webhook_endpoints').where({ id: target.id }).forUpdate().first('id');
    const recording = attempts.record(found!, 1, outcome, now, now, policy);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The attempt waits on the endpoint and has not taken the delivery: the cascade can have it.
    await t.db.transaction(async (trx) => expect(await trx.raw('select id from integration.webhook_deliveries where id = ? for update nowait', [delivery.id])).toBeDefined());
    await removal('integration.webhook_endpoints').where({ id: target.id }).delete();
    await removal.commit();
    expect(await recording).toBe(false);
    expect(await t.db('integration.webhook_deliveries').where({ id: delivery.id })).toEqual([]);
  });

  it("leases another endpoint's due delivery however long one endpoint's backlog of due deliveries is", async () => {
    const flooding = await endpoint(['business.created']);
    const quiet = await endpoint(['business.created']);
    const dayAgo = new Date(Date.now() - 86_400_000);
    const due = (webhookId: string, at: Date) => ({
      id: randomUUID(),
      webhook_id: webhookId,
      customer_id: customerId,
      event_id: randomUUID(),
      event_type: 'business.created',
      occurred_at: at,
      origin: 'replay',
      body: '{}',
      status: 'PENDING',
      attempts: 0,
      max_attempts: 3,
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    });
    // A replay's worth of deliveries due for a day, older than anything else due.
    await t.db('integration.webhook_deliveries').insert(Array.from({ length: 60 }, (_, i) => due(flooding.id, new Date(dayAgo.getTime() + i))));
    const [waiting] = await t.db('integration.webhook_deliveries').insert(due(quiet.id, new Date(Date.now() - 1000))).returning('id');
    const now = new Date(Date.now() + 1000);

    const leased = await createPgWebhookDispatchStore(t.db).leaseDue({ now, leaseUntil: new Date(now.getTime() + 30_000), maxInFlight: 2, limit: 50 });

    expect(leased.map((lease) => lease.id)).toContain(waiting.id);
    expect(await t.db('integration.webhook_deliveries').where({ webhook_id: flooding.id }).whereNotNull('leased_until')).toHaveLength(2);
  });
});
