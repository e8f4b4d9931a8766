import jwt from 'jsonwebtoken';
import request from 'supertest';
import {
  createLocalKeySource,
  createRedisSessionRevocations,
  createTokenVerifier,
  type PublicJwk,
  type RedisSessionRevocations,
  type TokenVerifier,
} from '@kyb/auth';
import { createLogger } from '@kyb/http';
import { createRedisConnection, type Redis } from '@kyb/queues';
import { FIXTURE_PASSWORD } from '../test-support/auth-fixtures';
import { bearer, signIn, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

/*
 * Sessions end when they should (issue 14): after logout, a user made INACTIVE or given another
 * subrole, or a customer disabled, every area refuses the session's tokens within a second. "Every
 * area" is played by a second process: its own Redis connection and revocation cache, verifying
 * with the auth area's published keys, as the case or report area does.
 */
const expired = { status: 'fail', message: 'User Session Expired', errorCode: 'UNAUTHENTICATED', data: { errorName: 'TokenExpiredError' } };
const LOGOUT = '/auth/api/v1/customer/logout';
const REFRESH = '/auth/api/v1/refresh-token/customer';

describe('ending sessions', () => {
  let t: AuthTestApp;
  let otherProcess: { redis: Redis; revocations: RedisSessionRevocations; verifier: TokenVerifier };
  beforeAll(async () => {
    t = await startAuthTestApp();
    const redis = createRedisConnection(process.env.KYB_TEST_REDIS_URL as string, 'producer');
    const revocations = createRedisSessionRevocations({ redis, prefix: t.redisPrefix, logger: createLogger({ level: 'silent', name: 'other' }) });
    await revocations.start();
    const jwks = (await request(t.app).get('/auth/api/v1/.well-known/jwks.json').expect(200)).body.keys as PublicJwk[];
    const verifier = createTokenVerifier({ keys: createLocalKeySource(() => jwks), issuer: 'kyb-suite-auth', audience: 'kyb-suite', revocations });
    otherProcess = { redis, revocations, verifier };
  });
  afterAll(async () => {
    await otherProcess.revocations.close();
    otherProcess.redis.disconnect();
    await t.close();
  });

  /** Within a second, the other process refuses the token as an expired session. */
  async function refusedEverywhereWithinASecond(token: string): Promise<void> {
    const deadline = Date.now() + 1000;
    for (;;) {
      const outcome = await otherProcess.verifier.verify(token).then(() => 'accepted', (err: { message: string }) => err.message);
      if (outcome === 'User Session Expired') return;
      if (Date.now() > deadline) throw new Error(`still ${outcome} after a second`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const users = (customerId: string, token: string) => request(t.app).get(`/auth/api/v1/customers/${customerId}/users`).set('Authorization', bearer(token));

  it('tokens carry the audience and their session; refreshed tokens keep the session', async () => {
    const owner = await t.fixtures.ownerSession();
    const claims = jwt.decode(owner.token) as jwt.JwtPayload;
    expect(claims.aud).toBe('kyb-suite');
    expect(typeof claims.sid).toBe('string');
    const refreshed = (await request(t.app).post(REFRESH).send({ refresh_token: owner.refreshToken }).expect(200)).body.data;
    expect((jwt.decode(refreshed.id_token) as jwt.JwtPayload).sid).toBe(claims.sid);
    await expect(otherProcess.verifier.verify(refreshed.id_token)).resolves.toMatchObject({ sessionId: claims.sid });
  });

  it('logout with the refresh token ends that session (its refreshed tokens too) everywhere, and no other', async () => {
    const owner = await t.fixtures.ownerSession();
    const other = await signIn(t.app, owner.user.email, FIXTURE_PASSWORD);
    const refreshed = (await request(t.app).post(REFRESH).send({ refresh_token: owner.refreshToken }).expect(200)).body.data;
    await request(t.app).post(LOGOUT).set('Authorization', bearer(owner.token)).send({ refresh_token: refreshed.refresh_token }).expect(200);
    expect((await users(owner.customerId, owner.token).expect(401)).body).toEqual(expired);
    expect((await users(owner.customerId, refreshed.access_token).expect(401)).body).toEqual(expired);
    await refusedEverywhereWithinASecond(owner.token);
    await refusedEverywhereWithinASecond(refreshed.id_token);
    await users(owner.customerId, other.id_token).expect(200);
    await expect(otherProcess.verifier.verify(other.id_token)).resolves.toMatchObject({ userId: owner.user.id });
  });

  it("logout with another session's refresh token ends both: the caller's and that one", async () => {
    const owner = await t.fixtures.ownerSession();
    const second = await signIn(t.app, owner.user.email, FIXTURE_PASSWORD);
    await request(t.app).post(LOGOUT).set('Authorization', bearer(owner.token)).send({ refresh_token: second.refresh_token }).expect(200);
    await refusedEverywhereWithinASecond(owner.token);
    await refusedEverywhereWithinASecond(second.id_token);
    await request(t.app).post(REFRESH).send({ refresh_token: owner.refreshToken }).expect(401);
  });

  it('logout without a body ends every session of the caller everywhere', async () => {
    const owner = await t.fixtures.ownerSession();
    const other = await signIn(t.app, owner.user.email, FIXTURE_PASSWORD);
    await request(t.app).post(LOGOUT).set('Authorization', bearer(owner.token)).expect(200);
    await refusedEverywhereWithinASecond(owner.token);
    await refusedEverywhereWithinASecond(other.id_token);
    expect((await users(owner.customerId, other.access_token).expect(401)).body).toEqual(expired);
  });

  it("a user made INACTIVE by the owner loses its sessions at once, refresh tokens included", async () => {
    const owner = await t.fixtures.ownerSession();
    const member = await t.fixtures.user({ customerId: owner.customerId });
    const session = await signIn(t.app, member.email, FIXTURE_PASSWORD);
    await users(owner.customerId, session.id_token).expect(200);
    await request(t.app)
      .patch(`/auth/api/v1/customers/${owner.customerId}/users/${member.id}`)
      .set('Authorization', bearer(owner.token))
      .send({ status: 'INACTIVE' })
      .expect(200);
    expect((await users(owner.customerId, session.id_token).expect(401)).body).toEqual(expired);
    await refusedEverywhereWithinASecond(session.id_token);
    // Its refresh tokens were revoked with the sessions.
    expect((await request(t.app).post(REFRESH).send({ refresh_token: session.refresh_token }).expect(401)).body.message).toBe(
      'Refresh Token is invalid or expired',
    );
  });

  it('a user given another subrole loses its sessions at once, and signs in again with the new permissions', async () => {
    const owner = await t.fixtures.ownerSession();
    const member = await t.fixtures.user({ customerId: owner.customerId });
    const before = await signIn(t.app, member.email, FIXTURE_PASSWORD);
    expect((jwt.decode(before.id_token) as { permissions: string[] }).permissions).toContain('customer_user:write');
    await request(t.app)
      .patch(`/auth/api/v1/customers/${owner.customerId}/users/${member.id}`)
      .set('Authorization', bearer(owner.token))
      .send({ subrole_code: 'user' })
      .expect(200);
    await refusedEverywhereWithinASecond(before.id_token);
    await request(t.app).post(REFRESH).send({ refresh_token: before.refresh_token }).expect(401);
    const after = await signIn(t.app, member.email, FIXTURE_PASSWORD);
    expect((jwt.decode(after.id_token) as { permissions: string[]; subrole: string }).subrole).toBe('user');
    expect((jwt.decode(after.id_token) as { permissions: string[] }).permissions).not.toContain('customer_user:write');
  });

  it('a customer disabled by the platform admin: its users lose their sessions, cannot sign in or refresh, until enabled again', async () => {
    const admin = await t.fixtures.adminToken();
    const owner = await t.fixtures.ownerSession();
    const member = await t.fixtures.user({ customerId: owner.customerId });
    const memberSession = await signIn(t.app, member.email, FIXTURE_PASSWORD);
    const stranger = await t.fixtures.ownerSession();
    const patch = (status: string) =>
      request(t.app).patch(`/auth/api/v1/customers/${owner.customerId}`).set('Authorization', bearer(admin)).send({ status });
    expect((await patch('DISABLED').expect(200)).body.data).toMatchObject({ id: owner.customerId, status: 'DISABLED' });
    await refusedEverywhereWithinASecond(owner.token);
    await refusedEverywhereWithinASecond(memberSession.id_token);
    await users(stranger.customerId, stranger.token).expect(200);
    const disabled = { status: 'fail', message: 'Your account has been disabled, Contact Support.', errorCode: 'INVALID', data: { errorName: 'SignInApiError' } };
    expect((await request(t.app).post('/auth/api/v1/customer/sign-in').send({ email: member.email, password: FIXTURE_PASSWORD }).expect(400)).body).toEqual(disabled);
    expect((await request(t.app).post(REFRESH).send({ refresh_token: owner.refreshToken }).expect(401)).body.data.errorName).toBe('SignInApiError');
    expect((await patch('ACTIVE').expect(200)).body.data.status).toBe('ACTIVE');
    const again = await signIn(t.app, member.email, FIXTURE_PASSWORD);
    await users(owner.customerId, again.id_token).expect(200);
  });

  it('a reused refresh token ends its session everywhere, not only its refresh tokens', async () => {
    const owner = await t.fixtures.ownerSession();
    const refreshed = (await request(t.app).post(REFRESH).send({ refresh_token: owner.refreshToken }).expect(200)).body.data;
    await request(t.app).post(REFRESH).send({ refresh_token: owner.refreshToken }).expect(401);
    await refusedEverywhereWithinASecond(refreshed.id_token);
  });

  it('a token for another audience is refused, though genuinely signed', async () => {
    const other = await startAuthTestApp({ TOKEN_AUDIENCE: 'another-suite' });
    try {
      const foreign = await other.fixtures.ownerSession();
      const jwks = (await request(other.app).get('/auth/api/v1/.well-known/jwks.json').expect(200)).body.keys as PublicJwk[];
      const strict = createTokenVerifier({ keys: createLocalKeySource(() => jwks), issuer: 'kyb-suite-auth', audience: 'kyb-suite', revocations: otherProcess.revocations });
      await expect(strict.verify(foreign.token)).rejects.toMatchObject({ message: 'Invalid token', httpStatus: 401 });
    } finally {
      await other.close();
    }
  });
});
