import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* ?dry_run=true on E12 and bulk (issue 12): every check runs and the answer is the real one, but nothing is stored, queued or counted. */
describe('dry runs of E12 and bulk', () => {
  let t: CaseTestApp;
  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
  });
  afterAll(() => t.close());

  async function tenant(limit: number | null = null) {
    const customerId = randomUUID();
    await t.customer({ id: customerId, monthly_onboarding_limit: limit, features: { PAT_120_ADD_BUSINESS: true } });
    return { customerId, token: t.keys.tokenFor({ role: 'CUSTOMER', customerId }) };
  }
  const add = (c: { customerId: string; token: string }, body: object, path = '') =>
    request(t.app).post(`/case/api/v1/businesses/customers/${c.customerId}${path}`).set('Authorization', `Bearer ${c.token}`).send(body);
  const traces = async (customerId: string) => ({
    businesses: (await t.db('cases.businesses').where({ customer_id: customerId })).length,
    runs: (await t.db('cases.onboarding_runs').where({ customer_id: customerId })).length,
    events: (await t.db('cases.outbox_events').where({ customer_id: customerId })).length,
    acts: (await t.db('cases.audit_outbox').where({ customer_id: customerId })).length,
    usage: (await t.db('cases.onboarding_usage').where({ customer_id: customerId })).reduce((sum, row) => sum + Number(row.used), 0),
  });
  const nothing = { businesses: 0, runs: 0, events: 0, acts: 0, usage: 0 };
  const body = { name: 'Dry Dental', tin: '333444685', owner1_first_name: 'Ann', owner1_last_name: 'Lee', owner1_owner_type: 'CONTROL', owner1_ownership_percentage: 100 };

  it('answers E12 exactly as the real request would, and leaves nothing behind', async () => {
    const c = await tenant();
    const dry = await add(c, body, '?dry_run=true').expect(200);
    expect(await traces(c.customerId)).toEqual(nothing);
    const real = await add(c, body).expect(200);
    const shape = (answer: typeof dry.body) => JSON.parse(JSON.stringify(answer, (key, value) => (/(^|_)id$|At$|_at$|runId/.test(key) && typeof value === 'string' ? '*' : value)));
    expect(shape(dry.body)).toEqual(shape(real.body));
    expect(dry.body.data.result['0'].data_businesses).toMatchObject({ name: 'Dry Dental', tin: 'XXXXX4685' });
    expect(await traces(c.customerId)).toMatchObject({ businesses: 1, usage: 1 });
  });

  it('runs every check of a bulk: a failing row and the limit answer as they would, and a passing bulk stores nothing', async () => {
    const c = await tenant(2);
    const failing = await add(c, [{ name: 'Good Co' }, { name: 'Bad Co', tin: 'not-a-tin' }], '/bulk?dry_run=true').expect(400);
    expect(failing.body).toMatchObject({ message: 'Bulk process had errors', data: { failed_rows: { '1': expect.any(Object) } } });
    const over = await add(c, [{ name: 'A Co' }, { name: 'B Co' }, { name: 'C Co' }], '/bulk?dry_run=true').expect(400);
    expect(over.body.data.errorName).toBe('OnboardingLimitError');
    const fine = await add(c, [{ name: 'A Co' }, { name: 'B Co' }], '/bulk?dry_run=true').expect(200);
    expect(Object.keys(fine.body.data.result)).toEqual(['0', '1']);
    expect(await traces(c.customerId)).toEqual(nothing);
    // The dry runs counted nothing: the whole limit is still there.
    await add(c, [{ name: 'A Co' }, { name: 'B Co' }], '/bulk').expect(200);
  });

  it.each([
    ['E12', '', body],
    ['bulk', '/bulk', [body]],
  ])('refuses dry_run with async=true on %s with the same 400, before the tenant check', async (_route, path, sent) => {
    const c = await tenant();
    const refused = {
      status: 'fail',
      message: 'query.dry_run cannot be combined with async=true: a dry run answers at once with what the request would answer',
      errorCode: 'INVALID',
      data: { errorName: 'ValidationMiddlewareError' },
    };
    expect((await add(c, sent, `${path}?dry_run=true&async=true`).expect(400)).body).toEqual(refused);
    expect((await add(c, sent, `${path}?async=true&dry_run=true`).set('Idempotency-Key', randomUUID()).expect(400)).body).toEqual(refused);
    // Another tenant's customer: the request's shape is answered first, as a schema error is.
    const stranger = { customerId: c.customerId, token: t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() }) };
    expect((await add(stranger, sent, `${path}?dry_run=true&async=true`).expect(400)).body).toEqual(refused);
    expect(await traces(c.customerId)).toEqual(nothing);
  });

  it('refuses a dry_run that is not a boolean', async () => {
    const c = await tenant();
    await add(c, body, '?dry_run=maybe').expect(400);
    expect(await traces(c.customerId)).toEqual(nothing);
  });
});
