import { cobaltTestProfile, COBALT_TEST_KEY, RIVERBEND, startCobaltFake, type CobaltFakeStand } from '../../test-support/fakes/cobalt/cobalt-fake.data';
import { COBALT_PRODUCTION_URL, createCobaltRegistryProvider } from './cobalt-registry.provider';

describe('Cobalt secretary-of-state filings', () => {
  let fake: CobaltFakeStand;
  beforeAll(async () => {
    fake = await startCobaltFake();
  });
  afterAll(() => fake.vendor.close());
  beforeEach(() => {
    fake.use({ incompleteAnswers: 0 });
    fake.vendor.requests.length = 0;
  });

  const provider = (options: { maxPolls?: number } = {}) =>
    createCobaltRegistryProvider({ baseUrl: fake.vendor.baseUrl, credentials: { api_key: COBALT_TEST_KEY }, pollIntervalMs: 0, ...options });
  const RIVERBEND_FILING = {
    registeredName: 'Riverbend Dental, LLC',
    active: true,
    status: 'Active-Existing',
    state: 'ID',
    officers: [
      { firstName: 'MARIA', lastName: 'ORTEGA', title: 'Member' },
      { firstName: 'Dev', lastName: 'Patel', title: 'Manager' },
      { firstName: 'Maria', lastName: 'Ortega', title: 'Registered Agent' },
    ],
    companyNumber: '0004512398',
    jurisdiction: 'us_id',
    incorporationDate: '2019-05-14',
    registeredAddress: { line1: '410 W Bannock St', city: 'Boise', state: 'ID', postalCode: '83702', country: 'US' },
  };

  it("defaults to Cobalt's production host and names itself cobalt", () => {
    expect(COBALT_PRODUCTION_URL).toBe('https://apigateway.cobaltintelligence.com');
    expect(provider().name).toBe('cobalt');
  });

  it('searches the state live with the key in x-api-key, and maps the filing with the answer as it came', async () => {
    const filing = await provider().findFiling(cobaltTestProfile(' Riverbend Dental LLC '));
    const [sent] = fake.vendor.requests;
    expect([sent.method, sent.path, [...sent.query.entries()]]).toEqual(['GET', '/v1/search', [['searchQuery', 'Riverbend Dental LLC'], ['state', 'ID'], ['liveData', 'true']]]);
    expect([sent.headers['x-api-key'], sent.headers.accept, sent.body]).toEqual([COBALT_TEST_KEY, 'application/json', '']);
    expect(fake.vendor.requests).toHaveLength(1);
    const raw = JSON.stringify({ status: 'Complete', statusCode: 200, message: 'Business found.', results: [RIVERBEND] });
    expect(filing).toEqual({ ...RIVERBEND_FILING, trace: { adapter: 'cobalt', version: 'v1', raw } });
  });

  it('polls a search the state is still running by its retryId until Cobalt has the result', async () => {
    fake.use({ incompleteAnswers: 3 });
    const filing = await provider().findFiling(cobaltTestProfile('Riverbend Dental LLC'));
    const retryId = '00000000-0000-4000-8000-000000000001';
    expect(fake.vendor.requests.map((r) => [r.path, [...r.query.entries()], r.headers['x-api-key']])).toEqual([
      ['/v1/search', [['searchQuery', 'Riverbend Dental LLC'], ['state', 'ID'], ['liveData', 'true']], COBALT_TEST_KEY],
      ...Array.from({ length: 3 }, () => ['/v1/search', [['retryId', retryId]], COBALT_TEST_KEY]),
    ]);
    expect(filing).toMatchObject({ ...RIVERBEND_FILING, trace: { adapter: 'cobalt', version: 'v1' } });
    expect(JSON.parse(filing!.trace!.raw)).toMatchObject({ status: 'Complete', results: [{ sosId: '0004512398' }] });
  });

  it('gives up, as worth retrying later, on a search still incomplete after the last poll', async () => {
    fake.use({ incompleteAnswers: 50 });
    const err = await provider({ maxPolls: 2 }).findFiling(cobaltTestProfile('Riverbend Dental LLC')).catch((e: Error) => e);
    expect(err).toMatchObject({ name: 'ProviderError', transient: true, message: "Cobalt had not finished searching the state's registry after 2 polls" });
    expect(fake.vendor.requests).toHaveLength(3);
  });

  it('finds no filing when the state has no business of that name', async () => {
    expect(await provider().findFiling(cobaltTestProfile('Bluewater Orthodontics PLLC'))).toBeNull();
    fake.use({ incompleteAnswers: 1 });
    expect(await provider().findFiling(cobaltTestProfile('Bluewater Orthodontics PLLC'))).toBeNull();
  });

  it('of several businesses found, takes the one of the same name but for the legal suffix', async () => {
    const filing = await provider().findFiling(cobaltTestProfile('Riverbend Dental'));
    expect(JSON.parse(filing!.trace!.raw).results.map((r: { sosId: string }) => r.sosId)).toEqual(['0004512398', '0001', '0002']);
    expect(filing).toMatchObject({ registeredName: 'Riverbend Dental, LLC', companyNumber: '0004512398' });
  });

  it("searches the business's own state: the same name dissolved in Oregon", async () => {
    expect(await provider().findFiling(cobaltTestProfile('Riverbend Dental LLC', 'or'))).toMatchObject({
      active: false, status: 'Dissolved', state: 'OR', companyNumber: '7788', jurisdiction: 'us_or', officers: [{ lastName: 'Ortega', title: 'Registered Agent' }],
    });
    expect(fake.vendor.requests[0].query.get('state')).toBe('or');
  });
});
