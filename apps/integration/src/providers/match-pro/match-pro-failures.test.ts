import oauth from 'mastercard-oauth1-signer';
import { startFakeVendor, type FakeAnswer, type FakeRequest, type FakeVendor } from '../../test-support/fake-vendor';
import { overloaded, rateLimited, systemError } from '../../test-support/fakes/match-pro/match-pro-errors';
import { matchProFake } from '../../test-support/fakes/match-pro/match-pro.fake';
import { credentialsOf, matchProTestClient, SAME_MERCHANT, sampleBusiness } from '../../test-support/fakes/match-pro/match-pro.samples';
import { VendorCallError } from '../vendor-http';
import { createMatchProScreeningProvider } from './match-pro-screening.provider';

const client = matchProTestClient();
const stranger = matchProTestClient();

describe('MATCH Pro refusing or failing a screening', () => {
  let fake: FakeVendor;
  /** Answers instead of the fake while set (what MATCH Pro's gateway or service would answer). */
  let instead: ((request: FakeRequest) => FakeAnswer | undefined) | null = null;
  const state = matchProFake({ consumers: { [client.consumerKey]: { publicKey: client.publicKey, acquirerIds: ['1996'] } }, terminated: [SAME_MERCHANT] });
  beforeAll(async () => {
    fake = await startFakeVendor((request) => instead?.(request) ?? state.answer(request));
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    instead = null;
  });

  const url = (path: string) => `${fake.baseUrl}/mcp/match/api${path}`;
  const screen = (options: { name?: string; acquirerId?: string; signer?: typeof client; consumerKey?: string; timeoutMs?: number } = {}) => {
    const signer = options.signer ?? client;
    const credentials = { ...credentialsOf(signer, options.acquirerId ?? '1996'), consumerKey: options.consumerKey ?? client.consumerKey };
    const provider = createMatchProScreeningProvider({ baseUrl: `${fake.baseUrl}/mcp/match/api`, timeoutMs: options.timeoutMs });
    return provider.screen({ business: sampleBusiness(options.name), icas: ['1996'], credentials });
  };
  const failure = async (promise: Promise<unknown>) => {
    const err = await promise.then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(VendorCallError);
    const { message, transient, status, retryAfterMs } = err as VendorCallError;
    return { message, transient, status, retryAfterMs };
  };
  const post = async (body: string, signedBody: string, signingKey = client.privateKey, consumerKey = client.consumerKey) => {
    const authorization = oauth.getAuthorizationHeader(url('/termination-inquiries'), 'POST', signedBody, consumerKey, signingKey);
    const response = await fetch(url('/termination-inquiries'), { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body });
    return { status: response.status, body: (await response.json()) as { Errors: { Error: Array<Record<string, unknown>> } } };
  };
  const inquiry = JSON.stringify({ terminationInquiryRequest: { acquirerId: '1996', merchant: { name: 'X', principals: [], searchCriteria: { searchAll: 'Y', minPossibleMatchCount: '1' } } } });

  it('the fake checks the signature for real: a key not of the consumer is refused with the gateway 401 body', async () => {
    expect((await post(inquiry, inquiry)).status).toBe(200);
    const refused = await post(inquiry, inquiry, stranger.privateKey);
    expect(refused.status).toBe(401);
    expect(refused.body.Errors.Error).toEqual([
      { Source: 'Gateway', ReasonCode: 'AUTHENTICATION_FAILED', Description: expect.stringMatching(/^OAuth signatures did not match\. Acceptable signature base string: POST&http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fmcp%2Fmatch%2Fapi%2Ftermination-inquiries&oauth_body_hash%3D/), Recoverable: false, Details: null },
    ]);
    expect((await post(inquiry, inquiry, client.privateKey, stranger.consumerKey)).body.Errors.Error[0]).toMatchObject({ ReasonCode: 'AUTHENTICATION_FAILED', Description: 'OAuth consumer key is not recognized.' });
    expect((await post(inquiry.replace('"X"', '"Y"'), inquiry)).body.Errors.Error[0]).toMatchObject({ ReasonCode: 'AUTHENTICATION_FAILED', Description: 'OAuth body hash does not match the request body.' });
  });

  it('a wrong signing key or an unknown consumer key fails for good, in our words (401)', async () => {
    const refused = { message: 'MATCH Pro refused the credentials (HTTP 401)', transient: false, status: 401, retryAfterMs: null };
    expect(await failure(screen({ signer: stranger }))).toEqual(refused);
    expect(await failure(screen({ signer: stranger, consumerKey: stranger.consumerKey }))).toEqual(refused);
  });

  it('an acquirer ID the client may not inquire as fails for good (403)', async () => {
    expect(await failure(screen({ acquirerId: '9999' }))).toEqual({ message: 'MATCH Pro refused the credentials (HTTP 403)', transient: false, status: 403, retryAfterMs: null });
  });

  it('an inquiry MATCH Pro refuses fails for good (400), and so does a reference it does not know (404)', async () => {
    expect(await failure(screen({ name: ' ' }))).toEqual({ message: 'MATCH Pro refused the request (HTTP 400)', transient: false, status: 400, retryAfterMs: null });
    instead = (request) => (request.method === 'POST' ? { status: 200, body: { terminationInquiryResponse: { ref: '199699999999', pageOffset: 0, possibleMerchantMatches: [] } } } : undefined);
    expect(await failure(screen())).toEqual({ message: 'MATCH Pro refused the request (HTTP 404)', transient: false, status: 404, retryAfterMs: null });
  });

  it('a rate limit (429, with Retry-After) and MATCH Pro failures (500, 503) are worth retrying', async () => {
    instead = () => rateLimited(7);
    expect(await failure(screen())).toEqual({ message: 'MATCH Pro is rate limiting these credentials (HTTP 429)', transient: true, status: 429, retryAfterMs: 7000 });
    instead = () => systemError();
    expect(await failure(screen())).toEqual({ message: 'MATCH Pro failed (HTTP 500)', transient: true, status: 500, retryAfterMs: null });
    instead = () => overloaded();
    expect(await failure(screen())).toEqual({ message: 'MATCH Pro failed (HTTP 503)', transient: true, status: 503, retryAfterMs: null });
  });

  it('a slow answer times out, and a body that is not an inquiry is worth retrying', async () => {
    instead = (request) => ({ ...state.answer(request), delayMs: 300 });
    expect(await failure(screen({ timeoutMs: 50 }))).toEqual({ message: 'MATCH Pro did not answer within 50 ms', transient: true, status: null, retryAfterMs: null });
    instead = () => ({ status: 200, body: '<html>maintenance</html>' });
    expect(await failure(screen())).toEqual({ message: 'MATCH Pro answered a body that is not JSON (HTTP 200)', transient: true, status: 200, retryAfterMs: null });
    instead = (request) => (request.method === 'POST' ? { status: 200, body: { terminationInquiryResponse: { pageOffset: 0 } } } : undefined);
    expect(await failure(screen())).toEqual({ message: 'MATCH Pro answered a termination inquiry that could not be read (HTTP 200)', transient: true, status: 200, retryAfterMs: null });
    instead = (request) => (request.method === 'GET' ? { status: 200, body: { terminationInquiryResponse: { possibleMerchantMatches: 'none' } } } : undefined);
    expect(await failure(screen())).toEqual({ message: 'MATCH Pro answered a termination inquiry that could not be read (HTTP 200)', transient: true, status: 200, retryAfterMs: null });
  });

  it('no message of any failure holds a credential', async () => {
    const messages: string[] = [];
    const collect = (promise: Promise<unknown>) => promise.catch((err: Error) => messages.push(err.message));
    await collect(screen({ signer: stranger }));
    await collect(screen({ acquirerId: '9999' }));
    await collect(screen({ name: ' ' }));
    instead = () => ({ status: 200, body: `{"echo":"${client.consumerKey}"` });
    await collect(screen());
    expect(messages).toHaveLength(4);
    const secrets = [client.consumerKey, stranger.consumerKey, ...client.privateKey.split('\n').slice(1, -2), ...stranger.privateKey.split('\n').slice(1, -2)];
    expect(messages.filter((message) => secrets.some((secret) => message.includes(secret)))).toEqual([]);
  });
});
