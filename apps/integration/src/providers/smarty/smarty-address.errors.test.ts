import { startFakeVendor, type FakeRequest, type FakeVendor } from '../../test-support/fake-vendor';
import { SAMPLE_ADDRESSES } from '../../test-support/fakes/smarty/smarty-sample-addresses';
import { smartyStreetFake, type SmartyFakeOptions } from '../../test-support/fakes/smarty/smarty-street.fake';
import { ProviderError } from '../providers.errors';
import { VendorCallError } from '../vendor-http';
import { createSmartyAddressProvider } from './smarty-address.provider';

const credentials = { auth_id: 'id-7f3a9c', auth_token: 'tok-SECRET-41d2' };
const office = { line1: '1201 N Orange St', city: 'Wilmington', state: 'DE', postalCode: '19801', country: 'US' };
/** What a request looks like once a test has spoiled it on its way to the fake (a field misnamed, dropped...). */
let spoil: (request: FakeRequest) => FakeRequest = (request) => request;
const seen: unknown[] = [];

describe('the Smarty address provider when Smarty refuses or fails', () => {
  let fake: FakeVendor;
  let account: SmartyFakeOptions;
  beforeAll(async () => {
    fake = await startFakeVendor((request) => smartyStreetFake(account)(spoil(request)));
  });
  beforeEach(() => {
    account = { authId: credentials.auth_id, authToken: credentials.auth_token, addresses: SAMPLE_ADDRESSES };
    spoil = (request) => request;
  });
  afterAll(() => fake.close());

  const failure = async (options: { baseUrl?: string; auth_token?: string; timeoutMs?: number; batch?: boolean } = {}) => {
    const provider = createSmartyAddressProvider({ baseUrl: options.baseUrl ?? fake.baseUrl, credentials: { ...credentials, auth_token: options.auth_token ?? credentials.auth_token }, timeoutMs: options.timeoutMs });
    const err = await (options.batch ? provider.checkAddresses([office, office]) : provider.checkAddress(office)).then(() => undefined, (e: unknown) => e);
    seen.push(err);
    expect(err).toBeInstanceOf(VendorCallError);
    const { message, transient, status, retryAfterMs } = err as VendorCallError;
    return { message, transient, status, retryAfterMs };
  };
  const permanent = (status: number, what: 'credentials' | 'request') => ({ message: `Smarty refused the ${what} (HTTP ${status})`, transient: false, status, retryAfterMs: null });

  it('is refused for good with a wrong auth-token, the fake checking the pair', async () => {
    expect(await failure({ auth_token: 'tok-WRONG' })).toEqual(permanent(401, 'credentials'));
    expect(await failure({ auth_token: 'tok-WRONG', batch: true })).toEqual(permanent(401, 'credentials'));
    expect(fake.requests.at(-1)!.query.get('auth-token')).toBe('tok-WRONG');
  });

  it('is refused for good without an active subscription (402), or forbidden (403)', async () => {
    account.refusal = 'no-subscription';
    expect(await failure()).toEqual(permanent(402, 'request'));
    account.refusal = 'forbidden';
    expect(await failure()).toEqual(permanent(403, 'credentials'));
  });

  it('is refused for good on a path Smarty does not serve (404)', async () => {
    expect(await failure({ baseUrl: `${fake.baseUrl}/v2` })).toEqual(permanent(404, 'request'));
  });

  it('is refused for good a misnamed field (400), a GET without a street (422) and a body over 16K (413)', async () => {
    spoil = (request) => ({ ...request, query: new URLSearchParams(request.query.toString().replace('street=', 'stret=')) });
    expect(await failure()).toEqual(permanent(400, 'request'));
    spoil = (request) => ({ ...request, query: new URLSearchParams([...request.query].filter(([name]) => name !== 'street')) });
    expect(await failure()).toEqual(permanent(422, 'request'));
    spoil = (request) => ({ ...request, body: request.body + ' '.repeat(16_384) });
    expect(await failure({ batch: true })).toEqual(permanent(413, 'request'));
  });

  it('is told to come back after the Retry-After of a rate limit (429)', async () => {
    account = { ...account, refusal: 'rate-limited', retryAfterSeconds: 30 };
    expect(await failure()).toEqual({ message: 'Smarty is rate limiting these credentials (HTTP 429)', transient: true, status: 429, retryAfterMs: 30_000 });
  });

  it('retries later when Smarty fails (500) or its upstream times out (504)', async () => {
    account.refusal = 'internal-error';
    expect(await failure()).toEqual({ message: 'Smarty failed (HTTP 500)', transient: true, status: 500, retryAfterMs: null });
    account.refusal = 'upstream-timeout';
    expect(await failure({ batch: true })).toEqual({ message: 'Smarty failed (HTTP 504)', transient: true, status: 504, retryAfterMs: null });
  });

  it('retries later when Smarty is slower than the time-out, or answers a body cut short', async () => {
    account.delayMs = 300;
    expect(await failure({ timeoutMs: 50 })).toEqual({ message: 'Smarty did not answer within 50 ms', transient: true, status: null, retryAfterMs: null });
    account = { ...account, delayMs: undefined, truncated: true };
    expect(await failure()).toEqual({ message: 'Smarty answered a body that is not JSON (HTTP 200)', transient: true, status: 200, retryAfterMs: null });
  });

  it('is not made without both keys of the pair', () => {
    expect(() => createSmartyAddressProvider({ baseUrl: fake.baseUrl, credentials: { auth_id: 'id-7f3a9c', auth_token: '' } })).toThrow(new ProviderError('Smarty needs an auth_id and an auth_token', { transient: false }));
  });

  it('never names a credential or the address in any of those errors', () => {
    expect(seen.length).toBe(13);
    const words = seen.map((err) => `${(err as Error).message} ${String((err as Error).cause ?? '')}`).join('\n');
    for (const secret of ['id-7f3a9c', 'tok-SECRET-41d2', 'tok-WRONG', 'Orange', '19801']) expect(words).not.toContain(secret);
  });
});
