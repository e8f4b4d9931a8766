import { startFakeVendor, type FakeAnswer, type FakeVendor } from '../test-support/fake-vendor';
import { createVendorHttp, retryAfterMs, VendorCallError } from './vendor-http';

describe('a vendor JSON API call', () => {
  let fake: FakeVendor;
  let next: FakeAnswer;
  beforeAll(async () => {
    fake = await startFakeVendor(() => next);
  });
  afterAll(() => fake.close());

  const call = (options: { timeoutMs?: number; answers?: number[] } = {}) =>
    createVendorHttp({ vendor: 'Acme', baseUrl: `${fake.baseUrl}/v1/`, timeoutMs: options.timeoutMs, authorize: ({ method, url }) => ({ 'x-signed': `${method} ${url}` }) })<{ ok: boolean }>({
      method: 'POST',
      path: '/lookups',
      query: { q: 'a b', skip: undefined },
      body: { name: 'Acme' },
      answers: options.answers,
    });
  const failure = async (promise: Promise<unknown>) => {
    const err = await promise.then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(VendorCallError);
    const { message, transient, status, retryAfterMs: after } = err as VendorCallError;
    return { message, transient, status, retryAfterMs: after };
  };

  it('sends JSON to the path under the base URL, signed, and answers the body with its text', async () => {
    next = { status: 200, body: { ok: true } };
    expect(await call()).toEqual({ status: 200, body: { ok: true }, text: '{"ok":true}' });
    const sent = fake.requests.at(-1)!;
    expect([sent.method, sent.path, sent.query.get('q'), sent.query.has('skip'), sent.body]).toEqual(['POST', '/v1/lookups', 'a b', false, '{"name":"Acme"}']);
    expect(sent.headers['x-signed']).toBe(`POST ${fake.baseUrl}/v1/lookups?q=a+b`);
    expect(sent.headers['content-type']).toBe('application/json');
  });

  it('answers a status the adapter reads itself', async () => {
    next = { status: 404, body: { error: 'not found' } };
    expect((await call({ answers: [404] })).status).toBe(404);
  });

  it('refuses credentials and requests for good, in its own words, never the vendor text', async () => {
    next = { status: 401, body: { error: 'bad token abc123' } };
    expect(await failure(call())).toEqual({ message: 'Acme refused the credentials (HTTP 401)', transient: false, status: 401, retryAfterMs: null });
    next = { status: 400, body: { error: 'name Acme invalid' } };
    expect(await failure(call())).toEqual({ message: 'Acme refused the request (HTTP 400)', transient: false, status: 400, retryAfterMs: null });
  });

  it('tells a rate limit with its Retry-After, and a vendor failure, as worth retrying', async () => {
    next = { status: 429, headers: { 'retry-after': '7' }, body: {} };
    expect(await failure(call())).toEqual({ message: 'Acme is rate limiting these credentials (HTTP 429)', transient: true, status: 429, retryAfterMs: 7000 });
    next = { status: 503, body: 'down' };
    expect(await failure(call())).toMatchObject({ transient: true, status: 503 });
  });

  it('fails a body that is not JSON, and a vendor slower than the time-out, as worth retrying', async () => {
    next = { status: 200, body: 'tin 123456789 <html>' };
    const notJson = (await call().then(
      () => undefined,
      (e: unknown) => e,
    )) as VendorCallError;
    expect({ message: notJson.message, transient: notJson.transient, status: notJson.status, cause: notJson.cause }).toEqual({ message: 'Acme answered a body that is not JSON (HTTP 200)', transient: true, status: 200, cause: undefined });
    next = { status: 200, body: { ok: true }, delayMs: 400 };
    expect(await failure(call({ timeoutMs: 50 }))).toEqual({ message: 'Acme did not answer within 50 ms', transient: true, status: null, retryAfterMs: null });
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('2.5')).toBe(2500);
    expect(retryAfterMs('Wed, 02 Dec 2026 18:00:10 GMT', Date.parse('Wed, 02 Dec 2026 18:00:00 GMT'))).toBe(10_000);
    expect([retryAfterMs(null), retryAfterMs('soon')]).toEqual([null, null]);
  });
});
