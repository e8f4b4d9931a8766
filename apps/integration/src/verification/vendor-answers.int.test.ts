import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { businessEnrichmentQueue, createProducer, type Producer } from '@kyb/queues';
import { createSmartyAddressProvider } from '../providers/smarty/smarty-address.provider';
import { SMARTY_API_VERSION } from '../providers/smarty/smarty-street.api';
import { createPgVendorAnswerStore, type VendorAnswerStore } from '../providers/vendor-answers.store';
import { batchJob, enrichmentProcessorsOf } from '../test-support/enrichment-processors';
import { scriptedProvider } from '../test-support/fake-providers';
import { startFakeVendor, type FakeVendor } from '../test-support/fake-vendor';
import { SAMPLE_ADDRESSES } from '../test-support/fakes/smarty/smarty-sample-addresses';
import { smartyStreetFake } from '../test-support/fakes/smarty/smarty-street.fake';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

const PREFIX = '/integration/api/v1';
const CREDENTIALS = { auth_id: 'f3b1c2d4-aaaa-4bbb-8ccc-0123456789ab', auth_token: 'Zx81kPq0LmN7rT2w' };
const OFFICE = { addressLine1: '1201 N Orange St', addressCity: 'Wilmington', addressState: 'DE', addressPostalCode: '19801' };
const HOME = { addressLine1: '42 Elm St', addressCity: 'Dover', addressState: 'DE', addressPostalCode: '19901' };

/* A real adapter's raw answer is kept beside the check it explains, sealed for the tenant, until the owner's business or the tenant is erased. */
describe("the vendors' raw answers kept beside verifications", () => {
  let t: IntegrationTestApp;
  let smarty: FakeVendor;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  let answers: VendorAnswerStore;

  beforeAll(async () => {
    smarty = await startFakeVendor(smartyStreetFake({ authId: CREDENTIALS.auth_id, authToken: CREDENTIALS.auth_token, addresses: SAMPLE_ADDRESSES }));
    t = await startIntegrationTestApp({ providerBaseUrls: { smarty: smarty.baseUrl } });
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
    answers = createPgVendorAnswerStore({ db: t.db, dataKeys: t.dataKeys });
  });
  afterAll(async () => {
    await jobs.close();
    await t.close();
    await smarty.close();
  });

  const tokenOf = (customerId: string) => t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
  const chooseSmarty = (customerId: string) =>
    request(t.app).put(`${PREFIX}/customers/${customerId}/providers/address`).set('Authorization', `Bearer ${tokenOf(customerId)}`).send({ adapter: 'smarty', credentials: CREDENTIALS }).expect(200);
  const latestVerificationOf = (businessId: string): Promise<{ id: string } | undefined> =>
    t.db('integration.business_verifications').where({ business_id: businessId }).orderBy('seq', 'desc').first('id');
  const keptRowsOf = (businessId: string) => t.db('integration.vendor_answers').where({ business_id: businessId }).orderBy('created_at');

  async function business(customerId: string, address: typeof OFFICE) {
    const id = randomUUID();
    await t.business({ id, customerId, name: 'Harbor Freight Co', ...address, owners: [{ firstName: 'Ann', lastName: 'Lee' }] });
    await t.tin(id, '987654321');
    return id;
  }

  /** Enriches the business through the area's worker and answers its verification's id. */
  async function verified(customerId: string, address: typeof OFFICE) {
    const id = await business(customerId, address);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    const verification = await eventually(() => latestVerificationOf(id));
    return { businessId: id, verificationId: verification.id };
  }

  it("keeps Smarty's answer behind the address check, sealed: the column holds no raw text, and it opens to the answer with the adapter and its version", async () => {
    const tenant = randomUUID();
    await chooseSmarty(tenant);
    const { businessId, verificationId } = await verified(tenant, OFFICE);

    const rows = await keptRowsOf(businessId);
    expect(rows.map((r) => [r.verification_id, r.screening_id, r.customer_id, r.check_code, r.adapter, r.adapter_version])).toEqual([
      [verificationId, null, tenant, 'ADDRESS', 'smarty', SMARTY_API_VERSION],
    ]);
    expect(rows[0].raw_sealed).toMatch(/^d1\./);
    expect(rows[0].raw_sealed).not.toContain('Orange');
    expect(rows[0].raw_sealed).not.toContain('delivery_line_1');

    const [opened] = await answers.ofVerification(verificationId);
    expect(opened).toMatchObject({ check: 'ADDRESS', adapter: 'smarty', version: SMARTY_API_VERSION, keptAt: expect.any(Date) });
    const candidates = JSON.parse(opened.raw) as Array<{ delivery_line_1: string; analysis: { dpv_match_code: string } }>;
    expect(candidates.map((c) => [c.delivery_line_1, c.analysis.dpv_match_code])).toEqual([['1201 N Orange St', 'Y']]);
  });

  it('keeps nothing for a verification the sandboxes answered', async () => {
    const { businessId, verificationId } = await verified(randomUUID(), OFFICE);
    expect(await keptRowsOf(businessId)).toEqual([]);
    expect(await answers.ofVerification(verificationId)).toEqual([]);
  });

  it("keeps each business's own answer for a batch's verifications, in the batch's savepoint", async () => {
    const tenant = randomUUID();
    const processors = enrichmentProcessorsOf(t, {
      provider: scriptedProvider(),
      verificationProviders: { addresses: createSmartyAddressProvider({ baseUrl: smarty.baseUrl, credentials: CREDENTIALS }) },
    });
    try {
      const ids = [await business(tenant, OFFICE), await business(tenant, HOME), await business(tenant, OFFICE)];
      await processors.batch(batchJob(`batch-${randomUUID()}`, ids, tenant));
      for (const [n, id] of ids.entries()) {
        const verification = await latestVerificationOf(id);
        const kept = await answers.ofVerification(verification?.id as string);
        const streets = kept.map((a) => [a.check, a.adapter, (JSON.parse(a.raw) as Array<{ delivery_line_1: string }>).map((c) => c.delivery_line_1)]);
        expect(streets).toEqual([['ADDRESS', 'smarty', [n === 1 ? '42 Elm St' : '1201 N Orange St']]]);
      }
    } finally {
      await processors.close();
    }
  });

  it("erases the business's kept answers with an owner of it, and the rest with the tenant", async () => {
    const [tenant, another] = [randomUUID(), randomUUID()];
    await chooseSmarty(tenant);
    await chooseSmarty(another);
    const erasedOwners = await verified(tenant, OFFICE);
    const other = await verified(tenant, HOME);
    const elsewhere = await verified(another, OFFICE);
    expect(await keptRowsOf(erasedOwners.businessId)).toHaveLength(1);

    const owner = await t.db.raw<{ rows: Array<{ n: number }> }>('select integration.erase_owner(?::uuid, ?::uuid, ?::uuid) as n', [tenant, erasedOwners.businessId, randomUUID()]);
    expect(owner.rows[0].n).toBe(1);
    expect(await keptRowsOf(erasedOwners.businessId)).toEqual([]);
    expect(await keptRowsOf(other.businessId)).toHaveLength(1);

    await t.eraseTenant(tenant);
    await t.db.raw('select integration.erase_customer(?::uuid)', [tenant]);
    expect(await t.db('integration.vendor_answers').where({ customer_id: tenant })).toEqual([]);
    expect(await answers.ofVerification(other.verificationId)).toEqual([]);
    // Another tenant's verifications keep theirs.
    expect((await answers.ofVerification(elsewhere.verificationId)).map((a) => a.adapter)).toEqual(['smarty']);
  });
});
