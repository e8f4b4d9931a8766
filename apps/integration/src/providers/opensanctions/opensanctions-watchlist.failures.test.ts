import { startFakeVendor, type FakeAnswer, type FakeRequest, type FakeVendor } from '../../test-support/fake-vendor';
import { createOpenSanctionsFake, type OpenSanctionsFakeOptions } from '../../test-support/fakes/opensanctions/opensanctions.fake';
import { createCircuitBreakers } from '../guard/circuit-breaker';
import { createProviderGuard } from '../guard/guarded-call';
import { ProviderError } from '../providers.errors';
import { VendorCallError } from '../vendor-http';
import type { WatchlistSubject } from '../watchlist.provider';
import { createOpenSanctionsWatchlistMatcher, type OpenSanctionsWatchlistOptions } from './opensanctions-watchlist.provider';

const KEY = 'os-live-7f3a9c21';
const NAME = 'Boris Quillfeather';
const BIRTH = '1961-03-14';
const subject: WatchlistSubject = { role: 'owner', refId: 'own-1', kind: 'person', name: NAME, dateOfBirth: BIRTH, country: 'Iran' };
const identity = (request: FakeRequest) => request;

describe('the OpenSanctions watchlist matcher when OpenSanctions refuses or fails', () => {
  let options: OpenSanctionsFakeOptions;
  /** A test's change to a request on its way to the fake (a field dropped...), or an answer in the fake's place. */
  let spoil: (request: FakeRequest) => FakeRequest = identity;
  let override: ((request: FakeRequest) => FakeAnswer | undefined) | undefined;
  let fake: FakeVendor;
  const seen: unknown[] = [];
  beforeAll(async () => {
    fake = await startFakeVendor((request) => override?.(request) ?? createOpenSanctionsFake(options)(spoil(request)));
  });
  beforeEach(() => {
    options = { apiKey: KEY };
    spoil = identity;
    override = undefined;
  });
  afterAll(() => fake.close());

  const matcher = (more: Partial<OpenSanctionsWatchlistOptions> = {}) => createOpenSanctionsWatchlistMatcher({ baseUrl: fake.baseUrl, credentials: { api_key: KEY }, ...more });
  const failure = async (more: Partial<OpenSanctionsWatchlistOptions> = {}) => {
    const err = await matcher(more)
      .screen([subject], { threshold: 0.8 })
      .then(() => undefined, (e: unknown) => e);
    seen.push(err);
    expect(err).toBeInstanceOf(VendorCallError);
    const { message, transient, status, retryAfterMs } = err as VendorCallError;
    return { message, transient, status, retryAfterMs };
  };
  const permanent = (message: string, status: number) => ({ message, transient: false, status, retryAfterMs: null });
  const onMatch = (answer: FakeAnswer) => (request: FakeRequest) => (request.path.startsWith('/match/') ? answer : undefined);

  it('is refused for good with a wrong key (401): a credentials failure', async () => {
    expect(await failure({ credentials: { api_key: 'os-wrong' } })).toEqual(permanent('OpenSanctions refused the credentials (HTTP 401)', 401));
    expect(fake.requests.at(-1)!.headers.authorization).toBe('ApiKey os-wrong');
    expect(createOpenSanctionsFake(options)(fake.requests.at(-1)!).body).toEqual({ detail: 'Invalid API key.' });
  });

  it('names the dataset OpenSanctions does not hold (404), and says where FastAPI found the request malformed (422), quoting none of it', async () => {
    spoil = (request) => ({ ...request, path: request.path.replace('/match/sanctions', '/match/gone_list') });
    expect(await failure()).toEqual(permanent('OpenSanctions has no dataset "sanctions" (HTTP 404)', 404));
    spoil = (request) => ({ ...request, body: request.body.replace('"schema":"Person",', '') });
    expect(await failure()).toEqual(permanent('OpenSanctions found the request malformed (HTTP 422): body.queries.q0.schema: Field required', 422));
    expect(JSON.stringify(createOpenSanctionsFake(options)(spoil(fake.requests.at(-1)!)).body)).toContain(NAME);
  });

  it("repeats yente's own 400 texts that quote nothing of the request, and not one that could", async () => {
    expect(await failure({ algorithm: 'magic' })).toEqual(permanent('OpenSanctions refused the query (HTTP 400): Invalid algorithm: magic', 400));
    spoil = (request) => ({ ...request, body: request.body.replace('"schema":"Person"', '"schema":"Spaceship"') });
    expect(await failure()).toEqual(permanent('OpenSanctions could not read a query as an entity (HTTP 400)', 400));
    override = onMatch({ status: 400, body: { detail: `Something new about ${NAME}` } });
    expect(await failure()).toEqual(permanent('OpenSanctions refused the request (HTTP 400)', 400));
  });

  it('retries a spent quota or a rate limit (429) after its Retry-After, and OpenSanctions failing (500, 502)', async () => {
    options = { ...options, trouble: 'quota', retryAfterSeconds: 120 };
    expect(await failure()).toEqual({ message: 'OpenSanctions is rate limiting these credentials (HTTP 429)', transient: true, status: 429, retryAfterMs: 120_000 });
    options = { apiKey: KEY, trouble: 'server-error' };
    expect(await failure()).toEqual({ message: 'OpenSanctions failed (HTTP 500)', transient: true, status: 500, retryAfterMs: null });
    options = { apiKey: KEY, trouble: 'bad-gateway' };
    expect(await failure()).toEqual({ message: 'OpenSanctions failed (HTTP 502)', transient: true, status: 502, retryAfterMs: null });
  });

  it('retries an answer cut short, slower than the time-out, or not in the published shape, the catalog too', async () => {
    options = { ...options, trouble: 'truncated' };
    expect(await failure()).toEqual({ message: 'OpenSanctions answered a body that is not JSON (HTTP 200)', transient: true, status: 200, retryAfterMs: null });
    options = { apiKey: KEY, delayMs: 300 };
    expect(await failure({ timeoutMs: 50 })).toEqual({ message: 'OpenSanctions did not answer within 50 ms', transient: true, status: null, retryAfterMs: null });
    options = { apiKey: KEY };
    override = onMatch({ status: 200, body: { responses: { q0: { results: [{ id: 'NK-1', caption: NAME, score: 'high' }] } }, limit: 5 } });
    expect(await failure()).toEqual({ message: 'OpenSanctions answered a match response not in its published shape (HTTP 200)', transient: true, status: 200, retryAfterMs: null });
    override = onMatch({ status: 200, body: { responses: {}, limit: 5 } });
    expect((await failure()).message).toBe('OpenSanctions answered a match response not in its published shape (HTTP 200)');
    override = (request) => (request.path === '/catalog' ? { status: 200, body: { datasets: 'all of them' } } : undefined);
    expect((await failure()).message).toBe('OpenSanctions answered a catalog not in its published shape (HTTP 200)');
  });

  it('through the provider guard, is retried after an outage and not after a refused key', async () => {
    const guard = createProviderGuard({
      breakers: createCircuitBreakers({ failureThreshold: 5, coolDownMs: 30_000, clock: () => new Date() }),
      maxRateWaitMs: 0,
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 10 },
      wait: async () => undefined,
      clock: () => new Date(),
    });
    const request = { adapter: 'opensanctions', credentialFingerprint: 'f1e2d3c4b5a69788', capability: 'watchlist', customerId: 'c-1', safeToRepeat: true };
    let outages = 2;
    override = (r) => (r.path.startsWith('/match/') && outages-- > 0 ? { status: 503, body: 'Service Unavailable' } : undefined);
    fake.requests.length = 0;
    const answer = await guard(request, () => matcher().screen([subject], { threshold: 0.8 }));
    expect([answer.results[0].candidates.map(({ entryId }) => entryId), fake.requests.filter((r) => r.path.startsWith('/match/')).length]).toEqual([['NK-fict0quillfeather'], 3]);
    override = undefined;
    fake.requests.length = 0;
    const refused = await guard(request, () => matcher({ credentials: { api_key: 'os-wrong' } }).screen([subject], { threshold: 0.8 })).catch((e: unknown) => e);
    expect([(refused as ProviderError).transient, fake.requests.filter((r) => r.path.startsWith('/match/')).length]).toEqual([false, 1]);
  });

  it('never puts the key, a name or a date of birth in an error, its cause included', async () => {
    expect(seen.length).toBeGreaterThanOrEqual(14);
    for (const err of seen) {
      const told = `${String(err)} ${(err as Error).stack} ${String((err as Error).cause)} ${JSON.stringify(err)}`;
      expect([told.includes(KEY), told.includes('Quillfeather'), told.includes(BIRTH)]).toEqual([false, false, false]);
    }
  });
});
