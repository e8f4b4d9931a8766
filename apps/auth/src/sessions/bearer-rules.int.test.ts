import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

/** Contract part 5, rules 4 to 7, on a real endpoint (E2) with tokens the auth area issued. */
describe('bearer authentication on E2 (contract part 5)', () => {
  let t: AuthTestApp;
  let owner: Awaited<ReturnType<AuthTestApp['fixtures']['ownerSession']>>;
  let path: string;

  beforeAll(async () => {
    t = await startAuthTestApp({ TOKEN_TTL_SECONDS: 600 });
    owner = await t.fixtures.ownerSession();
    path = `/auth/api/v1/customers/${owner.customerId}/users`;
  });
  afterAll(() => t.close());

  const call = (authorization?: string) => {
    const req = request(t.app).get(path);
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };
  const invalidToken = { status: 'fail', message: 'Invalid token', errorCode: 'UNAUTHENTICATED', data: { errorName: 'AuthenticationMiddlewareError' } };

  it('accepts the issued token', async () => {
    await call(`Bearer ${owner.token}`).expect(200);
  });

  it('rule 5: a missing header gives 401 Authorization header not present', async () => {
    const res = await call().expect(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      status: 'fail',
      message: 'Authorization header not present',
      errorCode: 'UNAUTHENTICATED',
      data: { errorName: 'AuthenticationMiddlewareError' },
    });
  });

  it.each(['Basic xyz', 'Token abc', `JWT ${'a.b.c'}`])('rule 6: "%s" gives 400 Invalid Authorization header type', async (header) => {
    expect((await call(header).expect(400)).body).toEqual({
      status: 'fail',
      message: 'Invalid Authorization header type',
      errorCode: 'INVALID',
      data: { errorName: 'AuthenticationMiddlewareError' },
    });
  });

  it('rule 7: an expired token gives 401 User Session Expired', async () => {
    const session = await t.fixtures.ownerSession();
    t.clock.advance(601_000);
    try {
      expect((await call(`Bearer ${session.token}`).expect(401)).body).toEqual({
        status: 'fail',
        message: 'User Session Expired',
        errorCode: 'UNAUTHENTICATED',
        data: { errorName: 'TokenExpiredError' },
      });
    } finally {
      t.clock.advance(-601_000);
    }
  });

  it('refuses a token signed by another key that claims a real kid', async () => {
    const { header, payload } = jwt.decode(owner.token, { complete: true })!;
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const forged = jwt.sign(payload as object, privateKey, { algorithm: 'ES256', keyid: header.kid });
    expect((await call(`Bearer ${forged}`).expect(401)).body).toEqual(invalidToken);
  });

  it('refuses a token with an unknown kid and one from another issuer', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const foreign = jwt.sign({ role: 'ADMIN', token_use: 'id' }, privateKey, {
      algorithm: 'ES256',
      keyid: 'someone-elses-key',
      issuer: 'https://issuer.example.com',
      subject: 'x',
      expiresIn: 60,
    });
    expect((await call(`Bearer ${foreign}`).expect(401)).body).toEqual(invalidToken);
  });

  it('refuses alg none, HS256 with the public key as secret, garbage and a tampered payload', async () => {
    const { header, payload } = jwt.decode(owner.token, { complete: true })!;
    const none = jwt.sign({ ...(payload as object), role: 'ADMIN' }, '', { algorithm: 'none', keyid: header.kid });
    const jwks = (await request(t.app).get('/auth/api/v1/.well-known/jwks.json')).body.keys;
    const hmac = jwt.sign({ ...(payload as object), role: 'ADMIN' }, JSON.stringify(jwks[0]), { algorithm: 'HS256', keyid: header.kid });
    const [h, , s] = owner.token.split('.');
    const escalated = Buffer.from(JSON.stringify({ ...(payload as object), role: 'ADMIN' })).toString('base64url');
    for (const token of [none, hmac, 'garbage', `${h}.${escalated}.${s}`]) {
      expect((await call(`Bearer ${token}`).expect(401)).body).toEqual(invalidToken);
    }
  });

  it('rule 4: another tenant gets 403 You are not allowed to access the data.', async () => {
    const stranger = await t.fixtures.ownerSession();
    expect((await call(`Bearer ${stranger.token}`).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You are not allowed to access the data.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'AccessMiddlewareError' },
    });
  });
});
