import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { FIXTURE_PASSWORD } from '../test-support/auth-fixtures';
import { bearer, signIn, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';
import { expectSameShape } from '@kyb/testing';

// A copy of ../shared/reference/samples/customer-users.response.200.json.
const sample = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/customer-users.response.200.json'), 'utf8'));
const validation = (message: string) => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });

describe('E2 list users of a customer', () => {
  let t: AuthTestApp;
  let owner: Awaited<ReturnType<AuthTestApp['fixtures']['ownerSession']>>;
  let list: (query?: string, token?: string, customerId?: string) => request.Test;

  beforeAll(async () => {
    t = await startAuthTestApp();
    owner = await t.fixtures.ownerSession();
    const people: Array<[string, string, Record<string, unknown>]> = [
      ['Alice', 'alice@acme.test', {}],
      ['Bob', 'bob@acme.test', { status: 'INACTIVE' }],
      ['Carol', 'carol@acme.test', { is_email_verified: false, is_first_login: true, subrole: 'user' }],
      ['Dan', 'dan_100%@acme.test', { subrole: 'user' }],
    ];
    for (const [first_name, email, rest] of people) {
      t.clock.advance(1000);
      await t.fixtures.user({ customerId: owner.customerId, first_name, email, ...rest });
    }
    list = (query = '', token = owner.token, customerId = owner.customerId) =>
      request(t.app).get(`/auth/api/v1/customers/${customerId}/users${query}`).set('Authorization', bearer(token));
  });
  afterAll(() => t.close());

  it('answers records shaped as contract 2.3, with total_pages an integer and total_items a string', async () => {
    const res = await list().expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Success');
    expect(res.body.data.total_items).toBe('5');
    expect(res.body.data.total_pages).toBe(1);
    expectSameShape(res.body, sample);
    const alice = res.body.data.records.find((r: { first_name: string }) => r.first_name === 'Alice');
    expect(Object.keys(alice).sort()).toEqual(
      ['created_at', 'created_by', 'email', 'ext_auth_ref_id', 'first_name', 'id', 'is_email_verified', 'is_first_login', 'last_name',
        'mobile', 'status', 'subrole', 'updated_at', 'updated_by'].sort(),
    );
    expect(alice.subrole).toEqual({ id: expect.any(String), code: 'owner', display_name: 'Owner', label: 'Owner', description: expect.any(String) });
    expect(new Date(alice.created_at).toISOString()).toBe(alice.created_at);
    expect(JSON.stringify(res.body)).not.toContain('password');
  });

  it('pages with page and items_per_page, and pagination=false answers everything', async () => {
    const first = await list('?items_per_page=2&sort[first_name]=asc').expect(200);
    expect(first.body.data).toMatchObject({ total_pages: 3, total_items: '5' });
    expect(first.body.data.records.map((r: { first_name: string }) => r.first_name)).toEqual(['Alice', 'Bob']);
    const last = await list('?items_per_page=2&page=3&sort[first_name]=asc').expect(200);
    expect(last.body.data.records.map((r: { first_name: string }) => r.first_name)).toEqual(['Test']);
    const past = await list('?items_per_page=2&page=9').expect(200);
    expect(past.body.data).toEqual({ records: [], total_pages: 3, total_items: '5' });
    expect((await list('?search[first_name]=nobody-like-this').expect(200)).body.data).toMatchObject({ records: [], total_items: '0' });
    expect((await list('?items_per_page=2&page=2&sort[first_name]=asc').expect(200)).body.data).toMatchObject({ total_pages: 3, total_items: '5' });
    const all = await list('?pagination=false&items_per_page=1').expect(200);
    expect(all.body.data.records).toHaveLength(5);
    expect(all.body.data.total_pages).toBe(1);
  });

  it('sorts by a field in either direction; by default newest first', async () => {
    const names = async (query: string) => (await list(query).expect(200)).body.data.records.map((r: { first_name: string }) => r.first_name);
    expect(await names('?sort[first_name]=desc')).toEqual(['Test', 'Dan', 'Carol', 'Bob', 'Alice']);
    expect(await names('?sort[created_at]=asc')).toEqual(['Test', 'Alice', 'Bob', 'Carol', 'Dan']);
    expect(await names('')).toEqual(['Dan', 'Carol', 'Bob', 'Alice', 'Test']);
  });

  it('filters by status, verification and subrole, and searches case-insensitively with literal wildcards', async () => {
    const names = async (query: string) =>
      (await list(query).expect(200)).body.data.records.map((r: { first_name: string }) => r.first_name).sort();
    expect(await names('?filter[status]=INACTIVE')).toEqual(['Bob']);
    expect(await names('?filter[is_email_verified]=false')).toEqual(['Carol']);
    expect(await names('?filter[subrole]=user')).toEqual(['Carol', 'Dan']);
    expect(await names('?search[email]=ALICE@')).toEqual(['Alice']);
    expect(await names(`?search[email]=${encodeURIComponent('100%')}`)).toEqual(['Dan']);
    expect(await names(`?search[email]=${encodeURIComponent('%')}`)).toEqual(['Dan']);
  });

  it.each([
    ['?items_per_page=0', 'query.items_per_page must be >= 1'],
    ['?items_per_page=101', 'query.items_per_page must be <= 100'],
    ['?page=abc', 'query.page must be integer'],
    ['?sort[password]=asc', "query.sort key 'password' must be equal to one of the allowed values: first_name, last_name, email, status, created_at, updated_at"],
    ['?sort[first_name]=up', 'query.sort.first_name must be equal to one of the allowed values: asc, desc'],
    ['?filter[unknown]=x', "query.filter must NOT have additional properties: 'unknown'"],
    ['?filter[status]=GONE', 'query.filter.status must be equal to one of the allowed values: INVITED, ACTIVE, INACTIVE, SIGNUP_PENDING'],
    ['?colour=red', "query must NOT have additional properties: 'colour'"],
    ['?pagination=maybe', 'query.pagination must be boolean'],
  ])('answers %s with 400 ValidationMiddlewareError', async (query, message) => {
    expect((await list(query).expect(400)).body).toEqual(validation(message));
  });

  it('checks the path before the tenant: not a UUID is 400 for an ADMIN and for a CUSTOMER alike (issue 14)', async () => {
    const admin = await t.fixtures.adminToken();
    expect((await list('', admin, 'not-a-uuid').expect(400)).body).toEqual(validation('params.customerID must match format "uuid"'));
    expect((await list('', owner.token, 'not-a-uuid').expect(400)).body).toEqual(validation('params.customerID must match format "uuid"'));
  });

  it("isolates tenants: another customer's owner gets 403 and sees none of these users", async () => {
    const stranger = await t.fixtures.ownerSession();
    expect((await list('', stranger.token).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You are not allowed to access the data.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'AccessMiddlewareError' },
    });
    const own = await list('', stranger.token, stranger.customerId).expect(200);
    expect(own.body.data.records.map((r: { id: string }) => r.id)).toEqual([stranger.user.id]);
  });

  it('lets the platform ADMIN list any customer, and answers 404 for a customer that does not exist', async () => {
    const admin = await t.fixtures.adminToken();
    expect((await list('', admin).expect(200)).body.data.total_items).toBe('5');
    expect((await list('', admin, '00000000-0000-4000-8000-000000000000').expect(404)).body).toEqual({
      status: 'fail',
      message: 'Customer not found',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'CustomerApiError' },
    });
    // The customer's existence is read with the page: no page, filter or search turns an unknown customer into an empty list.
    for (const query of ['?page=9', '?search[first_name]=nobody-like-this', '?pagination=false']) {
      expect((await list(query, admin, randomUUID()).expect(404)).body.message).toBe('Customer not found');
    }
    expect((await list('?search[first_name]=nobody-like-this', admin).expect(200)).body.data).toEqual({ records: [], total_pages: 0, total_items: '0' });
  });

  it("lets a 'user' subrole list (customer_user:read)", async () => {
    const session = await signIn(t.app, 'dan_100%@acme.test', FIXTURE_PASSWORD);
    await list('', session.id_token).expect(200);
  });

  it('answers an ETag and 304 to a matching If-None-Match', async () => {
    const first = await list('?sort[first_name]=asc').expect(200);
    await list('?sort[first_name]=asc').set('If-None-Match', first.headers.etag).expect(304);
  });
});

