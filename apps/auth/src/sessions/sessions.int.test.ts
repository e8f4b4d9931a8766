import { createPublicKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { FIXTURE_PASSWORD } from '../test-support/auth-fixtures';
import { bearer, signIn, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

const REFRESH = '/auth/api/v1/refresh-token/customer';
const invalidRefresh = {
  status: 'fail',
  message: 'Refresh Token is invalid or expired',
  errorCode: 'UNAUTHENTICATED',
  data: { errorName: 'SignInApiError' },
};
const required = { status: 'fail', message: 'Refresh Token is Required', errorCode: 'INVALID', data: { errorName: 'SignInApiError' } };

describe('refresh with rotation and reuse detection', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp();
  });
  afterAll(() => t.close());

  const refresh = (token: unknown) => request(t.app).post(REFRESH).send({ refresh_token: token });
  const listUsers = (customerId: string, token: string) =>
    request(t.app).get(`/auth/api/v1/customers/${customerId}/users`).set('Authorization', bearer(token));

  it('answers new bearer tokens and a new refresh token, and both bearer tokens work', async () => {
    const owner = await t.fixtures.ownerSession();
    const res = await refresh(owner.refreshToken).expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Success');
    expect(Object.keys(res.body.data).sort()).toEqual(['access_token', 'id_token', 'refresh_token']);
    expect(res.body.data.refresh_token).not.toBe(owner.refreshToken);
    await listUsers(owner.customerId, res.body.data.id_token).expect(200);
    await listUsers(owner.customerId, res.body.data.access_token).expect(200);
  });

  it('spends the presented token; presenting it again revokes the whole family but not other sessions', async () => {
    const owner = await t.fixtures.ownerSession();
    const other = await signIn(t.app, owner.user.email, FIXTURE_PASSWORD);
    const rotated = (await refresh(owner.refreshToken).expect(200)).body.data.refresh_token as string;
    expect((await refresh(owner.refreshToken).expect(401)).body).toEqual(invalidRefresh);
    expect((await refresh(rotated).expect(401)).body).toEqual(invalidRefresh);
    const revoked = await t.db('auth.refresh_tokens').where({ user_id: owner.user.id }).whereNotNull('revoked_at');
    expect(revoked.every((row) => row.revoke_reason === 'reuse-detected')).toBe(true);
    await refresh(other.refresh_token).expect(200);
  });

  it('lets exactly one of two concurrent refreshes with the same token win', async () => {
    const owner = await t.fixtures.ownerSession();
    const answers = await Promise.all([refresh(owner.refreshToken), refresh(owner.refreshToken)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it.each([
    ['an empty object', {}],
    ['an empty token', { refresh_token: '' }],
    ['a null token', { refresh_token: null }],
  ])('answers %s with 400 Refresh Token is Required', async (_case, body) => {
    expect((await request(t.app).post(REFRESH).send(body).expect(400)).body).toEqual(required);
  });

  it('answers no body at all with 400 Refresh Token is Required', async () => {
    expect((await request(t.app).post(REFRESH).expect(400)).body).toEqual(required);
  });

  it('answers an extra field or a non-string token with ValidationMiddlewareError', async () => {
    const extra = await request(t.app).post(REFRESH).send({ refresh_token: 'x', user: 'y' }).expect(400);
    expect(extra.body).toEqual({
      status: 'fail',
      message: "body must NOT have additional properties: 'user'",
      errorCode: 'INVALID',
      data: { errorName: 'ValidationMiddlewareError' },
    });
    const number = await request(t.app).post(REFRESH).send({ refresh_token: 42 }).expect(400);
    expect(number.body.message).toBe('body.refresh_token must be string');
  });

  it('refuses an unknown token, and a customer token at the admin path', async () => {
    expect((await refresh('not-a-token-we-issued').expect(401)).body).toEqual(invalidRefresh);
    const owner = await t.fixtures.ownerSession();
    const res = await request(t.app).post('/auth/api/v1/refresh-token/admin').send({ refresh_token: owner.refreshToken }).expect(401);
    expect(res.body).toEqual(invalidRefresh);
  });

  it('refreshes the platform admin at the admin path', async () => {
    await t.fixtures.adminToken();
    const admin = await signIn(t.app, 'admin@platform.test', FIXTURE_PASSWORD, '/auth/api/v1/admin/sign-in');
    const res = await request(t.app).post('/auth/api/v1/refresh-token/admin').send({ refresh_token: admin.refresh_token }).expect(200);
    expect(jwt.decode(res.body.data.id_token)).toMatchObject({ role: 'ADMIN', customer_id: null });
  });

  it('refuses an INACTIVE user as disabled', async () => {
    const owner = await t.fixtures.ownerSession();
    await t.db('auth.users').where({ id: owner.user.id }).update({ status: 'INACTIVE' });
    const res = await refresh(owner.refreshToken).expect(400);
    expect(res.body).toEqual({
      status: 'fail',
      message: 'Your account has been disabled, Contact Support.',
      errorCode: 'INVALID',
      data: { errorName: 'SignInApiError' },
    });
  });

  it('answers GET on the refresh path with 405', async () => {
    const res = await request(t.app).get(REFRESH).expect(405);
    expect(res.body.data.errorName).toBe('MethodNotAllowedError');
  });
});

describe('refresh token expiry', () => {
  it('refuses a refresh token past its lifetime', async () => {
    const t = await startAuthTestApp({ REFRESH_TOKEN_TTL_SECONDS: 300 });
    try {
      const owner = await t.fixtures.ownerSession();
      t.clock.advance(301_000);
      expect((await request(t.app).post(REFRESH).send({ refresh_token: owner.refreshToken }).expect(401)).body).toEqual(invalidRefresh);
    } finally {
      await t.close();
    }
  });
});

describe('logout', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp();
  });
  afterAll(() => t.close());
  const LOGOUT = '/auth/api/v1/customer/logout';

  it('requires a bearer token', async () => {
    expect((await request(t.app).post(LOGOUT).expect(401)).body).toEqual({
      status: 'fail',
      message: 'Authorization header not present',
      errorCode: 'UNAUTHENTICATED',
      data: { errorName: 'AuthenticationMiddlewareError' },
    });
  });

  it('with a refresh token, revokes that session only', async () => {
    const owner = await t.fixtures.ownerSession();
    const other = await signIn(t.app, owner.user.email, FIXTURE_PASSWORD);
    const res = await request(t.app).post(LOGOUT).set('Authorization', bearer(owner.token)).send({ refresh_token: owner.refreshToken }).expect(200);
    expect(res.body).toEqual({ status: 'success', message: 'Logout successful', data: {} });
    await request(t.app).post(REFRESH).send({ refresh_token: owner.refreshToken }).expect(401);
    await request(t.app).post(REFRESH).send({ refresh_token: other.refresh_token }).expect(200);
  });

  it('without a body, revokes every session of the caller', async () => {
    const owner = await t.fixtures.ownerSession();
    const other = await signIn(t.app, owner.user.email, FIXTURE_PASSWORD);
    await request(t.app).post(LOGOUT).set('Authorization', bearer(owner.token)).expect(200);
    await request(t.app).post(REFRESH).send({ refresh_token: owner.refreshToken }).expect(401);
    await request(t.app).post(REFRESH).send({ refresh_token: other.refresh_token }).expect(401);
  });

  it("refuses another user's refresh token", async () => {
    const owner = await t.fixtures.ownerSession();
    const stranger = await t.fixtures.ownerSession();
    const res = await request(t.app).post(LOGOUT).set('Authorization', bearer(owner.token)).send({ refresh_token: stranger.refreshToken }).expect(401);
    expect(res.body).toEqual(invalidRefresh);
    await request(t.app).post(REFRESH).send({ refresh_token: stranger.refreshToken }).expect(200);
  });
});

