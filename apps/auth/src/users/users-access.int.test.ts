import request from 'supertest';
import { FIXTURE_PASSWORD } from '../test-support/auth-fixtures';
import { bearer, signIn, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

/*
 * Order of checks on the auth area's customer and user routes (issue 14, ARCHITECTURE.md 5):
 * authentication, role, permission, the request's schema (path included), then the tenant.
 */
const PREFIX = '/auth/api/v1';
const invalid = (message: string) => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
const forbidden = (permission: string) => ({
  status: 'fail',
  message: 'You do not have permission to perform this action.',
  errorCode: 'UNAUTHORIZED',
  data: { errorName: 'PermissionMiddlewareError', permission },
});

describe('customer and user routes: the order of checks', () => {
  let t: AuthTestApp;
  let acme: Awaited<ReturnType<AuthTestApp['fixtures']['ownerSession']>>;
  let stranger: Awaited<ReturnType<AuthTestApp['fixtures']['ownerSession']>>;
  let reader: string;

  beforeAll(async () => {
    t = await startAuthTestApp();
    acme = await t.fixtures.ownerSession();
    stranger = await t.fixtures.ownerSession();
    const user = await t.fixtures.user({ customerId: stranger.customerId, subrole: 'user' });
    reader = (await signIn(t.app, user.email, FIXTURE_PASSWORD)).id_token;
  });
  afterAll(() => t.close());

  const send = (method: 'get' | 'post' | 'patch', path: string, token: string, body?: object) => {
    const req = request(t.app)[method](`${PREFIX}${path}`).set('Authorization', bearer(token));
    return body ? req.send(body) : req;
  };
  const person = { first_name: 'Ada', last_name: 'Order', email: 'ada.order@acme.test', subrole_code: 'user' };

  it.each([
    ['get', '/customers/not-a-uuid', undefined],
    ['get', '/customers/not-a-uuid/users', undefined],
    ['post', '/customers/not-a-uuid/users', person],
    ['patch', '/customers/not-a-uuid/users/00000000-0000-4000-8000-000000000000', { first_name: 'X' }],
  ] as const)("%s %s: another tenant's owner naming a customerID that is not a UUID gets 400, not 403", async (method, path, body) => {
    expect((await send(method, path, stranger.token, body).expect(400)).body).toEqual(invalid('params.customerID must match format "uuid"'));
  });

  it("the read-only user subrole of another tenant changing a user is told its missing permission, before the tenant", async () => {
    const path = `/customers/${acme.customerId}/users/${acme.user.id}`;
    expect((await send('patch', path, reader, { first_name: 'X' }).expect(403)).body).toEqual(forbidden('customer_user:write'));
    // Before the schema too: what it may not do, it learns nothing more about.
    expect((await send('patch', path, reader, { colour: 'red' }).expect(403)).body).toEqual(forbidden('customer_user:write'));
    expect((await send('post', `/customers/${acme.customerId}/users`, reader, person).expect(403)).body).toEqual(forbidden('customer_user:create'));
  });

  it("the read-only user subrole reads its own customer and users, and another tenant's gets 403 AccessMiddlewareError", async () => {
    await send('get', `/customers/${stranger.customerId}`, reader).expect(200);
    await send('get', `/customers/${stranger.customerId}/users`, reader).expect(200);
    expect((await send('get', `/customers/${acme.customerId}`, reader).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
  });

  it('keeps creating and changing customers to the ADMIN: an owner gets 401 Role Not Allowed', async () => {
    const roleNotAllowed = { status: 'fail', message: 'Role Not Allowed', errorCode: 'UNAUTHORIZED', data: { errorName: 'RoleMiddlewareError' } };
    expect((await send('post', '/customers', acme.token, { name: 'Mine' }).expect(401)).body).toEqual(roleNotAllowed);
    expect((await send('patch', `/customers/${acme.customerId}`, acme.token, { name: 'Mine' }).expect(401)).body).toEqual(roleNotAllowed);
  });
});
