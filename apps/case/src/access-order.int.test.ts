import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { USER_PERMISSIONS } from '@kyb/auth';
import { startCaseTestApp, type CaseTestApp } from './test-support/case-test-app';

/*
 * Order of checks on every case route (issue 14, ARCHITECTURE.md 5): authentication, role,
 * permission, the request's schema (path included), then the tenant. So a malformed id is 400 for
 * any tenant, and a subrole without the route's permission is told so whatever it names.
 */
const PREFIX = '/case/api/v1';
const invalid = (message: string) => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
const forbidden = (permission: string) => ({
  status: 'fail',
  message: 'You do not have permission to perform this action.',
  errorCode: 'UNAUTHORIZED',
  data: { errorName: 'PermissionMiddlewareError', permission },
});

describe('case routes: the order of checks', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  const otherCustomerId = randomUUID();
  const invite = { business: { name: 'Order Co' }, applicants: [{ first_name: 'Ann', last_name: 'Order', email: 'ann.order@example.org' }] };

  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
  });
  afterAll(() => t.close());

  const send = (method: 'get' | 'post', path: string, token: string, body?: object) => {
    const req = request(t.app)[method](`${PREFIX}${path}`).set('Authorization', `Bearer ${token}`);
    return body ? req.send(body) : req;
  };

  it.each([
    ['GET', '/customers/not-a-uuid/businesses', undefined],
    ['GET', '/customers/not-a-uuid/cases', undefined],
    ['POST', '/customers/not-a-uuid/businesses/invite', invite],
  ])("%s %s: another tenant's owner naming a customerID that is not a UUID gets 400, not 403", async (method, path, body) => {
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: otherCustomerId });
    const res = await send(method.toLowerCase() as 'get' | 'post', path, stranger, body).expect(400);
    expect(res.body).toEqual(invalid('params.customerID must match format "uuid"'));
  });

  it.each([
    ['GET', () => `/businesses/${randomUUID()}`, 'businesses:read', undefined],
    ['GET', () => `/customers/${customerId}/businesses`, 'businesses:read', undefined],
    ['GET', () => `/runs/${randomUUID()}`, 'businesses:read', undefined],
    ['GET', () => `/cases/${randomUUID()}`, 'case:read', undefined],
    ['GET', () => `/customers/${customerId}/cases`, 'case:read', undefined],
  ])('%s %s: a subrole without %s gets 403 PermissionMiddlewareError', async (method, path, permission) => {
    const without = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'custom', permissions: [] });
    expect((await send(method.toLowerCase() as 'get', path(), without).expect(403)).body).toEqual(forbidden(permission));
  });

  it("the read-only user subrole of another tenant inviting is told its missing permission (before the tenant and the schema)", async () => {
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId: otherCustomerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    expect((await send('post', `/customers/${customerId}/businesses/invite`, reader, invite).expect(403)).body).toEqual(forbidden('case:create'));
    expect((await send('post', '/customers/not-a-uuid/businesses/invite', reader, {}).expect(403)).body).toEqual(forbidden('case:create'));
  });

  it('the read-only user subrole reads its own businesses and cases', async () => {
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    await send('get', `/customers/${customerId}/businesses`, reader).expect(200);
    await send('get', `/customers/${customerId}/cases`, reader).expect(200);
  });
});
