import { generateKeyPairSync } from 'node:crypto';
import express from 'express';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { createErrorHandler } from '@kyb/envelope';
import { createTestKeys, TEST_AUDIENCE, TEST_ISSUER, testCaller } from './testing';
import { createMemorySessionRevocations } from './session-revocations';
import { access, authenticate, callerOf, canAccessBusiness, canAccessCustomer, requirePermission, requireRole, requireTenant } from './middleware';
import { createTokenVerifier } from './tokens';

const CUSTOMER = '2e6438cb-ec3f-4e94-b5c9-8c058d2efaf1';
const OTHER = '7c2b1a8e-0d2f-4b7e-9a51-3a9b1c1e2f00';
const tokens = createTestKeys();
const revocations = createMemorySessionRevocations();
const verifier = createTokenVerifier({ keys: tokens.keySource, issuer: TEST_ISSUER, audience: TEST_AUDIENCE, revocations });

function app() {
  const server = express();
  server.get(
    '/customers/:customerID/things',
    authenticate(verifier),
    requireRole('ADMIN', 'CUSTOMER'),
    requireTenant(),
    requirePermission('customer_user:read'),
    (req, res) => {
      res.json({ userId: callerOf(req).userId, role: callerOf(req).role });
    },
  );
  server.use(createErrorHandler({ error: () => undefined }));
  return server;
}

const failure = (status: number, errorCode: string, message: string, errorName: string) => ({
  status,
  body: { status: 'fail', message, errorCode, data: expect.objectContaining({ errorName }) },
});

async function call(authorization?: string) {
  const req = request(app()).get(`/customers/${CUSTOMER}/things`);
  const res = await (authorization === undefined ? req : req.set('Authorization', authorization));
  return { status: res.status, body: res.body };
}

