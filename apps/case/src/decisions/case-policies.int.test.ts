import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { USER_PERMISSIONS } from '@kyb/auth';
import { eventually } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';
import { CASE_FACT_NAMES } from './case-facts';
import { DEFAULT_CASE_POLICY } from './default-case-policy';

/* GET and PUT /customers/{customerID}/case-policy and its versions (issue 45). */
describe("a customer's case decision policy", () => {
  let t: CaseTestApp;
  beforeAll(async () => {
    // With workers: the audit relay moves the acts to the audit log.
    t = await startCaseTestApp();
  });
  afterAll(() => t.close());

  const path = (customerId: string) => `/case/api/v1/customers/${customerId}/case-policy`;
  const get = (customerId: string, token: string, suffix = '') => request(t.app).get(`${path(customerId)}${suffix}`).set('Authorization', `Bearer ${token}`);
  const put = (customerId: string, token: string, body: object) => request(t.app).put(path(customerId)).set('Authorization', `Bearer ${token}`).send(body);
  const newCustomer = async () => {
    const id = randomUUID();
    await t.customer({ id });
    return { id, owner: t.keys.tokenFor({ role: 'CUSTOMER', customerId: id }) };
  };
  const reject = (id: string, reason = 'A confirmed hit.') => ({ id, when: { fact: 'watchlist.confirmed_hits', op: 'gt', value: 0 }, decision: 'reject', reason });
  const approve = { id: 'CLEAN', when: { all: [{ fact: 'verification.status', op: 'eq', value: 'VERIFIED' }, { not: { fact: 'business.state', op: 'in', values: ['NV'] } }] }, decision: 'approve', reason: 'Verified, outside Nevada.' };

  it('answers the default policy as version 0 while the customer stored none, to a read-only subrole too', async () => {
    const { id } = await newCustomer();
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId: id, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    const res = await get(id, reader).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Case policy fetched successfully',
      data: { customer_id: id, version: 0, is_default: true, ...DEFAULT_CASE_POLICY, created_by: null, created_at: null },
    });
    expect((await get(id, reader, '/versions').expect(200)).body.data).toEqual({ records: [], total_pages: 0, total_items: '0' });
  });

  it('stores each PUT as the next version in force (otherwise and four eyes filled in), keeps every version, and audits each', async () => {
    const { id, owner } = await newCustomer();
    const first = await put(id, owner, { rules: [reject('R1'), approve] }).expect(200);
    expect(first.body).toEqual({
      status: 'success',
      message: 'Case policy updated successfully',
      data: {
        customer_id: id,
        version: 1,
        is_default: false,
        rules: [reject('R1'), approve],
        otherwise: 'review',
        four_eyes: { reject: false, approve_risk_levels: [] },
        created_by: expect.any(String),
        created_at: expect.any(String),
      },
    });
    const second = await put(id, owner, { rules: [reject('R1', 'Confirmed.')], otherwise: 'reject', four_eyes: { reject: true, approve_risk_levels: ['HIGH'] } }).expect(200);
    expect(second.body.data).toMatchObject({ version: 2, otherwise: 'reject', four_eyes: { reject: true, approve_risk_levels: ['HIGH'] } });
    expect((await get(id, owner).expect(200)).body.data).toEqual(second.body.data);

    const newestFirst = (await get(id, owner, '/versions').expect(200)).body.data;
    expect([newestFirst.records.map((v: { version: number }) => v.version), newestFirst.total_items]).toEqual([[2, 1], '2']);
    expect(newestFirst.records[1]).toEqual(first.body.data);
    const oldestFirst = (await get(id, owner, '/versions?sort[version]=asc&items_per_page=1&page=2').expect(200)).body.data;
    expect([oldestFirst.records.map((v: { version: number }) => v.version), oldestFirst.total_pages]).toEqual([[2], 2]);

    const acts = await eventually(async () => {
      const mine = (await t.auditEntries()).filter((e) => e.action === 'customer.case_policy_changed' && e.target_id === id);
      return mine.length === 2 ? mine : undefined;
    });
    expect(acts.map((e) => e.details)).toEqual(expect.arrayContaining([{ version: 1, rules: 2, otherwise: 'review' }, { version: 2, rules: 1, otherwise: 'reject' }]));
  });

  it('gives PUTs at the same moment consecutive versions', async () => {
    const { id, owner } = await newCustomer();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => put(id, owner, { rules: [reject(`R${n}`)] }).expect(200)));
    expect(answers.map((res) => res.body.data.version).sort()).toEqual([1, 2, 3, 4, 5]);
    expect((await get(id, owner).expect(200)).body.data.version).toBe(5);
  });

  it.each([
    ['no rules', { rules: [] }, 'body.rules must NOT have fewer than 1 items'],
    ['a repeated rule id', { rules: [reject('R1'), reject('R1', 'Again.')] }, 'body/rules: each rule needs its own id; repeated: R1'],
    ['a fact the policy cannot read', { rules: [{ ...reject('R1'), when: { fact: 'business.tin', op: 'eq', value: '1' } }] }, `body.rules[0].when.fact: unknown fact 'business.tin': one of ${CASE_FACT_NAMES.join(', ')}`],
    ['an operator without its value', { rules: [{ ...reject('R1'), when: { fact: 'alerts.open', op: 'gt' } }] }, 'body.rules[0].when.value: missing: gt compares a number'],
    ['an unknown decision', { rules: [{ ...reject('R1'), decision: 'escalate' }] }, 'body.rules[0].decision must be equal to one of the allowed values: approve, review, reject'],
    ['another field', { rules: [reject('R1')], draft: true }, "body must NOT have additional properties: 'draft'"],
  ])('refuses a body with %s (400) and stores nothing', async (_name, body, message) => {
    const { id, owner } = await newCustomer();
    const res = await put(id, owner, body).expect(400);
    expect(res.body).toEqual({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
    expect(await t.db('cases.case_policies').where({ customer_id: id })).toEqual([]);
  });

  it('names the exact place and the problem of a condition deep in a rule, on PUT and on a dry run of the draft alike, and takes the policy once mended', async () => {
    const { id, owner } = await newCustomer();
    const dryRun = (body: object) => request(t.app).post(`${path(id)}/dry-run`).set('Authorization', `Bearer ${owner}`).send(body);
    const deep = (inner: object) => ({ rules: [reject('R0'), approve, { ...reject('R2'), when: { all: [approve.when.all[0], { any: [inner] }] } }] });
    const refusals = [
      [{ fact: 'alerts.open', op: 'gt', value: 'many' }, "body.rules[2].when.all[1].any[0].value: gt compares a number, not 'many'"],
      [{ fact: 'alerts.opened', op: 'gt', value: 1 }, `body.rules[2].when.all[1].any[0].fact: unknown fact 'alerts.opened': one of ${CASE_FACT_NAMES.join(', ')}`],
      [{ fact: 'alerts.open', op: 'above', value: 1 }, 'body.rules[2].when.all[1].any[0].op: unknown op \'above\': one of eq, ne, in, not_in, gt, gte, lt, lte, starts_with, known'],
      [{ fact: 'business.state', op: 'in', values: ['FL', false] }, 'body.rules[2].when.all[1].any[0].values[1]: in takes texts of up to 200 characters or numbers, not false'],
    ] as const;
    for (const [inner, message] of refusals) {
      const refused = { status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } };
      expect((await put(id, owner, deep(inner)).expect(400)).body).toEqual(refused);
      expect((await dryRun(deep(inner)).expect(400)).body).toEqual(refused);
    }
    expect(await t.db('cases.case_policies').where({ customer_id: id })).toEqual([]);

    const mended = deep({ fact: 'alerts.open', op: 'gt', value: 2 });
    expect((await dryRun(mended).expect(200)).body.data).toMatchObject({ customer_id: id, compared_with_version: 0 });
    expect((await put(id, owner, mended).expect(200)).body.data).toMatchObject({ version: 1, rules: mended.rules });
  });

  it('keeps tenants apart, lets only profile:write change it, and tells only an ADMIN that a customer does not exist', async () => {
    const mine = await newCustomer();
    const theirs = await newCustomer();
    await put(mine.id, mine.owner, { rules: [reject('MINE')] }).expect(200);
    const denied = { status: 'fail', message: 'You are not allowed to access the data.', errorCode: 'UNAUTHORIZED', data: { errorName: 'AccessMiddlewareError' } };
    expect((await get(mine.id, theirs.owner).expect(403)).body).toEqual(denied);
    expect((await get(mine.id, theirs.owner, '/versions').expect(403)).body).toEqual(denied);
    expect((await put(mine.id, theirs.owner, { rules: [reject('THEIRS')] }).expect(403)).body).toEqual(denied);
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId: mine.id, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    expect((await put(mine.id, reader, { rules: [reject('READER')] }).expect(403)).body.data).toEqual({ errorName: 'PermissionMiddlewareError', permission: 'profile:write' });
    expect((await get(mine.id, mine.owner).expect(200)).body.data.rules.map((r: { id: string }) => r.id)).toEqual(['MINE']);

    const admin = t.keys.tokenFor({ role: 'ADMIN' });
    expect((await get(mine.id, admin).expect(200)).body.data.version).toBe(1);
    const notFound = { status: 'fail', message: 'Customer not found', errorCode: 'NOT_FOUND', data: { errorName: 'CustomerApiError' } };
    expect((await get(randomUUID(), admin).expect(404)).body).toEqual(notFound);
    expect((await put(randomUUID(), admin, { rules: [reject('R1')] }).expect(404)).body).toEqual(notFound);
  });
});