describe('managing users', () => {
  let t: AuthTestApp;
  let owner: Awaited<ReturnType<AuthTestApp['fixtures']['ownerSession']>>;
  let usersPath: string;

  beforeAll(async () => {
    t = await startAuthTestApp();
    owner = await t.fixtures.ownerSession();
    usersPath = `/auth/api/v1/customers/${owner.customerId}/users`;
  });
  afterAll(() => t.close());

  const create = (body: object, token = owner.token) => request(t.app).post(usersPath).set('Authorization', bearer(token)).send(body);
  const update = (userId: string, body: object) => request(t.app).patch(`${usersPath}/${userId}`).set('Authorization', bearer(owner.token)).send(body);
  const person = (email: string) => ({ first_name: 'Ada', last_name: 'Analyst', email, subrole_code: 'user' });

  it('creates an ACTIVE user with a temporary password, who must still complete set-up', async () => {
    const res = await create({ ...person('ada.lovelace@acme.test'), temporary_password: 'temporary-passphrase', mobile: '(415) 555-0132' }).expect(200);
    expect(res.body.message).toBe('User created successfully');
    expect(res.body.data).toMatchObject({
      email: 'ada.lovelace@acme.test',
      status: 'ACTIVE',
      is_first_login: true,
      is_email_verified: false,
      mobile: '+14155550132',
      created_by: owner.user.id,
      subrole: expect.objectContaining({ code: 'user' }),
    });
    expect(res.body.data.invitation_url).toBeUndefined();
    const signInRes = await request(t.app).post('/auth/api/v1/customer/sign-in').send({ email: 'ada.lovelace@acme.test', password: 'temporary-passphrase' }).expect(400);
    expect(signInRes.body.message).toBe('Your account setup is incomplete. Please contact support for assistance.');
  });

  it('creates an INVITED user with a one-time set-up link when no password is given', async () => {
    const res = await create(person('invited@acme.test')).expect(200);
    expect(res.body.data.status).toBe('INVITED');
    const url = new URL(res.body.data.invitation_url);
    expect(url.origin).toBe('https://app.example.com');
    expect(url.searchParams.get('email')).toBe('invited@acme.test');
    expect(url.searchParams.get('invitation_token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['a duplicate email in any case', () => ({ ...person('ADA.Lovelace@acme.test') }), 409, 'DUPLICATE', 'A user with this email already exists.', 'UserApiError'],
    ['an unknown subrole', () => ({ ...person('x1@acme.test'), subrole_code: 'cfo' }), 400, 'INVALID', 'Unknown subrole: cfo', 'UserApiError'],
    ['a short temporary password', () => ({ ...person('x2@acme.test'), temporary_password: 'short' }), 400, 'INVALID',
      'Password must be at least 12 characters long.', 'PasswordPolicyError'],
    ['an invalid mobile', () => ({ ...person('x3@acme.test'), mobile: '12345' }), 400, 'INVALID', 'body.mobile must be a valid phone number',
      'ValidationMiddlewareError'],
    ['an extra field', () => ({ ...person('x4@acme.test'), role: 'ADMIN' }), 400, 'INVALID', "body must NOT have additional properties: 'role'",
      'ValidationMiddlewareError'],
  ])('refuses %s', async (_case, body, status, errorCode, message, errorName) => {
    expect((await create(body()).expect(status)).body).toEqual({ status: 'fail', message, errorCode, data: { errorName } });
  });

  it("refuses a 'user' subrole, which lacks customer_user:create", async () => {
    await t.fixtures.user({ customerId: owner.customerId, email: 'reader@acme.test', subrole: 'user' });
    const reader = await signIn(t.app, 'reader@acme.test', FIXTURE_PASSWORD);
    expect((await create(person('x5@acme.test'), reader.id_token).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You do not have permission to perform this action.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'PermissionMiddlewareError', permission: 'customer_user:create' },
    });
  });

  it('changes names, mobile and subrole', async () => {
    const user = await t.fixtures.user({ customerId: owner.customerId, subrole: 'user' });
    const res = await update(user.id, { first_name: ' Grace ', mobile: '+44 20 7946 0018', subrole_code: 'owner' }).expect(200);
    expect(res.body.message).toBe('User updated successfully');
    expect(res.body.data).toMatchObject({ first_name: 'Grace', mobile: '+442079460018', subrole: expect.objectContaining({ code: 'owner' }) });
    expect((await update(user.id, { mobile: null }).expect(200)).body.data.mobile).toBeNull();
  });

  it('making a user INACTIVE revokes its sessions and refuses its sign-in', async () => {
    const user = await t.fixtures.user({ customerId: owner.customerId });
    const session = await signIn(t.app, user.email, FIXTURE_PASSWORD);
    expect((await update(user.id, { status: 'INACTIVE' }).expect(200)).body.data.status).toBe('INACTIVE');
    const refreshed = await request(t.app).post('/auth/api/v1/refresh-token/customer').send({ refresh_token: session.refresh_token }).expect(401);
    expect(refreshed.body.message).toBe('Refresh Token is invalid or expired');
    const res = await request(t.app).post('/auth/api/v1/customer/sign-in').send({ email: user.email, password: FIXTURE_PASSWORD }).expect(400);
    expect(res.body.message).toBe('Your account has been disabled, Contact Support.');
  });

  it("answers a user of another customer as an unknown one: 403 to a CUSTOMER, 404 only to an ADMIN; 400 for an empty change", async () => {
    const stranger = await t.fixtures.ownerSession();
    const denied = {
      status: 'fail',
      message: 'You are not allowed to access the data.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'AccessMiddlewareError' },
    };
    expect((await update(stranger.user.id, { first_name: 'X' }).expect(403)).body).toEqual(denied);
    expect((await update(randomUUID(), { first_name: 'X' }).expect(403)).body).toEqual(denied);
    const admin = await t.fixtures.adminToken();
    const asAdmin = await request(t.app).patch(`${usersPath}/${stranger.user.id}`).set('Authorization', bearer(admin)).send({ first_name: 'X' }).expect(404);
    expect(asAdmin.body).toEqual({ status: 'fail', message: 'User not found', errorCode: 'NOT_FOUND', data: { errorName: 'UserApiError' } });
    expect((await update(owner.user.id, {}).expect(400)).body).toEqual(validation('body must NOT have fewer than 1 properties'));
  });
});