describe('authenticate (part 5)', () => {
  it('rule 5: a missing Authorization header gives 401 UNAUTHENTICATED', async () => {
    expect(await call()).toEqual(failure(401, 'UNAUTHENTICATED', 'Authorization header not present', 'AuthenticationMiddlewareError'));
  });

  it.each(['Basic dXNlcjpwYXNz', 'Token abc', 'Bearer', 'Bearer a b'])('rule 6: header "%s" gives 400 INVALID', async (header) => {
    expect(await call(header)).toEqual(failure(400, 'INVALID', 'Invalid Authorization header type', 'AuthenticationMiddlewareError'));
  });

  it('rule 7: an expired token gives 401 User Session Expired', async () => {
    const expired = tokens.tokenFor({ role: 'CUSTOMER', customerId: CUSTOMER, permissions: ['customer_user:read'] }, -10);
    expect(await call(`Bearer ${expired}`)).toEqual(failure(401, 'UNAUTHENTICATED', 'User Session Expired', 'TokenExpiredError'));
  });

  it('accepts a valid token, with the scheme in any case', async () => {
    const token = tokens.tokenFor({ role: 'CUSTOMER', userId: 'u-1', customerId: CUSTOMER, permissions: ['customer_user:read'] });
    expect(await call(`bearer ${token}`)).toEqual({ status: 200, body: { userId: 'u-1', role: 'CUSTOMER' } });
  });

  const invalid = failure(401, 'UNAUTHENTICATED', 'Invalid token', 'AuthenticationMiddlewareError');

  it('refuses a token signed by another key with the same kid', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const forged = jwt.sign({ role: 'ADMIN', token_use: 'id' }, privateKey, {
      algorithm: 'ES256',
      keyid: tokens.key.kid,
      issuer: TEST_ISSUER,
      subject: 'x',
      expiresIn: 60,
    });
    expect(await call(`Bearer ${forged}`)).toEqual(invalid);
  });

  it('refuses a token from another issuer', async () => {
    const other = jwt.sign({ role: 'ADMIN', token_use: 'id' }, tokens.key.privateKey, {
      algorithm: 'ES256',
      keyid: tokens.key.kid,
      issuer: 'someone-else',
      subject: 'x',
      expiresIn: 60,
    });
    expect(await call(`Bearer ${other}`)).toEqual(invalid);
  });

  it('refuses an unsigned token (alg none), an HMAC token and garbage', async () => {
    const none = jwt.sign({ role: 'ADMIN', token_use: 'id', iss: TEST_ISSUER, sub: 'x' }, '', { algorithm: 'none', keyid: tokens.key.kid });
    const hmac = jwt.sign({ role: 'ADMIN', token_use: 'id', iss: TEST_ISSUER, sub: 'x' }, 'secret', { algorithm: 'HS256', keyid: tokens.key.kid });
    expect(await call(`Bearer ${none}`)).toEqual(invalid);
    expect(await call(`Bearer ${hmac}`)).toEqual(invalid);
    expect(await call('Bearer not.a.jwt')).toEqual(invalid);
  });

  const genuine = (claims: object, options: jwt.SignOptions = {}) =>
    jwt.sign({ role: 'ADMIN', token_use: 'id', sid: 'session-1', ...claims }, tokens.key.privateKey, {
      algorithm: 'ES256',
      keyid: tokens.key.kid,
      issuer: TEST_ISSUER,
      subject: 'x',
      expiresIn: 60,
      ...options,
    });

  it('refuses a genuine token meant for another audience, or for none', async () => {
    expect(await call(`Bearer ${genuine({}, { audience: 'another-service' })}`)).toEqual(invalid);
    expect(await call(`Bearer ${genuine({})}`)).toEqual(invalid);
    expect((await call(`Bearer ${genuine({}, { audience: TEST_AUDIENCE })}`)).status).toBe(200);
  });

  it('refuses a genuine token that names no session', async () => {
    expect(await call(`Bearer ${genuine({ sid: undefined }, { audience: TEST_AUDIENCE })}`)).toEqual(invalid);
  });

  it('a token of a revoked session gives 401 User Session Expired; other sessions of the user go on', async () => {
    const revoked = tokens.tokenFor({ role: 'ADMIN', userId: 'u-2', sessionId: 'session-to-end' });
    const other = tokens.tokenFor({ role: 'ADMIN', userId: 'u-2', sessionId: 'session-to-keep' });
    expect((await call(`Bearer ${revoked}`)).status).toBe(200);
    await revocations.revoke(['session-to-end'], 60);
    expect(await call(`Bearer ${revoked}`)).toEqual(failure(401, 'UNAUTHENTICATED', 'User Session Expired', 'TokenExpiredError'));
    expect((await call(`Bearer ${other}`)).status).toBe(200);
  });

  it('refuses a token without a role claim', async () => {
    const roleless = jwt.sign({ token_use: 'id' }, tokens.key.privateKey, {
      algorithm: 'ES256',
      keyid: tokens.key.kid,
      issuer: TEST_ISSUER,
      subject: 'x',
      expiresIn: 60,
    });
    expect(await call(`Bearer ${roleless}`)).toEqual(invalid);
  });
});

describe('guards', () => {
  it('rule 3: an APPLICANT gets 401 UNAUTHORIZED Role Not Allowed', async () => {
    const token = tokens.tokenFor({ role: 'APPLICANT', customerId: CUSTOMER });
    expect(await call(`Bearer ${token}`)).toEqual(failure(401, 'UNAUTHORIZED', 'Role Not Allowed', 'RoleMiddlewareError'));
  });

  it("rule 4: a CUSTOMER of another tenant gets 403 UNAUTHORIZED", async () => {
    const token = tokens.tokenFor({ role: 'CUSTOMER', customerId: OTHER, permissions: ['customer_user:read'] });
    expect(await call(`Bearer ${token}`)).toEqual(
      failure(403, 'UNAUTHORIZED', 'You are not allowed to access the data.', 'AccessMiddlewareError'),
    );
  });

  it('a CUSTOMER without the permission gets 403 PermissionMiddlewareError; an ADMIN passes any tenant', async () => {
    const without = tokens.tokenFor({ role: 'CUSTOMER', customerId: CUSTOMER, permissions: ['case:read'] });
    expect(await call(`Bearer ${without}`)).toEqual(
      failure(403, 'UNAUTHORIZED', 'You do not have permission to perform this action.', 'PermissionMiddlewareError'),
    );
    const admin = tokens.tokenFor({ role: 'ADMIN', userId: 'admin-1' });
    expect(await call(`Bearer ${admin}`)).toEqual({ status: 200, body: { userId: 'admin-1', role: 'ADMIN' } });
  });
});

