import type { BusinessProfile } from '../business-profile';
import { sampleProfile } from '../../test-support/business-profile.sample';
import { startFakeVendor, type FakeVendor } from '../../test-support/fake-vendor';
import { createOpenCorporatesFake } from '../../test-support/fakes/opencorporates/opencorporates.fake';
import { openCorporatesCompany, openCorporatesOfficer } from '../../test-support/fakes/opencorporates/opencorporates.records';
import { runVerificationChecks } from '../../verification/verification.checks';
import type { StateFilingProvider, VerificationProviders } from '../verification.providers';
import { createOpenCorporatesRegistryProvider, OPENCORPORATES_PRODUCTION_URL } from './opencorporates-registry.provider';

const TOKEN = 'oc-token-3f9a27';
const longwood = openCorporatesCompany({
  officers: [
    openCorporatesOfficer('GARCIA, MARIA ELENA', 'manager'),
    openCorporatesOfficer('JOHN A. SMITH JR.', 'member'),
    openCorporatesOfficer('PETER OLDHAM', 'manager', { end_date: '2019-06-30' }),
  ],
});
const companies = [
  longwood,
  openCorporatesCompany({ name: 'LONGWOOD DENTAL GROUP INC', company_number: '5599881', officers: [] }),
  openCorporatesCompany({ name: 'LONGWOOD DENTAL LLC', company_number: 'P04000123', jurisdiction_code: 'us_fl' }),
  openCorporatesCompany({ name: 'TWIN PEAKS BAKERY, LLC', company_number: '7100001' }),
  openCorporatesCompany({ name: 'Twin Peaks Bakery LLC', company_number: '7100002', current_status: 'Active' }),
  openCorporatesCompany({ name: 'HARBOR LIGHT CAFE LLC', company_number: '6200001', inactive: true, current_status: 'Cancelled' }),
  openCorporatesCompany({ name: 'HARBOR LIGHT CAFE LLC', company_number: '6200002' }),
];

const profile = (name: string, addressState: string | null = 'DE'): BusinessProfile =>
  sampleProfile(name, {
    addressCity: 'Wilmington',
    addressState,
    addressPostalCode: '19801',
    owners: [{ id: 'o1', firstName: 'Maria', lastName: 'Garcia', line1: null, city: null, state: null, postalCode: null, country: null }],
  });

describe('the OpenCorporates registry adapter', () => {
  let vendor: FakeVendor;
  let provider: StateFilingProvider;
  beforeAll(async () => {
    vendor = await startFakeVendor(createOpenCorporatesFake({ apiToken: TOKEN, companies }).answer);
    provider = createOpenCorporatesRegistryProvider({ baseUrl: vendor.baseUrl, credentials: { api_token: TOKEN } });
  });
  afterAll(() => vendor.close());
  beforeEach(() => vendor.requests.splice(0));

  it("answers the filing of the company named exactly as the business in its state's registry, traced with the company's answer", async () => {
    const filing = await provider.findFiling(profile('Longwood Dental, LLC'));
    expect(filing).toEqual({
      registeredName: 'LONGWOOD DENTAL LLC',
      active: true,
      status: 'Active',
      state: 'DE',
      officers: [
        { firstName: 'MARIA', lastName: 'GARCIA', title: 'manager' },
        { firstName: 'JOHN', lastName: 'SMITH', title: 'member' },
      ],
      companyNumber: '5512345',
      jurisdiction: 'us_de',
      incorporationDate: '2015-03-02',
      registeredAddress: { line1: '251 Little Falls Drive', city: 'Wilmington', state: 'DE', postalCode: '19808', country: 'United States' },
      trace: { adapter: 'opencorporates', version: 'v0.4', raw: JSON.stringify({ api_version: '0.4', results: { company: longwood } }) },
    });
  });

  it('searches the legal name in us_<state> with the token, then reads the chosen company, both as GETs of v0.4', async () => {
    await provider.findFiling(profile('Longwood Dental, LLC', 'delaware'));
    expect(vendor.requests.map((r) => [r.method, r.path, Object.fromEntries(r.query), r.headers.accept, r.body])).toEqual([
      ['GET', '/v0.4/companies/search', { q: 'Longwood Dental, LLC', jurisdiction_code: 'us_de', per_page: '100', api_token: TOKEN }, 'application/json', ''],
      ['GET', '/v0.4/companies/us_de/5512345', { api_token: TOKEN }, 'application/json', ''],
    ]);
  });

  it('answers null, after the search alone, when no company of the state has the name', async () => {
    expect(await provider.findFiling(profile('Longwood Orthodontics LLC'))).toBeNull();
    expect(await provider.findFiling(profile('Longwood Dental LLC', 'GA'))).toBeNull();
    expect(vendor.requests.map((r) => r.path)).toEqual(['/v0.4/companies/search', '/v0.4/companies/search']);
  });

  it('chooses none, permanently and in our words, when several companies match equally well', async () => {
    const err = await provider.findFiling(profile('Twin Peaks Bakery LLC')).catch((e: unknown) => e);
    expect(err).toMatchObject({
      name: 'AmbiguousRegistryMatchError',
      message: "OpenCorporates lists 2 companies in us_de whose names match the business's equally well, so none was chosen",
      transient: false,
      candidates: 2,
      jurisdiction: 'us_de',
    });
    expect(vendor.requests).toHaveLength(1);
  });

  it('chooses the one company not flagged inactive among equally good matches', async () => {
    expect(await provider.findFiling(profile('Harbor Light Cafe LLC'))).toMatchObject({ companyNumber: '6200002', active: true });
  });

  it('refuses, permanently and without calling, a business without a US state to search', async () => {
    for (const state of [null, 'Ontario', 'PR']) {
      await expect(provider.findFiling(profile('Longwood Dental LLC', state))).rejects.toMatchObject({
        name: 'ProviderError',
        message: "OpenCorporates needs the business's US state to know which registry to search",
        transient: false,
      });
    }
    expect(vendor.requests).toEqual([]);
  });

  it('is named opencorporates, defaults to the production host, and passes the verification checks it feeds', async () => {
    expect([provider.name, OPENCORPORATES_PRODUCTION_URL]).toEqual(['opencorporates', 'https://api.opencorporates.com']);
    const others = { tinMatch: { name: 't', matchTin: async () => ({ matched: true }) }, addresses: { name: 'a', checkAddress: async () => ({ deliverable: true }) } };
    const providers: VerificationProviders = { ...others, filings: provider };
    const checks = await runVerificationChecks({ profile: profile('Longwood Dental LLC'), readTin: async () => '123456789' }, providers, () => undefined);
    expect(checks.map((c) => `${c.code} ${c.result}`)).toEqual(['TIN_MATCH PASS', 'SOS_FILING PASS', 'ADDRESS PASS', 'OFFICERS PASS']);
  });
});
