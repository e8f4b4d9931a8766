import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { businessEnrichmentQueue, createProducer, enrichmentBatchQueue, type Producer } from '@kyb/queues';
import { startFakeVendor, type FakeVendor } from '../test-support/fake-vendor';
import { SAMPLE_ADDRESSES } from '../test-support/fakes/smarty/smarty-sample-addresses';
import { smartyStreetFake } from '../test-support/fakes/smarty/smarty-street.fake';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

const PREFIX = '/integration/api/v1';
const CREDENTIALS = { auth_id: 'f3b1c2d4-aaaa-4bbb-8ccc-0123456789ab', auth_token: 'Zx81kPq0LmN7rT2w' };

/* A tenant that chose a real adapter has its verification checks answered by it (Smarty, pointed at its fake); others keep the sandbox. */
describe("a tenant's chosen adapter in its verifications", () => {
  let t: IntegrationTestApp;
  let smarty: FakeVendor;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  const chooser = randomUUID();
  const other = randomUUID();

  beforeAll(async () => {
    smarty = await startFakeVendor(smartyStreetFake({ authId: CREDENTIALS.auth_id, authToken: CREDENTIALS.auth_token, addresses: SAMPLE_ADDRESSES }));
    t = await startIntegrationTestApp({ providerBaseUrls: { smarty: smarty.baseUrl } });
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
  });
  afterAll(async () => {
    await jobs.close();
    await t.close();
    await smarty.close();
  });

  const tokenOf = (customerId: string) => t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
  const choose = (customerId: string, credentials: Record<string, string>) =>
    request(t.app).put(`${PREFIX}/customers/${customerId}/providers/address`).set('Authorization', `Bearer ${tokenOf(customerId)}`).send({ adapter: 'smarty', credentials }).expect(200);
  async function addressCheckOf(customerId: string, address: { line1: string; city: string; state: string; zip: string }) {
    const id = randomUUID();
    await t.business({ id, customerId, name: 'Harbor Freight Co', addressLine1: address.line1, addressCity: address.city, addressState: address.state, addressPostalCode: address.zip });
    await t.tin(id, '987654321');
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    const body = await eventually(async () => {
      const res = await request(t.app).get(`${PREFIX}/business/${id}/verification`).set('Authorization', `Bearer ${tokenOf(customerId)}`).expect(200);
      return res.body.data.verification_state === 'COMPLETED' ? res.body : undefined;
    });
    return body.data.checks.find((c: { code: string }) => c.code === 'ADDRESS');
  }

  it("answers the chooser's address checks from Smarty, counts each call, and leaves other tenants on the sandbox", async () => {
    await choose(chooser, CREDENTIALS);
    expect(await addressCheckOf(chooser, { line1: '1201 N Orange St', city: 'Wilmington', state: 'DE', zip: '19801' })).toMatchObject({
      code: 'ADDRESS',
      result: 'PASS',
      reason: 'The address is a valid deliverable address; it is a commercial address.',
    });
    // Smarty knows no such delivery point: the sandbox would have passed it.
    expect(await addressCheckOf(chooser, { line1: '9 Nowhere Rd', city: 'Dover', state: 'DE', zip: '19901' })).toMatchObject({ result: 'FAIL' });
    const asked = smarty.requests.filter((r) => r.path === '/street-address');
    expect(asked).toHaveLength(2);
    expect(asked.map((r) => [r.query.get('auth-id'), r.query.get('street')])).toEqual([
      [CREDENTIALS.auth_id, '1201 N Orange St'],
      [CREDENTIALS.auth_id, '9 Nowhere Rd'],
    ]);
    const usage = await eventually(async () => {
      const res = await request(t.app).get(`${PREFIX}/customers/${chooser}/provider-usage`).set('Authorization', `Bearer ${tokenOf(chooser)}`).expect(200);
      return res.body.data.usage.length > 0 && res.body.data.usage[0].calls === 2 ? res.body.data.usage : undefined;
    });
    expect(usage).toEqual([{ month: expect.stringMatching(/^\d{4}-\d{2}$/), capability: 'address', adapter: 'smarty', calls: 2, failures: 0 }]);

    expect(await addressCheckOf(other, { line1: '9 Nowhere Rd', city: 'Dover', state: 'DE', zip: '19901' })).toMatchObject({ result: 'PASS' });
    expect(smarty.requests.filter((r) => r.path === '/street-address')).toHaveLength(2);
  });

  it("sends a batch's address checks to Smarty as one POST of their lookups, each business answered its own", async () => {
    const tenant = randomUUID();
    await choose(tenant, CREDENTIALS);
    const addresses = [
      { line1: '1201 N Orange St', city: 'Wilmington', state: 'DE', zip: '19801' },
      { line1: '9 Nowhere Rd', city: 'Dover', state: 'DE', zip: '19901' },
      { line1: '42 Elm St', city: 'Dover', state: 'DE', zip: '19901' },
    ];
    const ids: string[] = [];
    for (const address of addresses) {
      const id = randomUUID();
      await t.business({ id, customerId: tenant, name: 'Harbor Freight Co', addressLine1: address.line1, addressCity: address.city, addressState: address.state, addressPostalCode: address.zip });
      ids.push(id);
    }
    const before = smarty.requests.length;
    const batches = createProducer(enrichmentBatchQueue, { connection: t.redis, prefix: t.redisPrefix });
    try {
      await batches.add({ businessIds: ids, customerId: tenant }, { jobId: `batch-${randomUUID()}` });
      const results = await eventually(async () => {
        const checks = await Promise.all(
          ids.map(async (id) => (await request(t.app).get(`${PREFIX}/business/${id}/verification`).set('Authorization', `Bearer ${tokenOf(tenant)}`)).body.data),
        );
        return checks.every((c) => c.verification_state === 'COMPLETED') ? checks.map((c) => c.checks.find((x: { code: string }) => x.code === 'ADDRESS').reason) : undefined;
      });
      expect(results).toEqual([
        'The address is a valid deliverable address; it is a commercial address.',
        'The address is not a deliverable address (USPS has no single delivery point for it).',
        'The address is a valid deliverable address; it is a residential address.',
      ]);
    } finally {
      await batches.close();
    }
    const asked = smarty.requests.slice(before);
    // Each address asked once, the checks that met within the window together in a POST (all three, unless a loaded machine spread them).
    const streetsOf = (r: (typeof asked)[number]) => (r.method === 'POST' ? (JSON.parse(r.body) as Array<{ street: string }>).map((l) => l.street) : [r.query.get('street')]);
    expect(asked.flatMap(streetsOf).sort()).toEqual(addresses.map((a) => a.line1).sort());
    expect(asked.some((r) => r.method === 'POST' && streetsOf(r).length >= 2)).toBe(true);
  });

  it('tells an address check Smarty refused the credentials, without retrying, and counts the failure', async () => {
    const refused = randomUUID();
    await choose(refused, { ...CREDENTIALS, auth_token: 'wrong-token-123' });
    const before = smarty.requests.length;
    expect(await addressCheckOf(refused, { line1: '1201 N Orange St', city: 'Wilmington', state: 'DE', zip: '19801' })).toMatchObject({
      code: 'ADDRESS',
      result: 'UNAVAILABLE',
      reason: 'The address provider could not answer (Smarty refused the credentials (HTTP 401)); the provider refused the request.',
    });
    expect(smarty.requests.length - before).toBe(1);
    const failures = await eventually(async () => {
      const rows = await t.db('integration.provider_usage').where({ customer_id: refused });
      return rows.length > 0 ? rows.map((r: { calls: string; failures: string }) => [Number(r.calls), Number(r.failures)]) : undefined;
    });
    expect(failures).toEqual([[1, 1]]);
  });
});
