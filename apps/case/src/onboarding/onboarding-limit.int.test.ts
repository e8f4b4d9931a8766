import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { USER_PERMISSIONS } from '@kyb/auth';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* GET /customers/{customerID}/onboarding-limit: the count E12 enforces, as a customer can see it (issue 12). */
describe('the onboarding limit a customer can see', () => {
  let t: CaseTestApp;
  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
  });
  afterAll(() => t.close());

  const limitOf = (customerId: string, token: string) =>
    request(t.app).get(`/case/api/v1/customers/${customerId}/onboarding-limit`).set('Authorization', `Bearer ${token}`);

  it('answers limit, used, remaining and the next month, counting what E12 and bulk added, down to 0 when it refuses', async () => {
    const customerId = randomUUID();
    await t.customer({ id: customerId, monthly_onboarding_limit: 3, features: { PAT_120_ADD_BUSINESS: true } });
    // The token lives 40 days: it is checked against the clock the test moves.
    const owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId }, 40 * 86_400);
    t.clock.set(new Date(Math.max(Date.now(), Date.parse('2026-11-26T10:00:00Z'))));
    try {
      const now = t.clock.now();
      const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
      expect((await limitOf(customerId, owner).expect(200)).body).toEqual({
        status: 'success',
        message: 'Onboarding limit retrieved successfully',
        data: { limit: 3, used: 0, remaining: 3, resets_at: nextMonth },
      });
      const add = (body: object, path = '') => request(t.app).post(`/case/api/v1/businesses/customers/${customerId}${path}`).set('Authorization', `Bearer ${owner}`).send(body);
      await add({ name: 'One Co' }).expect(200);
      await add([{ name: 'Two Co' }, { name: 'Three Co' }], '/bulk').expect(200);
      expect((await limitOf(customerId, owner).expect(200)).body.data).toEqual({ limit: 3, used: 3, remaining: 0, resets_at: nextMonth });
      await add({ name: 'Four Co' }).expect(403);
      expect((await limitOf(customerId, owner).expect(200)).body.data.used).toBe(3);
      // The next month starts from zero.
      t.clock.set(new Date(Date.parse(nextMonth) + 3_600_000));
      const after = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString();
      expect((await limitOf(customerId, owner).expect(200)).body.data).toEqual({ limit: 3, used: 0, remaining: 3, resets_at: after });
    } finally {
      t.clock.set(undefined);
    }
  });

  it('answers null limit and remaining for an unlimited customer, to a read-only subrole too', async () => {
    const customerId = randomUUID();
    await t.customer({ id: customerId, monthly_onboarding_limit: null });
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    expect((await limitOf(customerId, reader).expect(200)).body.data).toMatchObject({ limit: null, used: 0, remaining: null });
  });

  it('refuses another tenant, tells only an ADMIN that a customer does not exist, and refuses a bad id', async () => {
    const customerId = randomUUID();
    await t.customer({ id: customerId, monthly_onboarding_limit: 10 });
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() });
    expect((await limitOf(customerId, stranger).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    const admin = t.keys.tokenFor({ role: 'ADMIN' });
    expect((await limitOf(customerId, admin).expect(200)).body.data.limit).toBe(10);
    expect((await limitOf(randomUUID(), admin).expect(404)).body).toMatchObject({ status: 'fail', errorCode: 'NOT_FOUND', data: { errorName: 'CustomerApiError' } });
    await limitOf('nope', admin).expect(400);
  });
});
