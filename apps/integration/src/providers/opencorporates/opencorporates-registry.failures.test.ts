import { ProviderError } from '../providers.errors';
import { sampleProfile } from '../../test-support/business-profile.sample';
import { startFakeVendor, type FakeAnswer, type FakeVendor } from '../../test-support/fake-vendor';
import { createOpenCorporatesFake } from '../../test-support/fakes/opencorporates/opencorporates.fake';
import { openCorporatesCompany } from '../../test-support/fakes/opencorporates/opencorporates.records';
import { createOpenCorporatesRegistryProvider } from './opencorporates-registry.provider';

const TOKEN = 'oc-token-3f9a27';
const business = sampleProfile('Longwood Dental LLC', { addressCity: 'Wilmington', addressState: 'DE', addressPostalCode: '19801' });

describe("the OpenCorporates registry adapter when OpenCorporates refuses or fails", () => {
  const fake = createOpenCorporatesFake({ apiToken: TOKEN, companies: [openCorporatesCompany()] });
  let vendor: FakeVendor;
  let rewrite: ((answer: FakeAnswer) => FakeAnswer) | null = null;
  beforeAll(async () => {
    vendor = await startFakeVendor((request) => {
      const answer = fake.answer(request);
      return rewrite ? rewrite(answer) : answer;
    });
  });
  afterAll(() => vendor.close());
  afterEach(() => {
    rewrite = null;
  });

  const find = (options: { token?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    createOpenCorporatesRegistryProvider({ baseUrl: options.baseUrl ?? vendor.baseUrl, credentials: { api_token: options.token ?? TOKEN }, timeoutMs: options.timeoutMs }).findFiling(business);
  const failure = async (promise: Promise<unknown>) => {
    const err = await promise.then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    const { message, transient, status, retryAfterMs } = err as ProviderError & { status: number | null; retryAfterMs: number | null };
    return { message, transient, status, retryAfterMs };
  };

  it("really checks the token: a wrong one gets OpenCorporates' 401 body, and the adapter fails for good", async () => {
    const direct = await fetch(`${vendor.baseUrl}/v0.4/companies/search?q=longwood&api_token=wrong`);
    expect([direct.status, await direct.json()]).toEqual([401, { error: { message: 'Invalid Api Token' } }]);
    const missing = await fetch(`${vendor.baseUrl}/v0.4/companies/us_de/5512345`);
    expect(missing.status).toBe(401);
    expect(await failure(find({ token: 'wrong' }))).toEqual({ message: 'OpenCorporates refused the credentials (HTTP 401)', transient: false, status: 401, retryAfterMs: null });
  });

  it.each([
    [400, 'OpenCorporates refused the request (HTTP 400)', false],
    [403, 'OpenCorporates is rate limiting these credentials (HTTP 403)', true],
    [404, 'OpenCorporates refused the request (HTTP 404)', false],
    [500, 'OpenCorporates failed (HTTP 500)', true],
    [502, 'OpenCorporates failed (HTTP 502)', true],
    [503, 'OpenCorporates failed (HTTP 503)', true],
  ])('turns a documented %i into a ProviderError in our words (%s)', async (status, message, transient) => {
    fake.failNext(status);
    expect(await failure(find())).toEqual({ message, transient, status, retryAfterMs: null });
  });

  it("tells a 429 (a proxy's rate limit) as worth retrying, with its Retry-After", async () => {
    fake.failNext(429, { 'retry-after': '30' });
    expect(await failure(find())).toEqual({ message: 'OpenCorporates is rate limiting these credentials (HTTP 429)', transient: true, status: 429, retryAfterMs: 30_000 });
  });

  it('fails the company read too: a company gone between search and read is refused for good', async () => {
    rewrite = (answer) => ((answer.body as { results?: { company?: unknown } }).results?.company ? { status: 404, body: { error: { message: 'Not found' } } } : answer);
    expect(await failure(find())).toEqual({ message: 'OpenCorporates refused the request (HTTP 404)', transient: false, status: 404, retryAfterMs: null });
    expect(vendor.requests.slice(-2).map((r) => r.path)).toEqual(['/v0.4/companies/search', '/v0.4/companies/us_de/5512345']);
  });

  it('abandons a call slower than the time-out, as worth retrying', async () => {
    rewrite = (answer) => ({ ...answer, delayMs: 300 });
    expect(await failure(find({ timeoutMs: 50 }))).toEqual({ message: 'OpenCorporates did not answer within 50 ms', transient: true, status: null, retryAfterMs: null });
  });

  it('fails a body that is not JSON, or JSON it does not document, as worth retrying', async () => {
    rewrite = () => ({ status: 200, body: '<html>We need to verify you are human</html>' });
    expect(await failure(find())).toEqual({ message: 'OpenCorporates answered a body that is not JSON (HTTP 200)', transient: true, status: 200, retryAfterMs: null });
    rewrite = () => ({ status: 200, body: { api_version: '0.4', results: { companies: [{ company: { name: 'LONGWOOD DENTAL LLC' } }] } } });
    expect(await failure(find())).toEqual({ message: 'OpenCorporates answered a body it does not document (HTTP 200)', transient: true, status: 200, retryAfterMs: null });
    rewrite = (answer) => ((answer.body as { results?: { company?: unknown } }).results?.company ? { status: 200, body: { api_version: '0.4', results: {} } } : answer);
    expect(await failure(find())).toEqual({ message: 'OpenCorporates answered a body it does not document (HTTP 200)', transient: true, status: 200, retryAfterMs: null });
  });

  it('fails an unreachable host as worth retrying', async () => {
    const closed = await startFakeVendor(() => ({ status: 200 }));
    await closed.close();
    expect(await failure(find({ baseUrl: closed.baseUrl }))).toEqual({ message: 'OpenCorporates could not be reached', transient: true, status: null, retryAfterMs: null });
  });

  it('never puts the token in an error: not in a message, nor in what it carries', async () => {
    const errors: unknown[] = [];
    const collect = (promise: Promise<unknown>) => promise.catch((e: unknown) => errors.push(e));
    await collect(find({ token: 'wrong' }));
    for (const status of [400, 403, 404, 429, 503]) {
      fake.failNext(status);
      await collect(find());
    }
    rewrite = () => ({ status: 200, body: 'not json' });
    await collect(find());
    rewrite = (answer) => ({ ...answer, delayMs: 300 });
    await collect(find({ timeoutMs: 50 }));
    expect(errors).toHaveLength(8);
    for (const err of errors as Error[]) {
      expect(err).toBeInstanceOf(ProviderError);
      expect(JSON.stringify({ ...err, message: err.message, cause: String(err.cause) })).not.toContain(TOKEN);
    }
  });
});