describe('tokens and the JWKS', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp({ TOKEN_TTL_SECONDS: 120 });
  });
  afterAll(() => t.close());

  const jwks = async () => (await request(t.app).get('/auth/api/v1/.well-known/jwks.json').expect(200)).body.keys as Array<Record<string, string>>;

  it('publishes public EC keys only, and tokens verify against them independently', async () => {
    const keys = await jwks();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key.d).toBeUndefined();
    }
    const owner = await t.fixtures.ownerSession();
    const { header } = jwt.decode(owner.token, { complete: true })!;
    expect(header.alg).toBe('ES256');
    const jwk = keys.find((k) => k.kid === header.kid)!;
    const claims = jwt.verify(owner.token, createPublicKey({ key: jwk, format: 'jwk' }), { algorithms: ['ES256'] }) as jwt.JwtPayload;
    expect(claims).toMatchObject({
      sub: owner.user.id,
      role: 'CUSTOMER',
      customer_id: owner.customerId,
      subrole: 'owner',
      token_use: 'id',
      iss: 'kyb-suite-auth',
    });
    expect(claims.permissions).toContain('customer_user:read');
    expect(claims.exp! - claims.iat!).toBe(120);
    expect(JSON.stringify(claims)).not.toContain(owner.user.email);
  });

  it('rotates the signing key without invalidating tokens already issued', async () => {
    const before = await t.fixtures.ownerSession();
    const oldKid = jwt.decode(before.token, { complete: true })!.header.kid;
    const newKid = await t.area.rotateSigningKey();
    expect(newKid).not.toBe(oldKid);
    expect((await jwks()).map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    await request(t.app).get(`/auth/api/v1/customers/${before.customerId}/users`).set('Authorization', bearer(before.token)).expect(200);
    const after = await signIn(t.app, before.user.email, FIXTURE_PASSWORD);
    expect(jwt.decode(after.id_token, { complete: true })!.header.kid).toBe(newKid);
    // Once every token the old key signed has expired, the old key leaves the JWKS.
    t.clock.advance(121_000);
    expect((await jwks()).map((k) => k.kid)).toEqual([newKid]);
  });
});
