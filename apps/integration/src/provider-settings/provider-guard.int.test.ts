import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { businessEnrichmentQueue, createProducer, type Producer } from '@kyb/queues';
import { startFakeVendor, type FakeRequest, type FakeVendor } from '../test-support/fake-vendor';
import { SAMPLE_ADDRESSES } from '../test-support/fakes/smarty/smarty-sample-addresses';
import { smartyErrorBody } from '../test-support/fakes/smarty/smarty-errors';
import { smartyStreetFake } from '../test-support/fakes/smarty/smarty-street.fake';
import { eventually, startIntegrationTestApp, type IntegrationTestApp, type IntegrationTestOptions } from '../test-support/integration-test-app';
import { credentialsFingerprint } from './credentials-fingerprint';

const PREFIX = '/integration/api/v1';
const pair = (n: number) => ({ auth_id: `f3b1c2d4-aaaa-4bbb-8ccc-00000000000${n}`, auth_token: `Zx81kPq0LmN7rT2w${n}` });
const CACHED = pair(1);
const FAILING = pair(2);
const PLATFORM = pair(3);
const LIMITED = pair(4);
const ORANGE_ST = { line1: '1201 N Orange St', city: 'Wilmington', state: 'DE', zip: '19801' };
// Smarty knows no such delivery point, the sandbox passes it: who answered shows in the result.
const NOWHERE = { line1: '9 Nowhere Rd', city: 'Dover', state: 'DE', zip: '19901' };
type Address = typeof ORANGE_ST;

/** One fake Smarty for several accounts: each pair of keys is an account; FAILING's answers 500. */
function smartyAccounts(): (req: FakeRequest) => ReturnType<ReturnType<typeof smartyStreetFake>> {
  const accounts = new Map([CACHED, PLATFORM, LIMITED].map((c) => [c.auth_id, smartyStreetFake({ authId: c.auth_id, authToken: c.auth_token, addresses: SAMPLE_ADDRESSES })]));
  return (req) => (req.query.get('auth-id') === FAILING.auth_id ? { status: 500, body: smartyErrorBody(500) } : (accounts.get(req.query.get('auth-id') ?? '') ?? accounts.get(CACHED.auth_id)!)(req));
}

/** The area on the fake Smarty, a way to verify a business's address, and what Smarty was asked. */
function guardedArea(options: IntegrationTestOptions, smarty: () => FakeVendor) {
  const t = {} as { app: IntegrationTestApp; jobs: Producer<{ businessId: string; customerId: string }> };
  beforeAll(async () => {
    t.app = await startIntegrationTestApp({ providerBaseUrls: { smarty: smarty().baseUrl }, ...options });
    t.jobs = createProducer(businessEnrichmentQueue, { connection: t.app.redis, prefix: t.app.redisPrefix });
  });
  afterAll(async () => {
    await t.jobs.close();
    await t.app.close();
  });
  const tokenOf = (customerId: string) => t.app.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
  const choose = (customerId: string, body: Record<string, unknown>) =>
    request(t.app.app).put(`${PREFIX}/customers/${customerId}/providers/address`).set('Authorization', `Bearer ${tokenOf(customerId)}`).send(body).expect(200);
  const newBusiness = async (customerId: string, address: Address) => {
    const id = randomUUID();
    await t.app.business({ id, customerId, name: 'Harbor Freight Co', addressLine1: address.line1, addressCity: address.city, addressState: address.state, addressPostalCode: address.zip });
    await t.app.tin(id, '987654321');
    return id;
  };
  /** Runs one enrichment of the business (a new task each time) and answers its ADDRESS check. */
  async function addressCheck(customerId: string, businessId: string) {
    const jobId = `guard-${randomUUID()}`;
    await t.jobs.add({ businessId, customerId }, { jobId });
    await eventually(async () => ((await t.app.db('integration.integration_tasks').where({ job_id: jobId }).first())?.status === 'SUCCEEDED' ? true : undefined));
    const res = await request(t.app.app).get(`${PREFIX}/business/${businessId}/verification`).set('Authorization', `Bearer ${tokenOf(customerId)}`).expect(200);
    return res.body.data.checks.find((c: { code: string }) => c.code === 'ADDRESS');
  }
  const askedWith = (credentials: { auth_id: string }) => smarty().requests.filter((r) => r.path === '/street-address' && r.query.get('auth-id') === credentials.auth_id);
  return { t, tokenOf, choose, newBusiness, addressCheck, askedWith };
}

