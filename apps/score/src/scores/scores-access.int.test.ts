import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

/* Reads need businesses:read (issue 14), checked before the schema and the tenant. */
describe('score routes: the permission before the tenant', () => {
  let t: ScoreTestApp;
  const customerId = randomUUID();
  beforeAll(async () => {
    t = await startScoreTestApp({ workers: false });
  });
  afterAll(() => t.close());

  it.each([
    () => `/score/api/v1/score/business/${randomUUID()}`,
    () => `/score/api/v1/score/scores/${randomUUID()}`,
    () => '/score/api/v1/score/scores/not-a-uuid',
  ])('GET %s: a subrole without businesses:read gets 403 PermissionMiddlewareError', async (path) => {
    const without = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'custom', permissions: [] });
    expect((await request(t.app).get(path()).set('Authorization', `Bearer ${without}`).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You do not have permission to perform this action.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'PermissionMiddlewareError', permission: 'businesses:read' },
    });
  });
});
