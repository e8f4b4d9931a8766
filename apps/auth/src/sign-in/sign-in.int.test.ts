import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { FIXTURE_PASSWORD } from '../test-support/auth-fixtures';
import { expectSameShape } from '@kyb/testing';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

const SIGN_IN = '/auth/api/v1/customer/sign-in';
// A copy of ../shared/reference/samples/sign-in.response.200.json, kept with the tests.
const sample = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/sign-in.response.200.json'), 'utf8')) as Record<string, unknown>;

function failure(message: string, errorName: string, errorCode = 'INVALID') {
  return { status: 'fail', message, errorCode, data: { errorName } };
}

describe('E8 customer sign-in (contract 7.2)', () => {
  let t: AuthTestApp;
  let customerId: string;

  beforeAll(async () => {
    t = await startAuthTestApp();
    customerId = await t.fixtures.customer('Sandbox');
  });
  afterAll(() => t.close());

  it('signs an ACTIVE, set-up user in with the double envelope of 2.10, shaped like the published sample', async () => {
    const user = await t.fixtures.user({ customerId, email: 'Owner.One@Example.com', first_name: 'Sandbox', last_name: 'Owner' });
    const res = await request(t.app).post(SIGN_IN).send({ email: 'owner.one@example.com', password: FIXTURE_PASSWORD }).expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Logged In successfully');
    expect(res.body.data.status).toBe('success');
    expect(res.body.data.message).toBe('Logged In successfully');
    const inner = res.body.data.data;
    expect(inner.user_details).toEqual({
      id: user.id,
      first_name: 'Sandbox',
      last_name: 'Owner',
      email: 'Owner.One@Example.com',
      is_email_verified: true,
    });
    expect(inner.subrole).toEqual({ id: '30de5456-973e-4ba6-a98f-a55183326a0a', code: 'owner', label: 'Owner' });
    expect(inner.permissions.map((p: { code: string }) => p.code)).toEqual([
      'customer_user:read', 'customer_user:write', 'customer_user:create', 'case:read', 'case:write', 'case:create',
      'profile:read', 'profile:write', 'brand_settings:read', 'brand_settings:write', 'businesses:read', 'businesses:write',
      'businesses:create',
      'cases:review',
    ]);
    expect(inner.permissions[0]).toEqual({ id: 7, code: 'customer_user:read', label: 'Customer user Read Only' });
    expect(inner.customer_details).toEqual({ id: customerId, name: 'Sandbox' });
    expect(inner.id_token.split('.')).toHaveLength(3);
    expect(inner.access_token.split('.')).toHaveLength(3);
    expect(inner.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectSameShape(res.body, sample);
    expect(JSON.stringify(res.body)).not.toContain('password');
  });

  it.each([
    ['a missing email', { password: 'x' }, "body must have required property 'email'"],
    ['a missing password', { email: 'a@example.com' }, "body must have required property 'password'"],
    ['a non-string email', { email: 42, password: 'x' }, 'body.email must be string'],
    ['a non-string password', { email: 'a@example.com', password: ['x'] }, 'body.password must be string'],
    ['an invalid email format', { email: 'not-an-email', password: 'x' }, 'body.email must match format "email"'],
    ['an extra field', { email: 'a@example.com', password: 'x', remember: true }, "body must NOT have additional properties: 'remember'"],
    ['an empty body', {}, "body must have required property 'email'"],
    ['an empty password', { email: 'a@example.com', password: '' }, 'body.password must NOT have fewer than 1 characters'],
  ])('answers %s with 400 INVALID ValidationMiddlewareError', async (_case, body, message) => {
    const res = await request(t.app).post(SIGN_IN).send(body).expect(400);
    expect(res.body).toEqual(failure(message, 'ValidationMiddlewareError'));
  });

  it('answers no body at all, malformed JSON and an oversized body in the envelope, never HTML or 500', async () => {
    const none = await request(t.app).post(SIGN_IN).expect(400);
    expect(none.body).toEqual(failure("body must have required property 'email'", 'ValidationMiddlewareError'));
    const malformed = await request(t.app).post(SIGN_IN).set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(malformed.body).toEqual(failure('Malformed JSON in request body', 'ValidationMiddlewareError'));
    const huge = await request(t.app).post(SIGN_IN).send({ email: 'a@example.com', password: 'x'.repeat(200_000) }).expect(413);
    expect(huge.body).toEqual(failure('Request body is larger than the limit of 100kb', 'PayloadTooLargeError'));
    expect(huge.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each(['get', 'put', 'patch', 'delete'] as const)('answers %s with 405 NOT_ALLOWED and Allow: POST', async (method) => {
    const res = await request(t.app)[method](SIGN_IN).expect(405);
    expect(res.headers.allow).toBe('POST, OPTIONS');
    expect(res.body).toEqual(failure('Method Not Allowed', 'MethodNotAllowedError', 'NOT_ALLOWED'));
  });

  const incorrect = failure('Incorrect username or password.', 'SignInApiError');

  it('gives an unknown email and a wrong password the same answer', async () => {
    const user = await t.fixtures.user({ customerId });
    const unknown = await request(t.app).post(SIGN_IN).send({ email: 'nobody@example.com', password: FIXTURE_PASSWORD }).expect(400);
    const wrong = await request(t.app).post(SIGN_IN).send({ email: user.email, password: 'wrong-password-123' }).expect(400);
    expect(unknown.body).toEqual(incorrect);
    expect(wrong.body).toEqual(incorrect);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });

  it('refuses a user who lacks the CUSTOMER role (the platform admin) as incorrect credentials', async () => {
    await t.area.bootstrapAdmin('root@platform.test', FIXTURE_PASSWORD);
    const res = await request(t.app).post(SIGN_IN).send({ email: 'root@platform.test', password: FIXTURE_PASSWORD }).expect(400);
    expect(res.body).toEqual(incorrect);
  });

  it('refuses an INACTIVE user as disabled, once the password is right', async () => {
    const user = await t.fixtures.user({ customerId, status: 'INACTIVE' });
    const res = await request(t.app).post(SIGN_IN).send({ email: user.email, password: FIXTURE_PASSWORD }).expect(400);
    expect(res.body).toEqual(failure('Your account has been disabled, Contact Support.', 'SignInApiError'));
    const wrong = await request(t.app).post(SIGN_IN).send({ email: user.email, password: 'wrong-password-123' }).expect(400);
    expect(wrong.body).toEqual(incorrect);
  });

  it.each(['SIGNUP_PENDING', 'INVITED'] as const)('refuses a %s user with the invitation-link message', async (status) => {
    const user = await t.fixtures.user({ customerId, status });
    const res = await request(t.app).post(SIGN_IN).send({ email: user.email, password: FIXTURE_PASSWORD }).expect(400);
    expect(res.body).toEqual(failure('Onboard the platform via Invitation Link sent to your email or Contact Support.', 'SignInApiError'));
  });

  it.each([
    ['whose first login is not completed', { is_first_login: true }],
    ['whose email is not verified', { is_email_verified: false }],
  ])('refuses an ACTIVE user %s as setup incomplete', async (_case, columns) => {
    const user = await t.fixtures.user({ customerId, ...columns });
    const res = await request(t.app).post(SIGN_IN).send({ email: user.email, password: FIXTURE_PASSWORD }).expect(400);
    expect(res.body).toEqual(failure('Your account setup is incomplete. Please contact support for assistance.', 'SignInApiError'));
  });

  it('refuses a user who has no password yet as incorrect credentials', async () => {
    const user = await t.fixtures.user({ customerId, status: 'INVITED', password: null });
    const res = await request(t.app).post(SIGN_IN).send({ email: user.email, password: FIXTURE_PASSWORD }).expect(400);
    expect(res.body).toEqual(incorrect);
  });
});

describe('platform admin sign-in', () => {
  let t: AuthTestApp;
  // Every test finds the admin made from configuration here, whichever tests ran before it.
  beforeAll(async () => {
    t = await startAuthTestApp();
    expect(await t.area.bootstrapAdmin('admin@platform.test', FIXTURE_PASSWORD)).toBe(true);
  });
  afterAll(() => t.close());

  it('answers the E8 shape with customer_details and subrole null and no permissions', async () => {
    const res = await request(t.app).post('/auth/api/v1/admin/sign-in').send({ email: 'admin@platform.test', password: FIXTURE_PASSWORD }).expect(200);
    expect(res.body.message).toBe('Logged In successfully');
    expect(res.body.data.data).toMatchObject({ customer_details: null, subrole: null, permissions: [] });
    expect(res.body.data.data.user_details.email).toBe('admin@platform.test');
  });

  it('bootstraps the admin only once', async () => {
    expect(await t.area.bootstrapAdmin('second@platform.test', FIXTURE_PASSWORD)).toBe(false);
    const res = await request(t.app).post('/auth/api/v1/admin/sign-in').send({ email: 'second@platform.test', password: FIXTURE_PASSWORD }).expect(400);
    expect(res.body).toEqual(failure('Incorrect username or password.', 'SignInApiError'));
    expect(await t.db('auth.users').where({ role: 'ADMIN' }).pluck('email')).toEqual(['admin@platform.test']);
  });

  it('refuses a customer user at the admin path', async () => {
    const customerId = await t.fixtures.customer();
    const user = await t.fixtures.user({ customerId });
    const res = await request(t.app).post('/auth/api/v1/admin/sign-in').send({ email: user.email, password: FIXTURE_PASSWORD }).expect(400);
    expect(res.body).toEqual(failure('Incorrect username or password.', 'SignInApiError'));
  });
});
