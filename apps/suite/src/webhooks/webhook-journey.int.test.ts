import { randomBytes, randomInt } from 'node:crypto';
import { createProcessGroup, createTestDatabase, eventually, type TestDatabase, dataOf, type Call, createOwnerTenants, startJourneySuite, type Tenant } from '@kyb/testing';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './webhook-receiver';

/*
 * Webhooks end to end (issue 11, ADR 0022): the built suite, its real areas writing their events
 * to their outboxes, the integration worker's dispatcher turning them into signed deliveries, and
 * a receiver on the loopback that checks every request with the independent `standardwebhooks`
 * library. Only the public API is used. The tests are the steps of one customer's journey, in order.
 */
const ADMIN = { email: 'webhooks.admin@example.com', password: 'webhooks admin passphrase' };
const PASSWORD = 'webhooks passphrase 2026';
/** Workers, the dispatcher and the other test files share two cores: be patient. */
const WAIT = 60_000;
const STEP = 120_000;

interface Business {
  id: string;
  name: string;
  tin: string;
}
interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  origin: string;
  status: string;
  attempts: number;
  last_response_status: number | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
}
interface DeliveryDetail extends Delivery {
  payload: unknown;
  attempt_log: Array<{ number: number; response_status: number | null; response_excerpt: string | null; succeeded: boolean }>;
}

