import { COBALT_GATEWAY_ANSWERS } from '../../test-support/fakes/cobalt/cobalt-gateway-answers';
import { cobaltTestProfile, COBALT_TEST_KEY, startCobaltFake, type CobaltFakeStand } from '../../test-support/fakes/cobalt/cobalt-fake.data';
import { ProviderError } from '../providers.errors';
import { createCobaltRegistryProvider } from './cobalt-registry.provider';

describe('Cobalt secretary-of-state filings when Cobalt refuses or fails', () => {
  let fake: CobaltFakeStand;
  const messages: string[] = [];
  beforeAll(async () => {
    fake = await startCobaltFake();
  });
  afterAll(() => fake.vendor.close());
  beforeEach(() => {
    fake.use({ incompleteAnswers: 0 });
    fake.queued.length = 0;
    fake.vendor.requests.length = 0;
  });

  const NAME = 'Riverbend Dental LLC';
  const failure = async (options: { apiKey?: string; name?: string; state?: string | null; timeoutMs?: number } = {}) => {
    const provider = createCobaltRegistryProvider({ baseUrl: fake.vendor.baseUrl, credentials: { api_key: options.apiKey ?? COBALT_TEST_KEY }, timeoutMs: options.timeoutMs, pollIntervalMs: 0 });
    const err = await provider.findFiling(cobaltTestProfile(options.name ?? NAME, options.state === undefined ? 'ID' : options.state)).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    const { message, transient, status, retryAfterMs } = err as ProviderError & { status?: number | null; retryAfterMs?: number | null };
    messages.push(message);
    return { message, transient, status, retryAfterMs };
  };

  it("is refused for good with a wrong key: the fake checks it like Cobalt's gateway, 403 Forbidden", async () => {
    expect(await failure({ apiKey: 'cobalt-key-wrong' })).toEqual({ message: 'Cobalt refused the credentials (HTTP 403)', transient: false, status: 403, retryAfterMs: null });
    fake.queued.push(COBALT_GATEWAY_ANSWERS.unauthorized);
    expect(await failure()).toEqual({ message: 'Cobalt refused the credentials (HTTP 401)', transient: false, status: 401, retryAfterMs: null });
  });

  it("is refused for good when Cobalt answers the search 'Bad request' (HTTP 200): a name too short, a state it does not search", async () => {
    const refused = { message: 'Cobalt refused the search request (Bad request, HTTP 200)', transient: false, status: 200, retryAfterMs: null };
    expect(await failure({ name: 'Rb' })).toEqual(refused);
    expect(await failure({ state: 'ON' })).toEqual(refused);
    fake.queued.push({ status: 200, body: { status: 'Bad request', message: 'Usage cap exceeded. Please contact support@cobaltintelligence.com to upgrade.' } });
    expect(await failure()).toEqual(refused);
  });

  it('is refused for good on an HTTP 400 or 404, which Cobalt does not document', async () => {
    fake.queued.push({ status: 400, body: { message: 'state is required' } }, { status: 404, body: { message: 'Not Found' } });
    expect(await failure()).toEqual({ message: 'Cobalt refused the request (HTTP 400)', transient: false, status: 400, retryAfterMs: null });
    expect(await failure()).toEqual({ message: 'Cobalt refused the request (HTTP 404)', transient: false, status: 404, retryAfterMs: null });
  });

  it('is refused for good, asking Cobalt nothing, for a business without an address state', async () => {
    expect(await failure({ state: null })).toEqual({ message: "Cobalt searches one state's registry and the business has no address state", transient: false, status: undefined, retryAfterMs: undefined });
    expect(fake.vendor.requests).toEqual([]);
  });

  it('is worth retrying when throttled or out of quota (429), with the Retry-After Cobalt gives', async () => {
    fake.queued.push(COBALT_GATEWAY_ANSWERS.throttled, { ...COBALT_GATEWAY_ANSWERS.quotaExceeded, headers: { 'retry-after': '30' } });
    expect(await failure()).toEqual({ message: 'Cobalt is rate limiting these credentials (HTTP 429)', transient: true, status: 429, retryAfterMs: null });
    expect(await failure()).toEqual({ message: 'Cobalt is rate limiting these credentials (HTTP 429)', transient: true, status: 429, retryAfterMs: 30_000 });
  });

  it('is worth retrying when Cobalt fails (5xx), while polling too', async () => {
    fake.queued.push(COBALT_GATEWAY_ANSWERS.internalError);
    expect(await failure()).toEqual({ message: 'Cobalt failed (HTTP 500)', transient: true, status: 500, retryAfterMs: null });
    fake.queued.push({ status: 202, body: { status: 'Incomplete', statusCode: 202, retryId: 'r-7' } }, COBALT_GATEWAY_ANSWERS.gatewayTimeout);
    fake.vendor.requests.length = 0;
    expect(await failure()).toEqual({ message: 'Cobalt failed (HTTP 504)', transient: true, status: 504, retryAfterMs: null });
    expect(fake.vendor.requests.map((r) => r.query.get('retryId'))).toEqual([null, 'r-7']);
  });

  it("is worth retrying when the state's search failed or the pending search is gone", async () => {
    fake.queued.push({ status: 200, body: { status: 'Failed' } });
    expect(await failure()).toEqual({ message: "Cobalt could not search the state's registry (Failed, HTTP 200)", transient: true, status: 200, retryAfterMs: null });
    fake.queued.push({ status: 202, body: { status: 'Incomplete', statusCode: 202, retryId: 'forgotten-id' } });
    expect(await failure()).toEqual({ message: 'Cobalt no longer knows the pending search (Retry Id invalid, HTTP 200)', transient: true, status: 200, retryAfterMs: null });
    expect(fake.vendor.requests.at(-1)!.query.get('retryId')).toBe('forgotten-id');
  });

  it('is worth retrying when Cobalt is slower than the time-out', async () => {
    fake.queued.push({ status: 200, body: { status: 'Complete', results: [] }, delayMs: 300 });
    expect(await failure({ timeoutMs: 50 })).toEqual({ message: 'Cobalt did not answer within 50 ms', transient: true, status: null, retryAfterMs: null });
  });

  it('is worth retrying on a body it cannot read: not JSON, no status, results not a list, no retryId', async () => {
    fake.queued.push({ status: 200, body: '<html>busy</html>' });
    expect(await failure()).toEqual({ message: 'Cobalt answered a body that is not JSON (HTTP 200)', transient: true, status: 200, retryAfterMs: null });
    const unreadable = { message: 'Cobalt answered a search result that cannot be read (HTTP 200)', transient: true, status: 200, retryAfterMs: null };
    for (const body of [[], { results: [] }, { status: 'Complete', results: { sosId: '1' } }, { status: 'Complete', results: ['x'] }, { status: 'Queued' }]) {
      fake.queued.push({ status: 200, body });
      expect(await failure()).toEqual(unreadable);
    }
    fake.queued.push({ status: 202, body: { status: 'Incomplete' } });
    expect(await failure()).toEqual({ ...unreadable, message: 'Cobalt answered a search result that cannot be read (HTTP 202)', status: 202 });
  });

  // A TIN never reaches this provider (a BusinessProfile has none); no nine digits show up either.
  it('never puts the key, the searched name or a TIN in a message', () => {
    expect(messages.length).toBeGreaterThan(15);
    for (const message of messages) {
      expect(message).not.toContain(COBALT_TEST_KEY);
      expect(message.toLowerCase()).not.toContain('riverbend');
      expect(message).not.toMatch(/\d{9}/);
    }
  });
});
