import { randomBytes, randomInt } from 'node:crypto';
import { createOwnerTenants, createProcessGroup, createTestDatabase, dataOf, eventually, extractPdfText, startJourneySuite, type Call, type TestDatabase, type Tenant } from '@kyb/testing';
import { startFakeVendor, type FakeVendor } from '../test-support/fake-vendor';
import { createCompliancelyTinMatchFake } from '../test-support/fakes/compliancely/compliancely-tin-match.fake';
import { matchProFake } from '../test-support/fakes/match-pro/match-pro.fake';
import type { FakeTerminatedMerchant } from '../test-support/fakes/match-pro/match-pro-matching';
import { matchProTestClient } from '../test-support/fakes/match-pro/match-pro.samples';
import { createOpenCorporatesFake } from '../test-support/fakes/opencorporates/opencorporates.fake';
import { openCorporatesCompany, openCorporatesOfficer } from '../test-support/fakes/opencorporates/opencorporates.records';
import { SAMPLE_ADDRESSES } from '../test-support/fakes/smarty/smarty-sample-addresses';
import { smartyStreetFake } from '../test-support/fakes/smarty/smarty-street.fake';

/*
 * Issue 43's journey, through the built suite (`nx run suite:build`) and its public API only: a
 * tenant switches its TIN, registry and address checks to Compliancely, OpenCorporates and Smarty
 * and its merchant screening to MATCH Pro, each pointed at our fake of the vendor
 * (`<PROVIDER>_BASE_URL`), and adds a business; its checks come from the fakes in the vendors'
 * words, the score's verification rule reads the status they gave, the 360 report prints them, its
 * screening finds the merchant MATCH lists, and the vendor calls are counted. A tenant beside it
 * stays on the sandboxes and reaches no vendor.
 */
const ADMIN = { email: 'providers.admin@example.com', password: 'providers admin passphrase' };
const PASSWORD = 'providers passphrase 2026';
const WAIT = 60_000;
/** The score area's seeded config 2.3: the default weights plus the rule that reads the verification status. */
const VERIFICATION_CONFIG_ID = '8e3d6c1a-4f2b-4d7e-b5a9-2c6e0f1d3b84';
const KEYS = {
  compliancely: { api_key: `cmp-${randomBytes(8).toString('hex')}` },
  opencorporates: { api_token: `oc-${randomBytes(8).toString('hex')}` },
  smarty: { auth_id: 'f3b1c2d4-aaaa-4bbb-8ccc-0123456789ab', auth_token: `st-${randomBytes(8).toString('hex')}` },
};

/** A merchant MATCH lists as terminated under the journey business's own name. */
const TERMINATED: FakeTerminatedMerchant = {
  name: 'LONGWOOD DENTAL LLC',
  address: { addressLineOne: '9 HARBOR WAY', city: 'MIAMI', countrySubdivision: 'FL', postalCode: '33101', country: 'USA' },
  principals: [{ firstName: 'ERIC', lastName: 'NGUYEN' }],
  reasonCode: '04',
  reasonCodeDesc: 'Excessive Chargebacks',
  addedByAcquirerId: '5318',
  dateClosed: '2024-03-18',
};

interface Check {
  code: string;
  result: string;
  reason: string;
}

