import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { metricSamples } from '@kyb/testing';
import request from 'supertest';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { startTestReceiver, type TestReceiver } from './testing/test-receiver';
import { createWebhookMetrics } from './webhook-metrics';

const PREFIX = '/integration/api/v1';
const DAY = 86_400_000;

/* What a team alerts on about webhooks: attempts by outcome, and the backlog of pending deliveries. */
describe('webhook metrics', () => {
  let t: IntegrationTestApp;
  let receiver: TestReceiver;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    // Two attempts per delivery, the second a minute after the first fails.
    t = await startIntegrationTestApp({ webhooks: { allowPrivateUrls: true, retryDelaysMs: [60_000], dispatchEveryMs: 100 } });
    receiver = await startTestReceiver();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('reads the pending deliveries, the age of the oldest and how late the most overdue attempt is, in one statement at scrape', async () => {
    // Days ahead of the dispatcher's clock, so that it leaves these rows alone; the gauges read them with their own.
    const base = Date.now() + 10 * DAY;
    const now = new Date(base + 6 * DAY);
    const endpoint = randomUUID();
    await t.db('integration.webhook_endpoints').insert({ id: endpoint, customer_id: randomUUID(), url: 'https://hooks.example.com/x', events: ['report.failed'], enabled: true, created_at: new Date(base), updated_at: new Date(base) });
    const delivery = (status: string, created: number, next: number | null, leased: number | null = null) => ({
      id: randomUUID(),
      webhook_id: endpoint,
      customer_id: randomUUID(),
      event_id: randomUUID(),
      event_type: 'report.failed',
      occurred_at: new Date(base + created),
      origin: 'replay',
      body: '{}',
      status,
      attempts: 1,
      max_attempts: 8,
      next_attempt_at: next === null ? null : new Date(base + next),
      leased_until: leased === null ? null : new Date(base + leased),
      created_at: new Date(base + created),
      updated_at: new Date(base + created),
    });
    await t.db('integration.webhook_deliveries').insert([
      delivery('PENDING', 0, 2 * DAY),
      // Due earlier, but taken by a worker: not overdue.
      delivery('PENDING', DAY, DAY, 7 * DAY),
      // Not due yet.
      delivery('PENDING', 5 * DAY, 7 * DAY),
      // Ended: not pending, however old.
      delivery('SUCCEEDED', -DAY, null),
      delivery('FAILED', -DAY, null),
    ]);
    const registry = new Registry();
    createWebhookMetrics({ db: t.db, clock: () => now }).register(registry);
    const text = await registry.metrics();
    expect([metricSamples(text, 'kyb_webhook_deliveries_pending'), metricSamples(text, 'kyb_webhook_oldest_pending_seconds'), metricSamples(text, 'kyb_webhook_oldest_due_seconds')]).toEqual([
      new Map([['', 3]]),
      new Map([['', (6 * DAY) / 1000]]),
      new Map([['', (4 * DAY) / 1000]]),
    ]);
    await t.db('integration.webhook_endpoints').where({ id: endpoint }).delete();
    const none = await registry.metrics();
    expect([metricSamples(none, 'kyb_webhook_deliveries_pending').get(''), metricSamples(none, 'kyb_webhook_oldest_pending_seconds').get(''), metricSamples(none, 'kyb_webhook_oldest_due_seconds').get('')]).toEqual([0, 0, 0]);
  });

  it("counts each real attempt on the area's /metrics by what followed: succeeded, retrying, then failed for good", async () => {
    const hooks = (method: 'get' | 'post', path: string) =>
      request(t.app)[method](`${PREFIX}/customers/${customerId}/webhooks${path}`).set('Authorization', `Bearer ${owner}`).set('Idempotency-Key', randomUUID());
    const ok = (await hooks('post', '').send({ url: receiver.url, events: ['report.failed'] }).expect(200)).body.data;
    const closed = (await hooks('post', '').send({ url: 'http://127.0.0.1:9/closed', events: ['report.failed'] }).expect(200)).body.data;
    receiver.trust(ok.secret);
    await t.emit('reports', { type: 'report.failed', customerId, data: { business_id: randomUUID(), report_id: randomUUID() } });
    const attempts = async () => metricSamples((await request(t.app).get('/metrics').expect(200)).text, 'kyb_webhook_delivery_attempts_total');
    await eventually(async () => ((await attempts()).size === 2 ? true : undefined));
    expect(await attempts()).toEqual(
      new Map([
        ['{outcome="succeeded",service="integration"}', 1],
        ['{outcome="retrying",service="integration"}', 1],
      ]),
    );

    // Its last attempt, now: it fails, with none left.
    const [pending] = (await hooks('get', `/${closed.id}/deliveries`).expect(200)).body.data.records;
    await hooks('post', `/${closed.id}/deliveries/${pending.id}/retry`).expect(200);
    await eventually(async () => ((await attempts()).has('{outcome="failed",service="integration"}') ? true : undefined));
    expect(await attempts()).toEqual(
      new Map([
        ['{outcome="succeeded",service="integration"}', 1],
        ['{outcome="retrying",service="integration"}', 1],
        ['{outcome="failed",service="integration"}', 1],
      ]),
    );
    expect((await hooks('get', `/${closed.id}/deliveries/${pending.id}`).expect(200)).body.data).toMatchObject({ status: 'FAILED', attempts: 2 });
  });
});
