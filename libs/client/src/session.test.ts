import { createKybClient, KybApiError, KybClientStateError, type Session } from './index';
import { failure, fakeJwt, ok, recordingSleep, signInAnswer, startFakeSuite, type FakeSuite } from './test-support/fake-suite';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const USERS = `/auth/api/v1/customers/${CUSTOMER}/users`;
const NOW = Date.parse('2026-06-01T12:00:00Z');
const inOneHour = Math.floor(NOW / 1000) + 3600;
const anHourAgo = Math.floor(NOW / 1000) - 3600;
const page = { records: [], total_pages: 0, total_items: '0' };

describe('sign-in and automatic refresh', () => {
  let suite: FakeSuite;
  beforeEach(async () => {
    suite = await startFakeSuite();
  });
  afterEach(() => suite.close());

  const client = (onSession?: (s: Session | undefined) => void) => createKybClient({ baseUrl: suite.baseUrl, now: () => NOW, onSession, ...recordingSleep() });

  it('signs in with email and password and sends the id_token as the bearer of later requests', async () => {
    const idToken = fakeJwt({ sub: 'user-1', customer_id: CUSTOMER, exp: inOneHour });
    suite.on('POST', '/auth/api/v1/customer/sign-in', () => signInAnswer({ id: idToken, access: 'access-1', refresh: 'refresh-1' }));
    suite.on('GET', USERS, () => ok(page));
    const kyb = client();

    const session = await kyb.signIn({ email: 'owner@example.org', password: 'a passphrase' });

    expect(session).toMatchObject({ role: 'CUSTOMER', idToken, accessToken: 'access-1', refreshToken: 'refresh-1', customerId: CUSTOMER, expiresAt: inOneHour * 1000 });
    const [signIn] = suite.requestsTo('POST', '/auth/api/v1/customer/sign-in');
    expect(signIn.body).toEqual({ email: 'owner@example.org', password: 'a passphrase' });
    expect(signIn.headers.authorization).toBeUndefined();
    await kyb.request('auth', 'get', '/customers/{customerID}/users', { path: { customerID: CUSTOMER } });
    expect(suite.requestsTo('GET', USERS)[0].headers.authorization).toBe(`Bearer ${idToken}`);
  });

  it('when a request answers 401 TokenExpiredError, refreshes with the refresh token and sends the request again with the new bearer', async () => {
    const stale = fakeJwt({ customer_id: CUSTOMER, exp: inOneHour });
    const fresh = fakeJwt({ customer_id: CUSTOMER, exp: inOneHour + 60 });
    suite.on('POST', '/auth/api/v1/customer/sign-in', () => signInAnswer({ id: stale, refresh: 'refresh-1' }));
    suite.on('POST', '/auth/api/v1/refresh-token/customer', () => ok({ id_token: fresh, access_token: 'access-2', refresh_token: 'refresh-2' }));
    // The suite expired the token earlier than its exp says (a shorter TOKEN_TTL_SECONDS, a clock ahead).
    suite.on('GET', USERS, (req) => (req.headers.authorization === `Bearer ${fresh}` ? ok(page) : failure(401, 'UNAUTHENTICATED', 'TokenExpiredError', 'User Session Expired')));
    const sessions: Array<Session | undefined> = [];
    const kyb = client((s) => sessions.push(s));
    await kyb.signIn({ email: 'owner@example.org', password: 'a passphrase' });

    const data = await kyb.request('auth', 'get', '/customers/{customerID}/users', { path: { customerID: CUSTOMER } });

    expect(data).toEqual(page);
    expect(suite.requestsTo('POST', '/auth/api/v1/refresh-token/customer').map((r) => r.body)).toEqual([{ refresh_token: 'refresh-1' }]);
    expect(suite.requestsTo('GET', USERS).map((r) => r.headers.authorization)).toEqual([`Bearer ${stale}`, `Bearer ${fresh}`]);
    // The rotated refresh token is handed over to be kept; the customer is still known.
    expect(sessions.map((s) => s?.refreshToken)).toEqual(['refresh-1', 'refresh-2']);
    expect(kyb.session).toMatchObject({ idToken: fresh, refreshToken: 'refresh-2', customerId: CUSTOMER });
  });

  it('refreshes before sending when the bearer has expired by its own exp, without a 401 round trip', async () => {
    const fresh = fakeJwt({ customer_id: CUSTOMER, exp: inOneHour });
    suite.on('POST', '/auth/api/v1/refresh-token/customer', () => ok({ id_token: fresh, access_token: 'a', refresh_token: 'refresh-2' }));
    suite.on('GET', USERS, () => ok(page));
    const kyb = createKybClient({ baseUrl: suite.baseUrl, now: () => NOW, session: { role: 'CUSTOMER', idToken: fakeJwt({ customer_id: CUSTOMER, exp: anHourAgo }), accessToken: 'a', refreshToken: 'refresh-1' } });

    await kyb.request('auth', 'get', '/customers/{customerID}/users', { path: { customerID: CUSTOMER } });

    expect(suite.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /auth/api/v1/refresh-token/customer', `GET ${USERS}`]);
    expect(suite.requestsTo('GET', USERS)[0].headers.authorization).toBe(`Bearer ${fresh}`);
  });

  it('when several requests find the bearer expired at once, refreshes once (a refresh token is spent by its first use)', async () => {
    const stale = fakeJwt({ customer_id: CUSTOMER, exp: inOneHour });
    const fresh = fakeJwt({ customer_id: CUSTOMER, exp: inOneHour + 60 });
    suite.on('POST', '/auth/api/v1/refresh-token/customer', (_req, call) =>
      call === 1 ? ok({ id_token: fresh, access_token: 'a', refresh_token: 'refresh-2' }) : failure(401, 'UNAUTHENTICATED', 'RefreshTokenReusedError', 'reused'),
    );
    suite.on('GET', USERS, (req) => (req.headers.authorization === `Bearer ${fresh}` ? ok(page) : failure(401, 'UNAUTHENTICATED', 'TokenExpiredError', 'User Session Expired')));
    const kyb = createKybClient({ baseUrl: suite.baseUrl, now: () => NOW, session: { role: 'CUSTOMER', idToken: stale, accessToken: 'a', refreshToken: 'refresh-1' } });

    const answers = await Promise.all([1, 2, 3].map(() => kyb.request('auth', 'get', '/customers/{customerID}/users', { path: { customerID: CUSTOMER } })));

    expect(answers).toEqual([page, page, page]);
    expect(suite.requestsTo('POST', '/auth/api/v1/refresh-token/customer')).toHaveLength(1);
  });

  it('does not refresh on a 401 that is not an expired token (a revoked session): the error is thrown', async () => {
    suite.on('GET', USERS, () => failure(401, 'UNAUTHENTICATED', 'SessionRevokedError', 'Session ended'));
    const kyb = createKybClient({ baseUrl: suite.baseUrl, now: () => NOW, session: { role: 'CUSTOMER', idToken: fakeJwt({ exp: inOneHour }), accessToken: 'a', refreshToken: 'r' } });

    await expect(kyb.request('auth', 'get', '/customers/{customerID}/users', { path: { customerID: CUSTOMER } })).rejects.toMatchObject({ httpStatus: 401, errorName: 'SessionRevokedError' });
    expect(suite.requestsTo('POST', '/auth/api/v1/refresh-token/customer')).toHaveLength(0);
  });

  it('an applicant refreshes on their own route', async () => {
    suite.on('POST', '/auth/api/v1/applicant/sign-in', () => signInAnswer({ id: fakeJwt({ exp: anHourAgo }), refresh: 'applicant-refresh' }));
    suite.on('POST', '/auth/api/v1/refresh-token/applicant', () => ok({ id_token: fakeJwt({ exp: inOneHour }), access_token: 'a', refresh_token: 'applicant-refresh-2' }));
    suite.on('GET', '/case/api/v1/applicant/information-requests', () => ok(page));
    const kyb = client();
    await kyb.signInApplicant({ email: 'jim@example.org', password: 'applicant passphrase' });

    await kyb.request('case', 'get', '/applicant/information-requests', {});

    expect(suite.requestsTo('POST', '/auth/api/v1/refresh-token/applicant').map((r) => r.body)).toEqual([{ refresh_token: 'applicant-refresh' }]);
  });

  it("an applicant's sign-up first answers 202: a code was mailed, and no session starts", async () => {
    suite.on('POST', '/auth/api/v1/applicant/sign-in', () => ({ status: 202, json: { status: 'success', message: 'Code sent', data: {} } }));
    const kyb = client();

    await expect(kyb.signInApplicant({ email: 'jim@example.org', password: 'applicant passphrase', invite_token: '33333333-3333-4333-8333-333333333333' })).resolves.toEqual({ emailCodeSent: true });
    expect(kyb.session).toBeUndefined();
  });

  it('a failed refresh is thrown as the suite answered it', async () => {
    suite.on('POST', '/auth/api/v1/refresh-token/customer', () => failure(401, 'UNAUTHENTICATED', 'SignInApiError', 'Invalid refresh token'));
    const kyb = createKybClient({ baseUrl: suite.baseUrl, now: () => NOW, session: { role: 'CUSTOMER', idToken: fakeJwt({ exp: anHourAgo }), accessToken: 'a', refreshToken: 'spent' } });

    const failed = kyb.request('auth', 'get', '/customers/{customerID}/users', { path: { customerID: CUSTOMER } });

    await expect(failed).rejects.toBeInstanceOf(KybApiError);
    await expect(failed).rejects.toMatchObject({ httpStatus: 401, errorName: 'SignInApiError', message: 'Invalid refresh token' });
    expect(suite.requestsTo('GET', USERS)).toHaveLength(0);
  });

  it('a signed-in call before any sign-in says so instead of sending a request without a bearer', async () => {
    const kyb = client();

    await expect(kyb.signOut()).rejects.toBeInstanceOf(KybClientStateError);
    expect(suite.requests).toHaveLength(0);
  });
});