describe('webhooks through the built suite: the real areas\' events reach a Standard Webhooks receiver', () => {
  const processes = createProcessGroup();
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let call: Call;
  let a: Tenant;
  let b: Tenant;
  let journeyStart: Date;
  let webhook: { id: string; secret: string };
  const businesses: Business[] = [];

  const hooks = (customerId: string) => `/integration/api/v1/customers/${customerId}/webhooks`;
  const asA = (method: string, path: string, body?: unknown) => call(method, path, { token: a.token, body });
  const deliveries = async (query: string) =>
    dataOf<{ records: Delivery[]; total_items: string }>(await asA('get', `${hooks(a.customerId)}/${webhook.id}/deliveries${query}`), 'deliveries');
  const deliveryDetail = async (id: string) => dataOf<DeliveryDetail>(await asA('get', `${hooks(a.customerId)}/${webhook.id}/deliveries/${id}`), 'delivery');

  /** The first request the receiver answered 2xx for an event of `type` about `businessId`. */
  const arrived = (type: string, businessId: string) =>
    eventually(async () => receiver.received.find((r) => r.answered < 300 && r.event?.type === type && r.event.data?.business_id === businessId), WAIT);

  /** What every request must be: signed with the endpoint's secret, `{type, timestamp, data}` of ids and states only. */
  const expectWellFormed = (request: ReceivedWebhook) => {
    expect(request.verifiedWith).toEqual([webhook.secret]);
    expect(Object.keys(request.event ?? {}).sort()).toEqual(['data', 'timestamp', 'type']);
    expect(new Date(String(request.event?.timestamp)).toISOString()).toBe(request.event?.timestamp);
    expect(request.event?.data?.customer_id).toBe(a.customerId);
    for (const business of businesses) {
      expect(request.body).not.toContain(business.tin);
      expect(request.body.toLowerCase()).not.toContain(business.name.toLowerCase());
    }
  };

  /** Adds a business as tenant A's owner (E12), with a TIN and an address. */
  const addBusiness = async (kind: string) => {
    const name = `Webhook ${kind} ${randomBytes(3).toString('hex')}`;
    const tin = `9${String(randomInt(10_000_000, 99_999_999))}`;
    const body = { name, tin, address_line_1: '1234 Testing Blvd.', address_city: 'Longwood', address_state: 'FL', address_postal_code: '32850' };
    const added = dataOf<{ result: Record<string, { data_businesses: { id: string } }> }>(await asA('post', `/case/api/v1/businesses/customers/${a.customerId}`, body), 'E12');
    const business = { id: added.result['0'].data_businesses.id, name, tin };
    businesses.push(business);
    return business;
  };

  beforeAll(async () => {
    [database, receiver] = await Promise.all([createTestDatabase(), startWebhookReceiver()]);
    // The receiver is on the loopback, over http; retries come after 200 ms, twice (3 attempts).
    call = await startJourneySuite(processes, database, { prefix: 'webhooks', admin: ADMIN });
    [a, b] = await createOwnerTenants(call, { admin: ADMIN, prefix: 'webhooks', password: PASSWORD }, ['A', 'B']);
  }, STEP);

  afterAll(async () => {
    await processes.stopAll();
    await receiver?.close();
    await database?.destroy();
  });

  it('1. the owner registers an endpoint for every event and is shown its whsec_ secret once', async () => {
    journeyStart = new Date();
    const created = dataOf<{ id: string; secret: string; url: string; events: string[]; enabled: boolean; customer_id: string }>(
      await asA('post', hooks(a.customerId), { url: receiver.url, events: ['*'], description: 'journey receiver' }),
      'register webhook',
    );
    expect(created).toMatchObject({ url: receiver.url, events: ['*'], enabled: true, customer_id: a.customerId });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    webhook = { id: created.id, secret: created.secret };
    receiver.trust(webhook.secret);
  });

  it('2. adding a business announces business.created, enrichment.completed, business.verified and score.computed, signed and with ids only', async () => {
    const business = await addBusiness('Dental');
    const created = await arrived('business.created', business.id);
    expect(created.event?.data).toEqual({ customer_id: a.customerId, business_id: business.id });
    expect(created.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);

    const enriched = await arrived('enrichment.completed', business.id);
    const tasks = dataOf<{ records: Array<{ id: string }> }>(await asA('get', `/integration/api/v1/business/${business.id}/integration-tasks`), 'tasks');
    expect(enriched.event?.data).toEqual({ customer_id: a.customerId, business_id: business.id, task_id: expect.any(String) });
    expect(tasks.records.map((t) => t.id)).toContain(enriched.event?.data?.task_id);

    // A TIN and an address, no steering word in the name: the sandbox verifies it.
    const verified = await arrived('business.verified', business.id);
    expect(verified.event?.data).toEqual({ customer_id: a.customerId, business_id: business.id });
    expect(dataOf<{ status: string }>(await asA('get', `/integration/api/v1/business/${business.id}/verification`), 'verification').status).toBe('VERIFIED');

    const scored = await arrived('score.computed', business.id);
    const score = dataOf<{ id: string; risk_level: string | null }>(await asA('get', `/score/api/v1/score/business/${business.id}?status=SUCCESS`), 'E10');
    expect(scored.event?.data).toEqual({ customer_id: a.customerId, business_id: business.id, score_id: score.id, risk_level: score.risk_level });

    for (const request of receiver.received) expectWellFormed(request);
    expect(receiver.received.filter((r) => r.event?.type === 'business.unverified')).toEqual([]);
    // Each event is fanned out once: one request per webhook-id, and the log shows each delivered.
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    // The dispatcher logs an attempt once it has read the answer, a moment after the receiver sent
    // it: wait until none of the four is PENDING, then each must have succeeded at its first attempt.
    const requests = [created, enriched, verified, scored];
    const logged = await eventually(async () => {
      const log = await deliveries('?pagination=false');
      const rows = requests.map((request) => log.records.find((d) => d.event_id === request.headers['webhook-id']));
      return rows.every((row) => row && row.status !== 'PENDING') ? rows : undefined;
    }, WAIT);
    requests.forEach((request, i) => {
      expect(logged[i]).toMatchObject({ status: 'SUCCEEDED', attempts: 1, origin: 'event', event_type: request.event?.type });
    });
  }, STEP);

  it('3. a requested report announces report.completed once it is rendered', async () => {
    const [business] = businesses;
    const { report_id } = dataOf<{ report_id: string }>(await asA('post', `/report/api/v1/reports/customers/${a.customerId}/businesses/${business.id}`), 'E7');
    const completed = await arrived('report.completed', business.id);
    expect(completed.event?.data).toEqual({ customer_id: a.customerId, business_id: business.id, report_id });
    expect(dataOf<{ status: string }>(await asA('get', `/report/api/v1/reports/${report_id}`), 'E6').status).toBe('COMPLETED');
    expectWellFormed(completed);
  }, STEP);

  it('4. a delivery the receiver refuses is attempted 3 times, logged FAILED, and delivered by an API retry with the same webhook-id and bytes', async () => {
    // Which request comes next is not fixed (a business makes several events): refuse by event type.
    receiver.answer((event) => (event?.type === 'business.created' ? 500 : 200));
    const business = await addBusiness('Mismatch Bakery');
    const failed = await eventually(async () => (await deliveries('?filter[status]=FAILED')).records.find((d) => d.event_type === 'business.created'), WAIT);
    receiver.answer(() => 200);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 3, last_response_status: 500, next_attempt_at: null, delivered_at: null, origin: 'event' });
    expect((await deliveries('?filter[status]=FAILED')).total_items).toBe('1');
    const detail = await deliveryDetail(failed.id);
    expect(detail.payload).toEqual({ type: 'business.created', timestamp: expect.any(String), data: { customer_id: a.customerId, business_id: business.id } });
    expect(detail.attempt_log.map((t) => [t.number, t.response_status, t.succeeded, t.response_excerpt])).toEqual([1, 2, 3].map((n) => [n, 500, false, 'refused with 500']));
    const refused = receiver.requestsOf(failed.event_id);
    expect(refused.map((r) => r.answered)).toEqual([500, 500, 500]);
    refused.forEach(expectWellFormed);
    expect(new Set(refused.map((r) => r.body)).size).toBe(1);

    const retried = dataOf<Delivery>(await asA('post', `${hooks(a.customerId)}/${webhook.id}/deliveries/${failed.id}/retry`), 'retry');
    expect(retried).toMatchObject({ id: failed.id, status: 'PENDING', attempts: 3 });
    const delivered = await eventually(async () => {
      const now = await deliveryDetail(failed.id);
      return now.status === 'PENDING' ? undefined : now;
    }, WAIT);
    expect(delivered).toMatchObject({ status: 'SUCCEEDED', attempts: 4, last_response_status: 200 });
    expect(delivered.attempt_log.at(-1)).toMatchObject({ number: 4, response_status: 200, succeeded: true });
    const all = receiver.requestsOf(failed.event_id);
    expect(all.map((r) => r.answered)).toEqual([500, 500, 500, 200]);
    expectWellFormed(all[3]);
    expect(all[3].body).toBe(refused[0].body);

    // The business's other events were not refused: the mismatching TIN makes it business.unverified.
    const unverified = await arrived('business.unverified', business.id);
    expect(unverified.event?.data).toEqual({ customer_id: a.customerId, business_id: business.id, status: 'UNVERIFIED' });
    expectWellFormed(unverified);
  }, STEP);

  it('5. a replay of the journey\'s business.created events sends each again with its webhook-id and bytes', async () => {
    const firstOf = (business: Business) => receiver.received.find((r) => r.event?.type === 'business.created' && r.event.data?.business_id === business.id);
    const originals = businesses.map((business) => firstOf(business) as ReceivedWebhook);
    expect(originals.every(Boolean)).toBe(true);
    const before = originals.map((o) => receiver.requestsOf(o.headers['webhook-id']).length);
    const range = { from: journeyStart.toISOString(), to: new Date().toISOString(), types: ['business.created'] };
    const replay = dataOf<{ webhook_id: string; types: string[]; events: number; deliveries: number }>(
      await asA('post', `${hooks(a.customerId)}/${webhook.id}/replay`, range),
      'replay',
    );
    expect(replay).toMatchObject({ webhook_id: webhook.id, from: range.from, types: ['business.created'], events: businesses.length, deliveries: businesses.length });

    const again = await eventually(async () => {
      const requests = originals.map((o, i) => receiver.requestsOf(o.headers['webhook-id']).slice(before[i]));
      return requests.every((r) => r.some((q) => q.answered === 200)) ? requests.map((r) => r[0]) : undefined;
    }, WAIT);
    again.forEach((request, i) => {
      expectWellFormed(request);
      expect(request.headers['webhook-id']).toBe(originals[i].headers['webhook-id']);
      expect(request.body).toBe(originals[i].body);
    });
    const log = await deliveries('?filter[event_type]=business.created&pagination=false');
    const replayed = log.records.filter((d) => d.origin === 'replay');
    expect(replayed.map((d) => d.event_id).sort()).toEqual(originals.map((o) => o.headers['webhook-id']).sort());
    expect(log.records.filter((d) => d.origin === 'event')).toHaveLength(businesses.length);
  }, STEP);

  it('6. another tenant\'s owner is refused 403 on every route of the endpoint, and no listing or reading shows a secret', async () => {
    const [delivery] = (await deliveries('?items_per_page=1')).records;
    const base = `${hooks(a.customerId)}/${webhook.id}`;
    const probes: Array<[string, string, unknown?]> = [
      ['post', hooks(a.customerId), { url: receiver.url }],
      ['get', hooks(a.customerId)],
      ['get', base],
      ['patch', base, { url: 'http://127.0.0.1:9/elsewhere', enabled: false }],
      ['delete', base],
      ['post', `${base}/rotate-secret`],
      ['get', `${base}/deliveries`],
      ['get', `${base}/deliveries/${delivery.id}`],
      ['post', `${base}/deliveries/${delivery.id}/retry`],
      ['post', `${base}/replay`, { from: journeyStart.toISOString(), to: new Date().toISOString() }],
    ];
    for (const [method, path, body] of probes) {
      const answer = await call(method, path, { token: b.token, body });
      expect({ route: `${method} ${path}`, status: answer.status, errorCode: answer.body.errorCode, message: answer.body.message, errorName: answer.body.data?.errorName }).toEqual({
        route: `${method} ${path}`,
        status: 403,
        errorCode: 'UNAUTHORIZED',
        message: 'You are not allowed to access the data.',
        errorName: 'AccessMiddlewareError',
      });
    }
    // Nothing B sent changed A's endpoint, and B's own tenant has none.
    expect(dataOf<unknown>(await call('get', hooks(b.customerId), { token: b.token }), 'B list')).toEqual({ records: [], total_pages: 0, total_items: '0' });
    const listed = await asA('get', hooks(a.customerId));
    const one = await asA('get', `${hooks(a.customerId)}/${webhook.id}`);
    expect(dataOf<{ records: Array<Record<string, unknown>> }>(listed, 'list').records).toEqual([expect.objectContaining({ id: webhook.id, url: receiver.url, enabled: true, description: 'journey receiver', failing_since: null })]);
    const key = webhook.secret.slice('whsec_'.length);
    for (const answer of [listed, one]) {
      expect(answer.text).not.toContain(key);
      expect(answer.text).not.toMatch(/secret|whsec_/);
    }
  }, STEP);

  it('7. after a rotation deliveries carry two signatures, the old and the new secret each verifying, and neither is listed', async () => {
    const old = webhook.secret;
    const rotated = dataOf<{ secret: string; previous_secret_expires_at: string | null }>(await asA('post', `${hooks(a.customerId)}/${webhook.id}/rotate-secret`), 'rotate');
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(old);
    // WEBHOOK_SECRET_OVERLAP_HOURS defaults to 24.
    expect(Date.parse(String(rotated.previous_secret_expires_at)) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    receiver.trust(old, rotated.secret);
    const [business] = businesses;
    const score = dataOf<{ id: string }>(await asA('post', `/score/api/v1/score/business/${business.id}/generate`), 'generate');
    const computed = await eventually(async () => receiver.received.find((r) => r.event?.type === 'score.computed' && r.event.data?.score_id === score.id), WAIT);
    expect(computed.answered).toBe(200);
    expect(computed.verifiedWith).toEqual([old, rotated.secret]);
    expect(computed.headers['webhook-signature'].split(' ')).toHaveLength(2);
    const listed = await asA('get', hooks(a.customerId));
    expect(listed.text).not.toContain(rotated.secret.slice('whsec_'.length));
  }, STEP);
});