describe('real providers through the built suite: a tenant on Compliancely, OpenCorporates and Smarty (their fakes)', () => {
  const processes = createProcessGroup();
  let database: TestDatabase;
  let call: Call;
  let chooser: Tenant;
  let other: Tenant;
  let adminToken: string;
  const fakes: Record<'compliancely' | 'opencorporates' | 'smarty' | 'matchPro', FakeVendor> = {} as never;
  const mastercard = matchProTestClient();
  const name = 'Longwood Dental LLC';
  const tin = `9${String(randomInt(10_000_000, 99_999_999))}`;

  beforeAll(async () => {
    fakes.compliancely = await startFakeVendor(createCompliancelyTinMatchFake({ token: KEYS.compliancely.api_key, records: [{ tin, name }] }));
    const company = openCorporatesCompany({ officers: [openCorporatesOfficer('MARIA ELENA GARCIA', 'manager')] });
    fakes.opencorporates = await startFakeVendor(createOpenCorporatesFake({ apiToken: KEYS.opencorporates.api_token, companies: [company] }).answer);
    fakes.smarty = await startFakeVendor(smartyStreetFake({ authId: KEYS.smarty.auth_id, authToken: KEYS.smarty.auth_token, addresses: SAMPLE_ADDRESSES }));
    const consumers = { [mastercard.consumerKey]: { publicKey: mastercard.publicKey, acquirerIds: ['1996'] } };
    fakes.matchPro = await startFakeVendor(matchProFake({ consumers, terminated: [TERMINATED] }).answer);
    database = await createTestDatabase();
    call = await startJourneySuite(processes, database, {
      prefix: 'providers',
      admin: ADMIN,
      env: {
        TIN_MATCH_BASE_URL: fakes.compliancely.baseUrl,
        OPENCORPORATES_BASE_URL: fakes.opencorporates.baseUrl,
        SMARTY_BASE_URL: fakes.smarty.baseUrl,
        MATCH_PRO_BASE_URL: `${fakes.matchPro.baseUrl}/mcp/match/api`,
      },
    });
    [chooser, other] = await createOwnerTenants(call, { admin: ADMIN, prefix: 'providers', password: PASSWORD }, ['Chooser', 'Other']);
    adminToken = dataOf<{ data: { id_token: string } }>(await call('post', '/auth/api/v1/admin/sign-in', { body: ADMIN }), 'admin sign-in').data.id_token;
    // Both tenants score with the config whose rule reads the verification status.
    for (const tenant of [chooser, other]) {
      dataOf(await call('put', `/score/api/v1/customers/${tenant.customerId}/weightage-config`, { token: adminToken, body: { weightage_config_id: VERIFICATION_CONFIG_ID } }), 'config');
    }
  }, 180_000);

  afterAll(async () => {
    await processes.stopAll();
    await Promise.all(Object.values(fakes).map((fake) => fake.close()));
    await database?.destroy();
  });

  const choose = async (tenant: Tenant, capability: string, adapter: string, credentials: Record<string, string>, settings?: Record<string, string>) =>
    dataOf<{ adapter: string; credentials_fingerprint: string | null }>(
      await call('put', `/integration/api/v1/customers/${tenant.customerId}/providers/${capability}`, { token: tenant.token, body: { adapter, credentials, ...(settings ? { settings } : {}) } }),
      `choose ${adapter}`,
    );

  /** Adds the business (E12) with its TIN, the registered office's address and its manager as owner; answers its id. */
  const addBusiness = async (tenant: Tenant): Promise<string> => {
    const body = {
      name,
      tin,
      address_line_1: '1201 N Orange St',
      address_city: 'Wilmington',
      address_state: 'DE',
      address_postal_code: '19801',
      owner1_first_name: 'Maria',
      owner1_last_name: 'Garcia',
      owner1_owner_type: 'CONTROL',
      owner1_ownership_percentage: 100,
    };
    const added = dataOf<{ result: Record<string, { data_businesses: { id: string } }> }>(await call('post', `/case/api/v1/businesses/customers/${tenant.customerId}`, { token: tenant.token, body }), 'E12');
    return added.result['0'].data_businesses.id;
  };

  const checksOf = (tenant: Tenant, businessId: string) =>
    eventually(async () => {
      const answer = await call('get', `/integration/api/v1/business/${businessId}/verification`, { token: tenant.token });
      const data = answer.body.data as { verification_state?: string; status?: string; checks?: Check[] } | undefined;
      return data?.verification_state === 'COMPLETED' ? data : undefined;
    }, WAIT);

  const scoreOf = (tenant: Tenant, businessId: string) =>
    eventually(async () => {
      const answer = await call('get', `/score/api/v1/score/business/${businessId}`, { token: tenant.token, query: '?status=SUCCESS' });
      return answer.status === 200 ? (answer.body.data as { decision_log: string | null; status: string }) : undefined;
    }, WAIT);

  const reportText = async (tenant: Tenant, businessId: string): Promise<string> => {
    const reportId = dataOf<{ report_id: string }>(await call('post', `/report/api/v1/reports/customers/${tenant.customerId}/businesses/${businessId}`, { token: tenant.token }), 'E7').report_id;
    await eventually(async () => ((await call('get', `/report/api/v1/reports/${reportId}`, { token: tenant.token })).body.data?.status === 'COMPLETED' ? true : undefined), WAIT);
    const { pdf_url: url } = dataOf<{ pdf_url: string }>(await call('post', `/report/api/v1/reports/${reportId}/download`, { token: tenant.token }), 'download');
    const pdf = Buffer.from(await (await fetch(url)).arrayBuffer());
    return (await extractPdfText(pdf)).text.replace(/\s+/g, ' ');
  };

  let businessId: string;

  it("answers the chooser's checks from the vendors' fakes, in their words, with the credentials it stored", async () => {
    await choose(chooser, 'tin', 'compliancely', KEYS.compliancely);
    await choose(chooser, 'registry', 'opencorporates', KEYS.opencorporates);
    const chosen = await choose(chooser, 'address', 'smarty', KEYS.smarty);
    expect(chosen).toMatchObject({ adapter: 'smarty', credentials_fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(JSON.stringify(chosen)).not.toContain(KEYS.smarty.auth_token);

    businessId = await addBusiness(chooser);
    const verification = await checksOf(chooser, businessId);
    expect(verification.status).toBe('VERIFIED');
    // The vendors' four checks; the SANCTIONS check follows the business's sanctions screening, a job of its own.
    expect(verification.checks?.filter((c) => c.code !== 'SANCTIONS').map((c) => [c.code, c.result, c.reason])).toEqual([
      ['TIN_MATCH', 'PASS', 'The TIN is registered to the legal name (IRS code 0: The TIN and name match IRS records).'],
      ['SOS_FILING', 'PASS', "The secretary-of-state filing in DE is active under the business's name (number 5512345, registered 2015-03-02, registered office in Wilmington, DE)."],
      ['ADDRESS', 'PASS', 'The address is a valid deliverable address; it is a commercial address.'],
      ['OFFICERS', 'PASS', '1 of 1 owner is listed as an officer on the filing.'],
    ]);
    expect(verification.checks?.at(-1)?.code).toBe('SANCTIONS');

    // Each vendor was asked with the tenant's own credentials, as its API takes them.
    expect(fakes.compliancely.requests.some((r) => r.headers.authorization === `Token ${KEYS.compliancely.api_key}`)).toBe(true);
    expect(fakes.opencorporates.requests.some((r) => r.query.get('api_token') === KEYS.opencorporates.api_token && r.query.get('jurisdiction_code') === 'us_de')).toBe(true);
    expect(fakes.smarty.requests.some((r) => r.query.get('auth-id') === KEYS.smarty.auth_id && r.query.get('street') === '1201 N Orange St')).toBe(true);
  }, 120_000);

  it("scores the business on the status the vendors gave, and prints their answers in the 360 report", async () => {
    const score = await scoreOf(chooser, businessId);
    expect(score.decision_log).toMatch(/^Verification: VERIFIED on /);
    const text = await reportText(chooser, businessId);
    expect(text).toContain('IRS code 0');
    expect(text).toContain('number 5512345');
    expect(text).toContain('commercial address');
    expect(text).not.toContain(tin);
  }, 120_000);

  it("screens the business on MATCH Pro with the tenant's signing key and acquirer ID: the merchant MATCH lists", async () => {
    await choose(chooser, 'merchant-screening', 'match-pro', { consumer_key: mastercard.consumerKey, signing_key: mastercard.privateKey }, { acquirer_id: '1996' });
    const status = dataOf<{ statusConnection: { status: string } }>(await call('get', `/integration/api/v1/screening/${chooser.customerId}/check-connection-status`, { token: chooser.token }), 'connection');
    expect(status.statusConnection.status).toBe('CONNECTED');
    dataOf(await call('post', `/integration/api/v1/verification/customers/${chooser.customerId}/businesses/${businessId}/screening`, { token: chooser.token, body: {} }), 'E3');
    const result = await eventually(async () => {
      const answer = await call('get', `/integration/api/v1/verification/businesses/${businessId}/screening`, { token: chooser.token });
      const data = answer.body.data as { screening?: { status: string }; matchData?: { matchResult: string; merchant: { name: string; terminatedMerchant: { terminationReasonCode: string } | null } } } | undefined;
      return data?.screening?.status === 'COMPLETED' ? data : undefined;
    }, WAIT);
    expect(result.matchData?.matchResult).not.toBe('No Match');
    expect(result.matchData?.merchant).toMatchObject({ name: 'EXACT', terminatedMerchant: { terminationReasonCode: '04' } });
    // Signed with the tenant's own consumer key (the fake checked every signature), as acquirer 1996.
    const inquiry = fakes.matchPro.requests.find((r) => r.method === 'POST');
    expect(inquiry?.headers.authorization).toContain(`oauth_consumer_key="${mastercard.consumerKey}"`);
    expect(JSON.parse(inquiry?.body ?? '{}').terminationInquiryRequest.acquirerId).toBe('1996');
  }, 120_000);

  it('counts every vendor call in provider-usage, per capability and adapter', async () => {
    const usage = await eventually(async () => {
      const rows = dataOf<{ usage: Array<{ capability: string; adapter: string; calls: number; failures: number }> }>(
        await call('get', `/integration/api/v1/customers/${chooser.customerId}/provider-usage`, { token: chooser.token }),
        'usage',
      ).usage;
      return rows.length === 4 ? rows : undefined;
    }, WAIT);
    const byCapability = Object.fromEntries(usage.map((u) => [u.capability, [u.adapter, u.calls > 0, u.failures]]));
    expect(byCapability).toEqual({ address: ['smarty', true, 0], registry: ['opencorporates', true, 0], tin: ['compliancely', true, 0], 'merchant-screening': ['match-pro', true, 0] });
  }, 120_000);

  it('leaves the tenant that chose nothing on the sandboxes: the same business reaches no vendor', async () => {
    const asked = Object.values(fakes).map((fake) => fake.requests.length);
    const id = await addBusiness(other);
    const verification = await checksOf(other, id);
    expect(verification.checks?.map((c) => c.reason)).toContain('The TIN is registered to the legal name.');
    expect(Object.values(fakes).map((fake) => fake.requests.length)).toEqual(asked);
    const usage = dataOf<{ usage: unknown[] }>(await call('get', `/integration/api/v1/customers/${other.customerId}/provider-usage`, { token: other.token }), 'usage').usage;
    expect(usage).toEqual([]);
  }, 120_000);
});