describe('the provider guard around a tenant\'s real adapter', () => {
  let smarty: FakeVendor;
  beforeAll(async () => {
    smarty = await startFakeVendor(smartyAccounts());
  });
  afterAll(async () => smarty.close());

  describe('cache, circuit breakers and platform defaults', () => {
    const area = guardedArea({ platformProviders: { address: { adapter: 'smarty', credentials: PLATFORM } }, providerGuard: { failureThreshold: 2 } }, () => smarty);
    const { t, tokenOf, choose, newBusiness, addressCheck, askedWith } = area;
    const circuits = (token: string) => request(t.app.app).get(`${PREFIX}/admin/provider-circuits`).set('Authorization', `Bearer ${token}`);

    it("answers a repeated verification of the same business from the cache, and never another tenant's", async () => {
      const [tenant, other] = [randomUUID(), randomUUID()];
      await choose(tenant, { adapter: 'smarty', credentials: CACHED });
      await choose(other, { adapter: 'smarty', credentials: CACHED });
      const business = await newBusiness(tenant, ORANGE_ST);
      expect(await addressCheck(tenant, business)).toMatchObject({ result: 'PASS' });
      expect(await addressCheck(tenant, business)).toMatchObject({ result: 'PASS', reason: 'The address is a valid deliverable address; it is a commercial address.' });
      expect(askedWith(CACHED)).toHaveLength(1);

      // The same address and name through the same credentials, for another tenant's business: asked again.
      expect(await addressCheck(other, await newBusiness(other, ORANGE_ST))).toMatchObject({ result: 'PASS' });
      expect(askedWith(CACHED)).toHaveLength(2);
      const cached = await t.app.redis.keys(`{${t.app.redisPrefix}}:provider-answer:*`);
      expect(cached.map((key) => key.split(':').slice(1, 5).join(':')).sort()).toEqual([`provider-answer:address:smarty:${other}`, `provider-answer:address:smarty:${tenant}`].sort());
      const usage = await request(t.app.app).get(`${PREFIX}/customers/${tenant}/provider-usage`).set('Authorization', `Bearer ${tokenOf(tenant)}`).expect(200);
      expect(usage.body.data.usage).toEqual([{ month: expect.stringMatching(/^\d{4}-\d{2}$/), capability: 'address', adapter: 'smarty', calls: 1, failures: 0 }]);
    });

    it('opens the circuit of failing credentials, shows it to the platform admin and on /metrics, and refuses the next call unmade', async () => {
      const tenant = randomUUID();
      await choose(tenant, { adapter: 'smarty', credentials: FAILING });
      for (let i = 0; i < 2; i += 1) expect(await addressCheck(tenant, await newBusiness(tenant, ORANGE_ST))).toMatchObject({ result: 'UNAVAILABLE' });
      const made = askedWith(FAILING).length;
      expect(made).toBe(6);
      expect(await addressCheck(tenant, await newBusiness(tenant, ORANGE_ST))).toMatchObject({ result: 'UNAVAILABLE', reason: expect.stringContaining('smarty is failing: calls paused until') });
      expect(askedWith(FAILING)).toHaveLength(made);

      const fingerprint = credentialsFingerprint(FAILING);
      const res = await circuits(t.app.keys.tokenFor({ role: 'ADMIN' })).expect(200);
      expect(res.body.message).toBe('Provider circuits fetched successfully');
      expect(res.body.data.circuits).toContainEqual({ adapter: 'smarty', credentials_fingerprint: fingerprint, state: 'open', failures: 2, open_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
      expect(JSON.stringify(res.body)).not.toContain(FAILING.auth_token);

      const metrics = await request(t.app.app).get('/metrics').expect(200);
      expect(metrics.text).toContain('# TYPE kyb_provider_circuit_state gauge');
      expect(metrics.text).toMatch(new RegExp(`kyb_provider_circuit_state\\{adapter="smarty",credential="${fingerprint}"[^}]*\\} 2`));
    });

    it('lets only the platform admin read the circuits: a tenant\'s owner gets 401 Role Not Allowed', async () => {
      expect((await circuits(tokenOf(randomUUID())).expect(401)).body).toEqual({ status: 'fail', message: 'Role Not Allowed', errorCode: 'UNAUTHORIZED', data: { errorName: 'RoleMiddlewareError' } });
    });

    it("serves a tenant that chose nothing with the platform's default adapter, and one that chose the sandbox with the sandbox", async () => {
      const [unchosen, sandboxed] = [randomUUID(), randomUUID()];
      expect(await addressCheck(unchosen, await newBusiness(unchosen, NOWHERE))).toMatchObject({ result: 'FAIL' });
      expect(askedWith(PLATFORM).map((r) => r.query.get('street'))).toEqual([NOWHERE.line1]);

      await choose(sandboxed, { adapter: 'sandbox' });
      expect(await addressCheck(sandboxed, await newBusiness(sandboxed, NOWHERE))).toMatchObject({ result: 'PASS' });
      expect(askedWith(PLATFORM)).toHaveLength(1);
      const usage = await t.app.db('integration.provider_usage').where({ customer_id: unchosen }).select('adapter', 'calls');
      expect(usage.map((row: { adapter: string; calls: string }) => [row.adapter, Number(row.calls)])).toEqual([['smarty', 1]]);
      // Each tenant reads which serves it: the platform's adapter (its credentials never shown), or its own sandbox.
      const viewOf = async (tenant: string) =>
        (await request(t.app.app).get(`${PREFIX}/customers/${tenant}/providers/address`).set('Authorization', `Bearer ${tokenOf(tenant)}`).expect(200)).body.data;
      expect(await viewOf(unchosen)).toMatchObject({ source: 'platform', adapter: 'smarty', credentials_fingerprint: null, updated_at: null });
      expect(await viewOf(sandboxed)).toMatchObject({ source: 'customer', adapter: 'sandbox' });
    });
  });

  describe('rate limits', () => {
    // Two calls at once, then one a minute, per credential.
    const { t, choose, newBusiness, addressCheck, askedWith } = guardedArea({ providerGuard: { rateLimits: { smarty: { perMinute: 1, burst: 2 } } } }, () => smarty);

    it("holds a credential's calls to its bucket, without calling the vendor, until a token is free again", async () => {
      const tenant = randomUUID();
      await choose(tenant, { adapter: 'smarty', credentials: LIMITED });
      for (let i = 0; i < 2; i += 1) expect(await addressCheck(tenant, await newBusiness(tenant, ORANGE_ST))).toMatchObject({ result: 'PASS' });
      expect(await addressCheck(tenant, await newBusiness(tenant, ORANGE_ST))).toMatchObject({
        result: 'UNAVAILABLE',
        reason: expect.stringMatching(/smarty calls with these credentials are at their rate limit: the next one is free in \d+ ms/),
      });
      expect(askedWith(LIMITED)).toHaveLength(2);
      const bucket = `{${t.app.redisPrefix}}:provider-rate:smarty:${credentialsFingerprint(LIMITED)}`;
      expect(await t.app.redis.exists(bucket)).toBe(1);

      t.app.clock.advance(60_000);
      expect(await addressCheck(tenant, await newBusiness(tenant, ORANGE_ST))).toMatchObject({ result: 'PASS' });
      expect(askedWith(LIMITED)).toHaveLength(3);
    });
  });
});
