import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startIntegrationTestApp, type IntegrationTestApp } from './test-support/integration-test-app';

/*
 * Order of checks on the integration routes (issue 14, ARCHITECTURE.md 5): authentication, role,
 * permission, the request's schema (path included), then the tenant, then the target.
 */
const PREFIX = '/integration/api/v1';
const forbidden = (permission: string) => ({
  status: 'fail',
  message: 'You do not have permission to perform this action.',
  errorCode: 'UNAUTHORIZED',
  data: { errorName: 'PermissionMiddlewareError', permission },
});

describe('integration routes: the order of checks', () => {
  let t: IntegrationTestApp;
  const customerId = randomUUID();
  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
  });
  afterAll(() => t.close());

  const get = (path: string, token: string) => request(t.app).get(`${PREFIX}${path}`).set('Authorization', `Bearer ${token}`);

  it("another tenant's owner asking the connection status of a customerId that is not a UUID gets 400, not 403", async () => {
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() });
    expect((await get('/screening/not-a-uuid/check-connection-status', stranger).expect(400)).body).toEqual({
      status: 'fail',
      message: 'params.customerId must match format "uuid"',
      errorCode: 'INVALID',
      data: { errorName: 'ValidationMiddlewareError' },
    });
  });

  it.each([
    [() => `/business/${randomUUID()}/public-records`, 'businesses:read'],
    [() => `/facts/business/${randomUUID()}/bjl`, 'businesses:read'],
    [() => `/business/${randomUUID()}/integration-tasks`, 'businesses:read'],
    [() => `/business/${randomUUID()}/verification`, 'businesses:read'],
    [() => `/verification/businesses/${randomUUID()}/screening`, 'businesses:read'],
    [() => `/verification/businesses/${randomUUID()}/screenings`, 'businesses:read'],
    [() => `/verification/businesses/${randomUUID()}/screenings/${randomUUID()}`, 'businesses:read'],
    [() => `/screening/${customerId}/check-connection-status`, 'profile:read'],
  ])('GET %s: a subrole without %s gets 403 PermissionMiddlewareError, whatever it names', async (path, permission) => {
    const without = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'custom', permissions: [] });
    expect((await get(path(), without).expect(403)).body).toEqual(forbidden(permission));
  });
});
