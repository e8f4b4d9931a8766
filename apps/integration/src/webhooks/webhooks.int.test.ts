import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { USER_PERMISSIONS } from '@kyb/auth';
import { signatureOf } from './delivery';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { startTestReceiver, type TestReceiver } from './testing/test-receiver';

const PREFIX = '/integration/api/v1';

/*
 * Webhooks end to end in the integration area: endpoints, every area's events turned into signed
 * deliveries by the dispatcher (the workers run), verified by an independent implementation of
 * Standard Webhooks, failures retried on the schedule, a retry by API, a replay, secret rotation.
 */
describe('webhooks', () => {
  let t: IntegrationTestApp;
  let receiver: TestReceiver;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startIntegrationTestApp({
      webhooks: { allowPrivateUrls: true, retryDelaysMs: [100], dispatchEveryMs: 100, secretOverlapMs: 3_600_000 },
    });
    receiver = await startTestReceiver();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
    await t.customer(customerId);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const api = (method: 'get' | 'post' | 'patch' | 'delete', path: string, token = owner) =>
    request(t.app)[method](`${PREFIX}/customers/${customerId}/webhooks${path}`).set('Authorization', `Bearer ${token}`);
  const register = async (body: object) => (await api('post', '').send(body).expect(200)).body.data;
  const businessCreated = (businessId = randomUUID()) => t.emit('cases', { type: 'business.created', customerId, data: { business_id: businessId } });
  const deliveriesOf = async (webhookId: string, query = '') => (await api('get', `/${webhookId}/deliveries${query}`).expect(200)).body.data;
  const receivedEvent = (eventId: string) => receiver.received.filter((r) => r.headers['webhook-id'] === eventId);

  it('registers an endpoint, shows its secret once, keeps it sealed, and lists, reads, changes and removes it', async () => {
    const created = await api('post', '').send({ url: receiver.url, events: ['business.created'], description: 'CRM' }).expect(200);
    expect(created.body).toEqual({
      status: 'success',
      message: 'Webhook created successfully',
      data: {
        id: expect.any(String),
        customer_id: customerId,
        url: receiver.url,
        description: 'CRM',
        events: ['business.created'],
        enabled: true,
        disabled_reason: null,
        failing_since: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
        previous_secret_expires_at: null,
      },
    });
    const { id, secret } = created.body.data;
    const stored = await t.db('integration.webhook_secrets').where({ webhook_id: id });
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    expect(stored[0].sealed_secret).toMatch(/^d1\./);
    expect(await t.dataKeys.open(stored[0].sealed_secret)).toBe(secret);

    const listed = await api('get', '').expect(200);
    expect(listed.body.message).toBe('Webhooks retrieved successfully');
    expect(listed.body.data.records.map((w: { id: string }) => w.id)).toContain(id);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const read = await api('get', `/${id}`).expect(200);
    expect(read.body.data).not.toHaveProperty('secret');
    const changed = await api('patch', `/${id}`).send({ events: ['*'], description: null, enabled: false }).expect(200);
    expect(changed.body.data).toMatchObject({ events: ['*'], description: null, enabled: false, disabled_reason: 'Disabled by the customer.' });
    await api('delete', `/${id}`).expect(200, { status: 'success', message: 'Webhook deleted successfully', data: null });
    // Gone: a CUSTOMER is answered as for another tenant's webhook, an ADMIN is told it does not exist.
    const gone = await api('get', `/${id}`).expect(403);
    expect(gone.body).toMatchObject({ status: 'fail', errorCode: 'UNAUTHORIZED', data: { errorName: 'AccessMiddlewareError' } });
    const toAdmin = await api('get', `/${id}`, t.keys.tokenFor({ role: 'ADMIN' })).expect(404);
    expect(toAdmin.body).toMatchObject({ status: 'fail', errorCode: 'NOT_FOUND', message: 'Webhook not found', data: { errorName: 'WebhookNotFoundError' } });
    expect(await t.db('integration.webhook_secrets').where({ webhook_id: id })).toEqual([]);
  });

  it('refuses urls it will not deliver to, and bodies outside the schema', async () => {
    for (const [url, reason] of [
      ['ftp://example.com/hook', 'url must use http or https'],
      ['https://user:pw@example.com/hook', 'url must not contain a username or password'],
      ['not a url', 'url must be an absolute URL'],
    ]) {
      const refused = await api('post', '').send({ url }).expect(400);
      expect(refused.body).toMatchObject({ errorCode: 'INVALID', message: `Webhook url refused: ${reason}`, data: { errorName: 'WebhookUrlError' } });
    }
    await api('post', '').send({ url: receiver.url, events: ['business.exploded'] }).expect(400);
    await api('post', '').send({ url: receiver.url, events: [] }).expect(400);
    await api('patch', `/${randomUUID()}`).send({}).expect(400);
  });

  it("delivers an area's event signed per Standard Webhooks, with ids only, and logs the attempt", async () => {
    const { id, secret } = await register({ url: receiver.url, events: ['business.created'] });
    receiver.trust(secret);
    const businessId = randomUUID();
    const eventId = await businessCreated(businessId);
    const [got] = await eventually(async () => (receivedEvent(eventId).length ? receivedEvent(eventId) : undefined));
    expect(got.verifiedWith).toEqual([secret]);
    expect(got.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got.body)).toEqual({ type: 'business.created', timestamp: expect.any(String), data: { customer_id: customerId, business_id: businessId } });
    const delivered = await eventually(async () => {
      const page = await deliveriesOf(id);
      return page.records[0]?.status === 'SUCCEEDED' ? page : undefined;
    });
    expect(delivered).toMatchObject({ total_items: '1', total_pages: 1 });
    expect(delivered.records[0]).toMatchObject({ event_id: eventId, event_type: 'business.created', origin: 'event', attempts: 1, last_response_status: 200, next_attempt_at: null });
    const detail = await api('get', `/${id}/deliveries/${delivered.records[0].id}`).expect(200);
    expect(detail.body.data.payload).toEqual(JSON.parse(got.body));
    expect(detail.body.data.attempt_log).toEqual([
      { number: 1, started_at: expect.any(String), duration_ms: expect.any(Number), response_status: 200, response_excerpt: 'thanks', error: null, succeeded: true },
    ]);
  });

  it('delivers only the types an endpoint subscribes to, and only its own customer\'s events', async () => {
    const { id } = await register({ url: receiver.url, events: ['score.computed'] });
    await businessCreated();
    const scored = await t.emit('scores', { type: 'score.computed', customerId, data: { business_id: randomUUID(), score_id: randomUUID(), risk_level: 'LOW' } });
    await t.emit('scores', { type: 'score.computed', customerId: randomUUID(), data: { business_id: randomUUID(), score_id: randomUUID(), risk_level: 'LOW' } });
    await eventually(async () => ((await deliveriesOf(id)).records.some((d: { status: string }) => d.status === 'SUCCEEDED') ? true : undefined));
    // A later event of the same type arrives too: the dispatcher has passed the others by then.
    const marker = await t.emit('scores', { type: 'score.computed', customerId, data: { business_id: randomUUID(), score_id: randomUUID(), risk_level: 'HIGH' } });
    await eventually(async () => ((await deliveriesOf(id)).records.length === 2 ? true : undefined));
    expect((await deliveriesOf(id)).records.map((d: { event_id: string }) => d.event_id).sort()).toEqual([scored, marker].sort());
    expect((await deliveriesOf(id, '?filter[event_type]=business.created')).records).toEqual([]);
  });

  it('retries a failed attempt on the schedule, ends FAILED after the last, and an API retry delivers it', async () => {
    const { id, secret } = await register({ url: receiver.url, events: ['enrichment.failed'] });
    receiver.trust(secret);
    // The receiver's scripted answers go to whichever request comes next: let the deliveries the
    // earlier tests set off (an earlier endpoint's business.created, the marker) end first.
    await eventually(async () => ((await t.db('integration.webhook_deliveries').where({ status: 'PENDING' })).length === 0 ? true : undefined));
    receiver.answerNext(500, 503);
    const eventId = await t.emit('integration', { type: 'enrichment.failed', customerId, data: { business_id: randomUUID(), task_id: randomUUID() } });
    const failed = await eventually(async () => {
      const page = await deliveriesOf(id, '?filter[status]=FAILED');
      return page.records[0];
    });
    expect(failed).toMatchObject({ event_id: eventId, attempts: 2, last_response_status: 503, next_attempt_at: null, delivered_at: null });
    const log = (await api('get', `/${id}/deliveries/${failed.id}`).expect(200)).body.data.attempt_log;
    expect(log.map((a: { response_status: number; response_excerpt: string; succeeded: boolean }) => [a.response_status, a.response_excerpt, a.succeeded])).toEqual([
      [500, 'refused with 500', false],
      [503, 'refused with 503', false],
    ]);
    expect((await api('get', `/${id}`).expect(200)).body.data.failing_since).toEqual(expect.any(String));

    const retried = await api('post', `/${id}/deliveries/${failed.id}/retry`).expect(200);
    expect(retried.body).toMatchObject({ message: 'Webhook delivery queued for another attempt', data: { id: failed.id, status: 'PENDING', attempts: 2 } });
    const delivered = await eventually(async () => {
      const detail = (await api('get', `/${id}/deliveries/${failed.id}`).expect(200)).body.data;
      return detail.status === 'SUCCEEDED' ? detail : undefined;
    });
    expect(delivered.attempts).toBe(3);
    expect(receivedEvent(eventId).map((r) => r.verifiedWith)).toEqual([[secret], [secret], [secret]]);
    // An attempt that is running (leased) cannot be retried until it ends.
    await t.db('integration.webhook_deliveries').where({ id: failed.id }).update({ leased_until: new Date(Date.now() + 60_000) });
    expect((await api('post', `/${id}/deliveries/${failed.id}/retry`).expect(409)).body).toEqual({
      status: 'fail',
      message: 'An attempt of this delivery is running: retry it after the attempt ends',
      errorCode: 'DUPLICATE',
      data: { errorName: 'WebhookDeliveryInFlightError' },
    });
    await t.db('integration.webhook_deliveries').where({ id: failed.id }).update({ leased_until: null });
    // A success ends the endpoint's failing streak.
    expect((await api('get', `/${id}`).expect(200)).body.data.failing_since).toBeNull();
    expect((await api('post', `/${id}/deliveries/${randomUUID()}/retry`).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    const unknown = await api('post', `/${id}/deliveries/${randomUUID()}/retry`, t.keys.tokenFor({ role: 'ADMIN' })).expect(404);
    expect(unknown.body.data.errorName).toBe('WebhookDeliveryNotFoundError');
  });

  it("replays a time range of the customer's events to one endpoint, with the events' own ids", async () => {
    // Events of earlier tests are older than the range (PostgreSQL and the test read the same clock).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date().toISOString();
    const first = await businessCreated();
    const second = await businessCreated();
    await t.emit('reports', { type: 'report.completed', customerId, data: { business_id: randomUUID(), report_id: randomUUID() } });
    // Registered after the events occurred: only a replay brings them, however far behind the dispatcher is.
    const { id, secret } = await register({ url: receiver.url, events: ['business.created'] });
    receiver.trust(secret);
    const replayed = await api('post', `/${id}/replay`).send({ from: since, to: new Date(Date.now() + 60_000).toISOString() }).expect(200);
    expect(replayed.body).toMatchObject({ message: 'Webhook events queued for replay', data: { webhook_id: id, events: 2, deliveries: 2, types: ['business.created'] } });
    await eventually(async () => ((await deliveriesOf(id, '?filter[status]=SUCCEEDED')).records.length === 2 ? true : undefined));
    expect((await deliveriesOf(id)).records.map((d: { origin: string }) => d.origin)).toEqual(['replay', 'replay']);
    // The endpoint of an earlier test takes business.created too: the replayed copy is the one signed with this secret.
    for (const eventId of [first, second]) expect(receivedEvent(eventId).filter((r) => r.verifiedWith.includes(secret))).toHaveLength(1);

    // Types the endpoint does not take: nothing to replay, and the answer says which types were.
    const none = await api('post', `/${id}/replay`).send({ from: since, to: new Date().toISOString(), types: ['report.completed'] }).expect(200);
    expect(none.body.data).toMatchObject({ types: [], events: 0, deliveries: 0 });
    const empty = await api('post', `/${id}/replay`).send({ from: since, to: since }).expect(400);
    expect(empty.body).toEqual({
      status: 'fail',
      message: 'Replay range is empty: from must be before to, and before now',
      errorCode: 'INVALID',
      data: { errorName: 'WebhookReplayRangeError' },
    });
    const tooOld = await api('post', `/${id}/replay`).send({ from: '2020-01-01T00:00:00Z', to: since }).expect(400);
    expect(tooOld.body.message).toMatch(/^Events are kept 30 days/);
    await api('patch', `/${id}`).send({ enabled: false }).expect(200);
    const disabled = await api('post', `/${id}/replay`).send({ from: since, to: new Date().toISOString() }).expect(409);
    expect(disabled.body).toMatchObject({ errorCode: 'NOT_ALLOWED', data: { errorName: 'WebhookDisabledError' } });
  });

  it('rotates the secret: during the overlap each delivery is signed with both, each verifying on its own', async () => {
    const { id, secret: old } = await register({ url: receiver.url, events: ['screening.completed'] });
    const rotated = await api('post', `/${id}/rotate-secret`).expect(200);
    const fresh = rotated.body.data.secret as string;
    expect(fresh).not.toBe(old);
    expect(new Date(rotated.body.data.previous_secret_expires_at).getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    receiver.trust(old, fresh);
    const eventId = await t.emit('integration', { type: 'screening.completed', customerId, data: { business_id: randomUUID(), screening_id: randomUUID() } });
    const [got] = await eventually(async () => (receivedEvent(eventId).length ? receivedEvent(eventId) : undefined));
    expect(got.verifiedWith.sort()).toEqual([old, fresh].sort());
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    // After the overlap only the new secret signs (the clock moves on: checked here, not by the library's 5-minute tolerance).
    t.clock.advance(3_700_000);
    try {
      const later = await t.emit('integration', { type: 'screening.completed', customerId, data: { business_id: randomUUID(), screening_id: randomUUID() } });
      const [next] = await eventually(async () => (receivedEvent(later).length ? receivedEvent(later) : undefined));
      const timestamp = Number(next.headers['webhook-timestamp']);
      expect(timestamp).toBeGreaterThan(Date.now() / 1000 + 3600);
      expect(next.headers['webhook-signature']).toBe(signatureOf(fresh, later, timestamp, next.body));
    } finally {
      t.clock.advance(-3_700_000);
    }
  });

  it("answers another tenant's endpoint exactly as an unknown one, and needs profile:write to change one", async () => {
    const { id } = await register({ url: receiver.url });
    const otherCustomer = randomUUID();
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: otherCustomer, subrole: 'owner' });
    const theirs = await request(t.app).get(`${PREFIX}/customers/${otherCustomer}/webhooks/${id}`).set('Authorization', `Bearer ${stranger}`).expect(403);
    const unknown = await request(t.app).get(`${PREFIX}/customers/${otherCustomer}/webhooks/${randomUUID()}`).set('Authorization', `Bearer ${stranger}`).expect(403);
    expect(theirs.body).toEqual(unknown.body);
    await request(t.app).get(`${PREFIX}/customers/${customerId}/webhooks/${id}`).set('Authorization', `Bearer ${stranger}`).expect(403);
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    await api('get', `/${id}`, reader).expect(200);
    const refused = await api('patch', `/${id}`, reader).send({ enabled: false }).expect(403);
    expect(refused.body.data.errorName).toBe('PermissionMiddlewareError');
  });

  it('audits every change of an endpoint, a retry and a replay, with the caller and request, never the secret', async () => {
    const created = await api('post', '').send({ url: receiver.url, events: ['report.failed'] }).expect(200);
    const id = created.body.data.id as string;
    const patched = await api('patch', `/${id}`).send({ description: 'audited', enabled: true }).expect(200);
    const rotated = await api('post', `/${id}/rotate-secret`).expect(200);
    await api('post', `/${id}/replay`).send({ from: new Date(Date.now() - 60_000).toISOString(), to: new Date().toISOString() }).expect(200);
    await api('delete', `/${id}`).expect(200);
    const entries = await eventually(async () => {
      const mine = (await t.auditEntries()).filter((e) => e.target_id === id);
      return mine.length === 5 ? mine : undefined;
    });
    expect(entries.map((e) => e.action)).toEqual(['webhook.created', 'webhook.updated', 'webhook.secret_rotated', 'webhook.replayed', 'webhook.deleted']);
    expect(entries[0]).toMatchObject({ customer_id: customerId, actor_role: 'CUSTOMER', target_type: 'webhook', request_id: created.headers['x-request-id'], details: { events: 'report.failed', enabled: true } });
    expect(entries[1]).toMatchObject({ request_id: patched.headers['x-request-id'], details: { changed: 'description,enabled', enabled: true } });
    const text = JSON.stringify(entries);
    for (const secret of [created.body.data.secret, rotated.body.data.secret]) expect(text).not.toContain(secret.slice(6, 20));
    // A refused change records nothing.
    const updates = async () => (await t.auditEntries()).filter((e) => e.action === 'webhook.updated').length;
    const before = await updates();
    await api('patch', `/${randomUUID()}`).send({ enabled: false }).expect(403);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await updates()).toBe(before);
    expect(await t.db('integration.audit_outbox')).toEqual([]);
  });
});