describe('access', () => {
  it('declares the roles and permissions of a route and gives the guards that enforce exactly them', async () => {
    const declared = access(authenticate(verifier), ['ADMIN', 'CUSTOMER'], ['businesses:write']);
    expect(declared.access).toEqual({ roles: ['ADMIN', 'CUSTOMER'], permissions: ['businesses:write'] });
    const app = express();
    app.post('/x', ...declared.guards, (_req, res) => void res.json({ ok: true }));
    app.use(createErrorHandler({ error: () => undefined }));
    const post = (token: string) => request(app).post('/x').set('Authorization', `Bearer ${token}`);
    expect((await post(tokens.tokenFor({ role: 'APPLICANT', customerId: CUSTOMER }))).status).toBe(401);
    const reader = await post(tokens.tokenFor({ role: 'CUSTOMER', customerId: CUSTOMER, permissions: ['businesses:read'] }));
    expect([reader.status, reader.body.data]).toEqual([403, { errorName: 'PermissionMiddlewareError', permission: 'businesses:write' }]);
    expect((await post(tokens.tokenFor({ role: 'CUSTOMER', customerId: CUSTOMER, permissions: ['businesses:write'] }))).status).toBe(200);
    expect((await post(tokens.tokenFor({ role: 'ADMIN' }))).status).toBe(200);
    expect((await request(app).post('/x')).status).toBe(401);
  });
});

describe('canAccessBusiness', () => {
  const tenant = '11111111-1111-4111-8111-111111111111';
  const business = '22222222-2222-4222-8222-222222222222';
  const caller = testCaller;

  it('lets an ADMIN see any business and a CUSTOMER the businesses of its own tenant', () => {
    expect(canAccessBusiness(caller('ADMIN', null), tenant, business)).toBe(true);
    expect(canAccessBusiness(caller('CUSTOMER', tenant), tenant, business)).toBe(true);
    expect(canAccessBusiness(caller('CUSTOMER', '33333333-3333-4333-8333-333333333333'), tenant, business)).toBe(false);
  });

  it('lets an APPLICANT see only the businesses it was invited to, in its own tenant', () => {
    expect(canAccessBusiness(caller('APPLICANT', tenant, [business]), tenant, business)).toBe(true);
    expect(canAccessBusiness(caller('APPLICANT', tenant, []), tenant, business)).toBe(false);
    expect(canAccessBusiness(caller('APPLICANT', '33333333-3333-4333-8333-333333333333', [business]), tenant, business)).toBe(false);
  });

  it('lets an APPLICANT of no tenant (invited by several) see the businesses of its invitations in each, and no customer', () => {
    const other = '33333333-3333-4333-8333-333333333333';
    const theirs = '44444444-4444-4444-8444-444444444444';
    const applicant = caller('APPLICANT', null, [business, theirs]);
    expect(canAccessBusiness(applicant, tenant, business)).toBe(true);
    expect(canAccessBusiness(applicant, other, theirs)).toBe(true);
    expect(canAccessBusiness(applicant, tenant, '55555555-5555-4555-8555-555555555555')).toBe(false);
    expect(canAccessCustomer(applicant, tenant)).toBe(false);
  });
});
