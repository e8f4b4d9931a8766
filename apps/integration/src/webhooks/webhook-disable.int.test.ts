import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { startTestReceiver, type TestReceiver } from './testing/test-receiver';

const PREFIX = '/integration/api/v1';

/*
 * An endpoint failing for too long is disabled and the customer's other endpoints are told
 * (webhook.disabled); and where private addresses are not allowed (production), urls that reach
 * the loopback, private networks or the metadata service are refused at registration.
 */
describe('webhook endpoints that fail for too long', () => {
  let t: IntegrationTestApp;
  let receiver: TestReceiver;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    // One attempt per delivery, and "too long" is any failure: the first failed attempt disables.
    t = await startIntegrationTestApp({ webhooks: { allowPrivateUrls: true, retryDelaysMs: [], dispatchEveryMs: 100, disableAfterMs: 0 } });
    receiver = await startTestReceiver();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const api = (method: 'get' | 'post' | 'patch', path: string) =>
    request(t.app)[method](`${PREFIX}/customers/${customerId}/webhooks${path}`).set('Authorization', `Bearer ${owner}`);

  it('disables the endpoint with a reason, tells the other endpoints, sends it nothing more, and takes it back when enabled', async () => {
    const failing = (await api('post', '').send({ url: 'http://127.0.0.1:9/closed', events: ['report.failed'] }).expect(200)).body.data;
    const watcher = (await api('post', '').send({ url: receiver.url, events: ['webhook.disabled'] }).expect(200)).body.data;
    receiver.trust(watcher.secret);
    await t.emit('reports', { type: 'report.failed', customerId, data: { business_id: randomUUID(), report_id: randomUUID() } });

    const disabled = await eventually(async () => {
      const endpoint = (await api('get', `/${failing.id}`).expect(200)).body.data;
      return endpoint.enabled ? undefined : endpoint;
    });
    expect(disabled).toMatchObject({ enabled: false, failing_since: expect.any(String), disabled_reason: expect.stringMatching(/^Disabled automatically: every delivery has failed since /) });
    const [told] = await eventually(async () => (receiver.received.length ? receiver.received : undefined));
    expect(told.verifiedWith).toEqual([watcher.secret]);
    expect(JSON.parse(told.body)).toMatchObject({ type: 'webhook.disabled', data: { customer_id: customerId, webhook_id: failing.id } });
    const [attempt] = (await api('get', `/${failing.id}/deliveries`).expect(200)).body.data.records;
    expect(attempt).toMatchObject({ status: 'FAILED', attempts: 1, last_response_status: null });
    const log = (await api('get', `/${failing.id}/deliveries/${attempt.id}`).expect(200)).body.data.attempt_log;
    expect(log).toEqual([expect.objectContaining({ number: 1, response_status: null, error: 'connection refused', succeeded: false })]);

    // Disabled: no delivery of what happens meanwhile (the round below passes that event), and no retry until it is enabled again.
    const meanwhile = await t.emit('reports', { type: 'report.failed', customerId, data: { business_id: randomUUID(), report_id: randomUUID() } });
    // The dispatcher passes that event while the endpoint is disabled (once every older transaction of the cluster has ended).
    await eventually(async () => {
      await t.area.webhookDispatcher.round();
      const { rows } = await t.db.raw(
        `select (c.tx, c.seq) >= (e.tx, e.seq) as passed from integration.webhook_feed_cursors c, reports.outbox_events e where c.source = 'reports' and e.id = ?`,
        [meanwhile],
      );
      return rows[0]?.passed ? true : undefined;
    });
    const refused = await api('post', `/${failing.id}/deliveries/${attempt.id}/retry`).expect(409);
    expect(refused.body).toEqual({
      status: 'fail',
      message: 'Webhook is disabled: enable it before retrying or replaying deliveries',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'WebhookDisabledError' },
    });
    await api('patch', `/${failing.id}`).send({ url: receiver.url, enabled: true }).expect(200);
    receiver.trust(failing.secret);
    await api('post', `/${failing.id}/deliveries/${attempt.id}/retry`).expect(200);
    const delivered = await eventually(async () => {
      const detail = (await api('get', `/${failing.id}/deliveries/${attempt.id}`).expect(200)).body.data;
      return detail.status === 'SUCCEEDED' ? detail : undefined;
    });
    expect(delivered.attempts).toBe(2);
    expect((await api('get', `/${failing.id}/deliveries`).expect(200)).body.data.total_items).toBe('1');
    expect((await api('get', `/${failing.id}`).expect(200)).body.data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });
});

describe('webhook urls where private addresses are not allowed', () => {
  let t: IntegrationTestApp;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
  });
  afterAll(() => t.close());

  it('refuses http, the loopback, private networks, link-local and the metadata address', async () => {
    const owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
    const cases: Array<[string, string]> = [
      ['http://example.com/hook', 'url must use https'],
      ['https://127.0.0.1/hook', 'url host is a private or reserved address'],
      ['https://localhost:8443/hook', 'url host is a private or reserved address'],
      ['https://10.1.2.3/hook', 'url host is a private or reserved address'],
      ['https://169.254.169.254/latest/meta-data', 'url host is a private or reserved address'],
      ['https://[::1]/hook', 'url host is a private or reserved address'],
      ['https://[::ffff:192.168.0.1]/hook', 'url host is a private or reserved address'],
    ];
    for (const [url, reason] of cases) {
      const res = await request(t.app).post(`${PREFIX}/customers/${customerId}/webhooks`).set('Authorization', `Bearer ${owner}`).send({ url }).expect(400);
      expect({ url, message: res.body.message, errorName: res.body.data.errorName }).toEqual({ url, message: `Webhook url refused: ${reason}`, errorName: 'WebhookUrlError' });
    }
    expect(await t.db('integration.webhook_endpoints')).toEqual([]);
  });

  it('answers an ADMIN naming a customer that does not exist with 404, and registers for one that does', async () => {
    const admin = t.keys.tokenFor({ role: 'ADMIN' });
    const missing = await request(t.app).get(`${PREFIX}/customers/${randomUUID()}/webhooks`).set('Authorization', `Bearer ${admin}`).expect(404);
    expect(missing.body.data.errorName).toBe('CustomerApiError');
    await t.customer(customerId);
    const listed = await request(t.app).get(`${PREFIX}/customers/${customerId}/webhooks`).set('Authorization', `Bearer ${admin}`).expect(200);
    expect(listed.body.data).toEqual({ records: [], total_pages: 0, total_items: '0' });
  });
});
