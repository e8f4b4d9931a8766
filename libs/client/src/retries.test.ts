import { createKybClient, KybApiError, KybNetworkError, retryAfterMs } from './index';
import { failure, fakeJwt, ok, recordingSleep, startFakeSuite, type FakeSuite } from './test-support/fake-suite';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const BUSINESS = '44444444-4444-4444-8444-444444444444';
const ADD_BUSINESS = `/case/api/v1/businesses/customers/${CUSTOMER}`;
const GET_BUSINESS = `/case/api/v1/businesses/${BUSINESS}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const unavailable = (retryAfter?: string) =>
  failure(503, 'UNKNOWN_ERROR', 'ServiceUnavailableError', 'The service is briefly unavailable, retry shortly.', { headers: retryAfter ? { 'retry-after': retryAfter } : {} });
const created = ok({ runId: 'run-1', result: { 0: { data_businesses: { id: BUSINESS } } } }, 'Bulk process succeeded');

describe('Idempotency-Key and retries of safe failures', () => {
  let suite: FakeSuite;
  let recorded: ReturnType<typeof recordingSleep>;
  beforeEach(async () => {
    suite = await startFakeSuite();
    recorded = recordingSleep();
  });
  afterEach(() => suite.close());

  const client = (retry = {}) =>
    createKybClient({
      baseUrl: suite.baseUrl,
      session: { role: 'CUSTOMER', idToken: fakeJwt({ customer_id: CUSTOMER }), accessToken: 'a', refreshToken: 'r' },
      sleep: recorded.sleep,
      random: () => 0.5,
      retry,
    });
  const addBusiness = (kyb: ReturnType<typeof client>, idempotencyKey?: string) =>
    kyb.request('case', 'post', '/businesses/customers/{customerID}', { path: { customerID: CUSTOMER }, body: { name: 'Lien Bakery' }, idempotencyKey });

  it('waits as Retry-After says after a 503 and sends the request again', async () => {
    suite.on('GET', GET_BUSINESS, (_req, call) => (call === 1 ? unavailable('2') : ok({ id: BUSINESS, name: 'Lien Bakery' })));

    const business = await client().request('case', 'get', '/businesses/{businessID}', { path: { businessID: BUSINESS } });

    expect(business).toMatchObject({ id: BUSINESS });
    expect(suite.requestsTo('GET', GET_BUSINESS)).toHaveLength(2);
    expect(recorded.waits).toEqual([2000]);
  });

  it('sends a POST with a new UUID Idempotency-Key and the same key on each of its retries', async () => {
    suite.on('POST', ADD_BUSINESS, (_req, call) => (call <= 2 ? unavailable('1') : created));
    const kyb = client();

    await addBusiness(kyb);
    await addBusiness(kyb);

    const keys = suite.requestsTo('POST', ADD_BUSINESS).map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(UUID);
    // Three attempts of the first request share one key; the second request has its own.
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).toMatch(UUID);
    expect(keys[3]).not.toBe(keys[0]);
    expect(recorded.waits).toEqual([1000, 1000]);
  });

  it("sends the caller's own Idempotency-Key when given", async () => {
    suite.on('POST', ADD_BUSINESS, () => created);

    await addBusiness(client(), 'order-4711-business');

    expect(suite.requestsTo('POST', ADD_BUSINESS)[0].headers['idempotency-key']).toBe('order-4711-business');
  });

  it('when the connection drops without an answer, sends the request again after a jittered, growing backoff', async () => {
    suite.on('POST', ADD_BUSINESS, (_req, call) => (call <= 2 ? 'drop' : created));

    await addBusiness(client());

    const attempts = suite.requestsTo('POST', ADD_BUSINESS);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    // random() = 0.5 of 250 ms, then of 500 ms.
    expect(recorded.waits).toEqual([125, 250]);
  });

  it('gives up after the attempts allowed: the last 503 is thrown', async () => {
    suite.on('GET', GET_BUSINESS, () => unavailable());

    const failed = client({ attempts: 3, baseDelayMs: 100, maxDelayMs: 150 }).request('case', 'get', '/businesses/{businessID}', { path: { businessID: BUSINESS } });

    await expect(failed).rejects.toMatchObject({ httpStatus: 503, errorName: 'ServiceUnavailableError' });
    expect(suite.requestsTo('GET', GET_BUSINESS)).toHaveLength(3);
    // 0.5 of 100 ms, then 0.5 of min(150, 200) ms.
    expect(recorded.waits).toEqual([50, 75]);
  });

  it('throws KybNetworkError when no attempt got an answer', async () => {
    suite.on('GET', GET_BUSINESS, () => 'drop');

    const failed = client({ attempts: 2 }).request('case', 'get', '/businesses/{businessID}', { path: { businessID: BUSINESS } });

    await expect(failed).rejects.toBeInstanceOf(KybNetworkError);
    await expect(failed).rejects.toMatchObject({ attempts: 2, method: 'GET', url: `${suite.baseUrl}${GET_BUSINESS}` });
  });

  it.each([
    [400, 'INVALID', 'ValidationMiddlewareError'],
    [401, 'UNAUTHENTICATED', 'AuthenticationMiddlewareError'],
    [404, 'NOT_FOUND', 'BusinessApiError'],
    [422, 'INVALID', 'IdempotencyKeyReusedError'],
    [429, 'NOT_ALLOWED', 'TooManyRequestsError'],
  ])('never sends a request again after a %i (%s)', async (status, errorCode, errorName) => {
    suite.on('POST', ADD_BUSINESS, () => failure(status, errorCode, errorName, 'refused', { headers: { 'retry-after': '1' } }));

    await expect(addBusiness(client())).rejects.toMatchObject({ httpStatus: status, errorCode, errorName });
    expect(suite.requestsTo('POST', ADD_BUSINESS)).toHaveLength(1);
    expect(recorded.waits).toEqual([]);
  });

  it('does not send again a POST whose route does not honour the Idempotency-Key (it could be done twice)', async () => {
    suite.on('POST', '/report/api/v1/reports/abc/download', () => 'drop');
    suite.on('POST', '/auth/api/v1/customer/sign-in', () => unavailable('1'));
    const kyb = client();

    await expect(kyb.request('report', 'post', '/reports/{reportID}/download', { path: { reportID: 'abc' } })).rejects.toBeInstanceOf(KybNetworkError);
    await expect(kyb.signIn({ email: 'owner@example.org', password: 'p' })).rejects.toMatchObject({ httpStatus: 503 });

    expect(suite.requestsTo('POST', '/report/api/v1/reports/abc/download')).toHaveLength(1);
    expect(suite.requestsTo('POST', '/auth/api/v1/customer/sign-in')).toHaveLength(1);
    // The key is sent all the same: every POST carries one.
    expect(suite.requestsTo('POST', '/auth/api/v1/customer/sign-in')[0].headers['idempotency-key']).toMatch(UUID);
  });

  it('sends again, with its key, a POST answered 409 IdempotencyKeyInUseError (its first attempt is still running)', async () => {
    suite.on('POST', ADD_BUSINESS, (_req, call) =>
      call === 1 ? 'drop' : call === 2 ? failure(409, 'DUPLICATE', 'IdempotencyKeyInUseError', 'still being processed', { headers: { 'retry-after': '1' } }) : created,
    );

    await addBusiness(client());

    expect(suite.requestsTo('POST', ADD_BUSINESS)).toHaveLength(3);
    expect(recorded.waits).toEqual([125, 1000]);
  });

  it('throws at once a 503 whose Retry-After is longer than it will wait', async () => {
    suite.on('GET', GET_BUSINESS, () => unavailable('3600'));

    await expect(client().request('case', 'get', '/businesses/{businessID}', { path: { businessID: BUSINESS } })).rejects.toBeInstanceOf(KybApiError);
    expect(suite.requestsTo('GET', GET_BUSINESS)).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Mon, 01 Jun 2026 12:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Mon, 01 Jun 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
