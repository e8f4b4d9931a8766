import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { testActor } from '@kyb/auth/testing';
import { strictObject } from '@kyb/validation';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { ADAPTER_CATALOG, type AdapterCatalog } from './adapter-catalog';
import { credentialsFingerprint } from './credentials-fingerprint';
import { createProviderSettingsService } from './provider-settings.service';
import { createPgProviderSettingsStore } from './provider-settings.store';
import { createPgProviderUsageStore } from './provider-usage.store';

const PREFIX = '/integration/api/v1';

describe("a customer's providers", () => {
  let t: IntegrationTestApp;
  const customerId = randomUUID();
  let owner: string;
  let admin: string;
  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
    admin = t.keys.tokenFor({ role: 'ADMIN' });
  });
  afterAll(() => t.close());

  const path = (capability: string, id = customerId) => `${PREFIX}/customers/${id}/providers/${capability}`;
  const put = (capability: string, body: object, token = owner) => request(t.app).put(path(capability)).set('Authorization', `Bearer ${token}`).send(body);

  it('answers the sandbox, with no settings or credentials, while the customer chose nothing', async () => {
    const res = await request(t.app).get(path('address')).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Provider fetched successfully',
      data: { customer_id: customerId, capability: 'address', source: 'sandbox', adapter: 'sandbox', settings: {}, credentials_fingerprint: null, updated_at: null },
    });
  });

  it('keeps a choice of the sandbox, audited, and answers it with its time', async () => {
    const res = await put('registry', { adapter: 'sandbox', settings: {} }).expect(200);
    expect(res.body.data).toEqual({ customer_id: customerId, capability: 'registry', source: 'customer', adapter: 'sandbox', settings: {}, credentials_fingerprint: null, updated_at: expect.any(String) });
    const act = await t.db('integration.audit_outbox').where({ action: 'provider.configured', customer_id: customerId }).first();
    expect(act.details).toEqual({ capability: 'registry', adapter: 'sandbox', credentials_fingerprint: null });
  });

  it('refuses an adapter the capability does not offer, and credentials the sandbox does not take', async () => {
    expect((await put('tin', { adapter: 'smarty' }).expect(400)).body).toEqual({
      status: 'fail',
      message: "No adapter 'smarty' for tin: one of compliancely, sandbox",
      errorCode: 'INVALID',
      data: { errorName: 'ProviderAdapterError' },
    });
    const res = await put('tin', { adapter: 'sandbox', credentials: { api_key: 'k' } }).expect(400);
    expect(res.body.data.errorName).toBe('ValidationMiddlewareError');
    expect(res.body.message).toBe("body must NOT have additional properties: 'credentials'");
  });

  it('refuses an unknown capability by its schema', async () => {
    const res = await request(t.app).get(path('weather')).set('Authorization', `Bearer ${owner}`).expect(400);
    expect(res.body.data.errorName).toBe('ValidationMiddlewareError');
  });

  it('tells an ADMIN naming no customer so, and counts nothing for a customer that made no call', async () => {
    const unknown = randomUUID();
    const res = await request(t.app).get(path('address', unknown)).set('Authorization', `Bearer ${admin}`).expect(404);
    expect(res.body.data.errorName).toBe('CustomerApiError');
    const usage = await request(t.app).get(`${PREFIX}/customers/${customerId}/provider-usage?from=2026-01&to=2026-03`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(usage.body.data).toEqual({ customer_id: customerId, from: '2026-01', to: '2026-03', usage: [] });
  });

  it('counts vendor calls per month, capability and adapter, failures apart, in the range asked', async () => {
    const usage = createPgProviderUsageStore(t.db);
    const call = (adapter: string, outcome: 'ok' | 'failed', at: string) => usage.record({ customerId, capability: 'address', adapter, outcome, at: new Date(at) });
    await Promise.all([call('smarty', 'ok', '2026-02-03T10:00:00Z'), call('smarty', 'failed', '2026-02-28T23:59:59Z'), call('smarty', 'ok', '2026-02-10T00:00:00Z'), call('smarty', 'ok', '2026-03-01T00:00:00Z'), call('smarty', 'ok', '2025-12-31T23:00:00Z')]);
    const res = await request(t.app).get(`${PREFIX}/customers/${customerId}/provider-usage?from=2026-01&to=2026-03`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(res.body.data.usage).toEqual([
      { month: '2026-03', capability: 'address', adapter: 'smarty', calls: 1, failures: 0 },
      { month: '2026-02', capability: 'address', adapter: 'smarty', calls: 3, failures: 1 },
    ]);
    const backwards = await request(t.app).get(`${PREFIX}/customers/${customerId}/provider-usage?from=2026-04&to=2026-03`).set('Authorization', `Bearer ${owner}`).expect(400);
    expect(backwards.body).toEqual({ status: 'fail', message: 'from must not be after to', errorCode: 'INVALID', data: { errorName: 'ProviderUsageRangeError' } });
    const tooLong = await request(t.app).get(`${PREFIX}/customers/${customerId}/provider-usage?from=2023-01&to=2026-01`).set('Authorization', `Bearer ${owner}`).expect(400);
    expect(tooLong.body).toEqual({ status: 'fail', message: 'At most 36 months at once', errorCode: 'INVALID', data: { errorName: 'ProviderUsageRangeError' } });
    // Early years (found by the fuzzer: a year of fewer than four digits reached PostgreSQL as no date): answered, with no calls.
    const early = await request(t.app).get(`${PREFIX}/customers/${customerId}/provider-usage?to=0014-10`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(early.body.data).toMatchObject({ from: '0013-11', to: '0014-10', usage: [] });
    const yearZero = await request(t.app).get(`${PREFIX}/customers/${customerId}/provider-usage?to=0000-05`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(yearZero.body.data).toMatchObject({ from: '0000-01', to: '0000-05', usage: [] });
    const acrossYearOne = await request(t.app).get(`${PREFIX}/customers/${customerId}/provider-usage?from=0000-06&to=0001-03`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(acrossYearOne.body.data).toMatchObject({ from: '0000-06', to: '0001-03', usage: [] });
  });

  describe('an adapter with credentials', () => {
    const catalog: AdapterCatalog = {
      ...ADAPTER_CATALOG,
      address: { ...ADAPTER_CATALOG.address, acme: { credentials: strictObject({ auth_id: { type: 'string' }, auth_token: { type: 'string' } }, ['auth_id', 'auth_token']), settings: strictObject({ region: { type: 'string' } }) } },
    };
    const service = () =>
      createProviderSettingsService({ db: t.db, store: createPgProviderSettingsStore(t.db), usage: createPgProviderUsageStore(t.db), customers: { find: async () => undefined } as never, dataKeys: t.dataKeys, clock: () => new Date(), catalog });
    const actor = () => testActor('CUSTOMER', customerId, { userId: randomUUID(), requestId: 'req-providers' });

    it('seals the credentials with the customer key and answers only their fingerprint', async () => {
      const credentials = { auth_token: 'tok-3f9a77c1e2', auth_id: 'id-51' };
      const view = await service().put(actor(), customerId, 'address', { adapter: 'acme', credentials, settings: { region: 'us' } });
      expect(view).toEqual({ customer_id: customerId, capability: 'address', source: 'customer', adapter: 'acme', settings: { region: 'us' }, credentials_fingerprint: credentialsFingerprint({ auth_id: 'id-51', auth_token: 'tok-3f9a77c1e2' }), updated_at: expect.any(String) });
      const row = await t.db('integration.provider_settings').where({ customer_id: customerId, capability: 'address' }).first();
      expect(JSON.stringify(row)).not.toContain('tok-3f9a77c1e2');
      expect(JSON.parse(await t.dataKeys.open(row.credentials_sealed))).toEqual(credentials);
      const act = await t.db('integration.audit_outbox').where({ action: 'provider.configured', request_id: 'req-providers' }).first();
      expect(JSON.stringify(act)).not.toContain('tok-3f9a77c1e2');
    });

    it("goes with its tenant's erasure, credentials and all, while the usage counts stay", async () => {
      const tenant = randomUUID();
      await service().put(testActor('CUSTOMER', tenant, { userId: randomUUID() }), tenant, 'address', { adapter: 'acme', credentials: { auth_id: 'i', auth_token: 't' } });
      await createPgProviderUsageStore(t.db).record({ customerId: tenant, capability: 'address', adapter: 'acme', outcome: 'ok', at: new Date() });
      await t.db.raw('select integration.erase_customer(?::uuid)', [tenant]);
      expect(await t.db('integration.provider_settings').where({ customer_id: tenant })).toEqual([]);
      expect(await t.db('integration.provider_usage').where({ customer_id: tenant }).pluck('calls')).toEqual(['1']);
    });

    it("requires the adapter's credentials and refuses fields it does not know", async () => {
      await expect(service().put(actor(), customerId, 'address', { adapter: 'acme' })).rejects.toMatchObject({ httpStatus: 400, message: "body must have required property 'credentials'" });
      await expect(service().put(actor(), customerId, 'address', { adapter: 'acme', credentials: { auth_id: 'a', auth_token: 'b', password: 'c' } })).rejects.toMatchObject({ httpStatus: 400 });
    });
  });
});
