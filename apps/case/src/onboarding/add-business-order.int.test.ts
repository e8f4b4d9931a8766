import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

const fail = (status: number, errorCode: string | null, message: string, errorName: string) => ({
  status,
  body: { status: 'fail', message, errorCode, data: { errorName } },
});

describe('E12 order of checks (issue 14): nothing about another tenant leaks before the tenant check', () => {
  let t: CaseTestApp;
  beforeAll(async () => {
    t = await startCaseTestApp();
  });
  afterAll(() => t.close());

  const add = (body: object, token: string, customer: string = randomUUID()) =>
    request(t.app).post(`/case/api/v1/businesses/customers/${customer}`).set('Authorization', `Bearer ${token}`).send(body);
  const answer = async (res: request.Test) => {
    const r = await res;
    return { status: r.status, body: r.body };
  };

  const stranger = () => t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), permissions: ['businesses:create'] });
  const notYours = fail(403, 'UNAUTHORIZED', 'You are not allowed to access the data.', 'AccessMiddlewareError');

  it("another tenant with the feature switched off answers 403 like any other tenant, not 405", async () => {
    const off = randomUUID();
    await t.customer({ id: off, features: { PAT_120_ADD_BUSINESS: false } });
    expect(await answer(add({ name: 'X' }, stranger(), off))).toEqual(notYours);
  });

  it("another tenant's used-up monthly limit is not told: 403 AccessMiddlewareError for one row and for many", async () => {
    const full = randomUUID();
    await t.customer({ id: full, monthly_onboarding_limit: 0, features: { PAT_120_ADD_BUSINESS: true } });
    expect(await answer(add({ name: 'X' }, stranger(), full))).toEqual(notYours);
    const bulk = request(t.app).post(`/case/api/v1/businesses/customers/${full}/bulk`).set('Authorization', `Bearer ${stranger()}`);
    expect(await answer(bulk.send([{ name: 'A' }, { name: 'B' }]))).toEqual(notYours);
  });

  it('a CUSTOMER sending a customerID that is not a UUID gets 400, not 403', async () => {
    expect(await answer(add({ name: 'X' }, stranger(), 'not-a-uuid'))).toEqual(
      fail(400, 'INVALID', 'params.customerID must match format "uuid"', 'ValidationMiddlewareError'),
    );
  });

  it('a CUSTOMER sending a malformed body for another tenant gets the 400 of the schema first', async () => {
    expect((await answer(add({}, stranger()))).body.data.errorName).toBe('ValidationMiddlewareError');
  });
});
