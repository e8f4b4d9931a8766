import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startReportTestApp, type ReportTestApp } from '../test-support/report-test-app';

/* Reads need businesses:read (issue 14), checked before the schema and the tenant. */
describe('report routes: the permission before the tenant', () => {
  let t: ReportTestApp;
  const customerId = randomUUID();
  beforeAll(async () => {
    t = await startReportTestApp({ workers: false });
  });
  afterAll(() => t.close());

  const cases: Array<['get' | 'post', () => string]> = [
    ['get', () => `/report/api/v1/reports/${randomUUID()}`],
    ['post', () => `/report/api/v1/reports/${randomUUID()}/download`],
    ['get', () => `/report/api/v1/reports/businesses/${randomUUID()}/status`],
    ['get', () => '/report/api/v1/reports/not-a-uuid'],
  ];
  it.each(cases)('%s %s: a subrole without businesses:read gets 403 PermissionMiddlewareError', async (method, path) => {
    const without = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'custom', permissions: [] });
    expect((await request(t.app)[method](path()).set('Authorization', `Bearer ${without}`).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You do not have permission to perform this action.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'PermissionMiddlewareError', permission: 'businesses:read' },
    });
  });
});
