import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventSource } from '@kyb/area-views';
import type { AnyOutboxEvent } from '@kyb/db';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { startTestReceiver, type TestReceiver } from './testing/test-receiver';

const PREFIX = '/integration/api/v1';
const HOUR = 3_600_000;

/*
 * What one tenant may ask of the shared webhook machinery: a bounded number of endpoints (listed
 * page by page like every list), and replays one at a time per endpoint, each of a bounded number
 * of events.
 */
describe('webhook limits', () => {
  let t: IntegrationTestApp;
  let receiver: TestReceiver;

  beforeAll(async () => {
    t = await startIntegrationTestApp({
      webhooks: { allowPrivateUrls: true, maxEndpoints: 3, replayMaxEvents: 3, dispatchEveryMs: 100, retryDelaysMs: [HOUR] },
    });
    receiver = await startTestReceiver();
  });
  afterEach(() => t.clock.set(undefined));
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** A tenant of its own for each test, with its owner's calls (the token outlives the clock moved by an hour). */
  async function tenant() {
    const customerId = randomUUID();
    await t.customer(customerId);
    const token = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' }, 3 * 3600);
    const api = (method: 'get' | 'post' | 'delete', path: string) =>
      request(t.app)[method](`${PREFIX}/customers/${customerId}/webhooks${path}`).set('Authorization', `Bearer ${token}`);
    const register = (events = ['*']) => api('post', '').send({ url: receiver.url, events });
    return { customerId, api, register };
  }

  const limitReached = {
    status: 'fail',
    message: 'A customer can hold at most 3 webhooks: delete one before registering another',
    errorCode: 'NOT_ALLOWED',
    data: { errorName: 'WebhookLimitError' },
  };

  it('refuses a webhook beyond the limit with 409, and takes one again once another is deleted', async () => {
    const { api, register } = await tenant();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await register().expect(200)).body.data.id);

    expect((await register().expect(409)).body).toEqual(limitReached);
    // Another tenant's endpoints do not count.
    await (await tenant()).register().expect(200);

    await api('delete', `/${ids[0]}`).expect(200);
    await register().expect(200);
    expect((await register().expect(409)).body).toEqual(limitReached);
  });

  it('holds the limit when registrations race', async () => {
    const { api, register } = await tenant();

    const answers = await Promise.all(Array.from({ length: 6 }, () => register()));

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    expect((await api('get', '?pagination=false').expect(200)).body.data.total_items).toBe('3');
  });

  it('lists the endpoints page by page, oldest first, with the totals every list gives', async () => {
    const { api, register } = await tenant();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await register().expect(200)).body.data.id);
    const page = async (query: string) => (await api('get', query).expect(200)).body;
    const idsOf = (body: { data: { records: Array<{ id: string }> } }) => body.data.records.map((record) => record.id);

    const first = await page('?items_per_page=2');
    expect(first).toMatchObject({ status: 'success', message: 'Webhooks retrieved successfully', data: { total_items: '3', total_pages: 2 } });
    expect(idsOf(first)).toEqual(ids.slice(0, 2));
    expect(idsOf(await page('?items_per_page=2&page=2'))).toEqual(ids.slice(2));
    expect((await page('?items_per_page=2&page=3')).data).toEqual({ records: [], total_pages: 2, total_items: '3' });
    expect(idsOf(await page('?pagination=false'))).toEqual(ids);
    expect(idsOf(await page('?sort[created_at]=desc'))).toEqual([...ids].reverse());
    expect(JSON.stringify(await page(''))).not.toMatch(/whsec_/);
    for (const query of ['?items_per_page=0', '?items_per_page=101', '?page=0', '?page=abc', '?filter[url]=x', '?sort[url]=asc']) {
      expect((await api('get', query).expect(400)).body).toMatchObject({ status: 'fail', errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
    }
  });

  it('runs one replay per endpoint at a time (409 while its deliveries are pending), of at most the configured number of events', async () => {
    const { customerId, api, register } = await tenant();
    const from = new Date(Date.now() - 1000).toISOString();
    const emit = (source: EventSource, event: Omit<AnyOutboxEvent, 'customerId'>, times: number) =>
      Promise.all(Array.from({ length: times }, () => t.emit(source, { ...event, customerId } as AnyOutboxEvent)));
    await emit('cases', { type: 'business.created', data: { business_id: randomUUID() } }, 4);
    await emit('reports', { type: 'report.completed', data: { business_id: randomUUID(), report_id: randomUUID() } }, 2);
    await emit('scores', { type: 'score.computed', data: { business_id: randomUUID(), score_id: randomUUID(), risk_level: 'LOW' } }, 2);
    const { id } = (await register().expect(200)).body.data;
    const replay = (types: string[]) => api('post', `/${id}/replay`).send({ from, to: new Date(Date.now() + 2 * HOUR).toISOString(), types });
    const settled = async () => (await api('get', `/${id}/deliveries?filter[status]=PENDING`).expect(200)).body.data.total_items === '0';

    expect((await replay(['business.created']).expect(400)).body).toEqual({
      status: 'fail',
      message: 'More than 3 events in the range: replay a shorter range',
      errorCode: 'INVALID',
      data: { errorName: 'WebhookReplayRangeError' },
    });
    // The replay's deliveries fail once and wait an hour for their retry: the replay runs all that time.
    receiver.answerNext(500, 500);
    expect((await replay(['report.completed']).expect(200)).body.data).toMatchObject({ events: 2, deliveries: 2 });
    expect((await replay(['score.computed']).expect(409)).body).toEqual({
      status: 'fail',
      message: 'A replay of this webhook is running: replay again once its deliveries have ended',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'WebhookReplayRunningError' },
    });

    // Once both first attempts have failed, an hour later their retries succeed and the replay ends.
    await eventually(async () => {
      const pending = (await api('get', `/${id}/deliveries?filter[status]=PENDING`).expect(200)).body.data.records as Array<{ attempts: number }>;
      return pending.length === 2 && pending.every((delivery) => delivery.attempts === 1) ? true : undefined;
    });
    t.clock.set(new Date(Date.now() + HOUR + 60_000));
    await eventually(async () => ((await settled()) ? true : undefined));
    // Two at once: one runs, the other is refused.
    const racing = await Promise.all([replay(['score.computed']), replay(['report.completed'])]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const audited = await eventually(async () => {
      const acts = (await t.auditEntries()).filter((entry) => entry.action === 'webhook.replayed' && entry.target_id === id);
      return acts.length === 2 ? acts : undefined;
    });
    expect(audited.map((entry) => entry.customer_id)).toEqual([customerId, customerId]);
  });
});
