import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { VerificationCheck } from '@kyb/area-views';
import { createScoreDirectoryStandIn } from '@kyb/area-views/testing';
import { createPgCaseStore } from '../cases/cases.store';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* POST .../case-policy/dry-run (issue 45): a draft tried over the recent cases, case by case, nothing stored. */
describe('a case policy dry run', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let owner: string;
  let clean: { caseId: string; businessId: string };
  let florida: { caseId: string; businessId: string };

  const checks = (): VerificationCheck[] => (['TIN_MATCH', 'SOS_FILING', 'ADDRESS', 'OFFICERS', 'SANCTIONS'] as const).map((code) => ({ code, result: 'PASS', reason: 'ok' }));
  const openCase = async (name: string, state: string) => {
    const businessId = await insertBusiness(t.db, { customerId, name });
    const [caseId] = await t.db.transaction((trx) => createPgCaseStore(t.db).insertCases(trx, [{ customer_id: customerId, business_id: businessId, applicant_id: null, origin: 'ADDED', created_by: randomUUID() }]));
    await t.db('cases.cases').where({ id: caseId }).update({ status: state });
    return { caseId, businessId };
  };
  const dryRun = (body: object, query = '', token = owner) =>
    request(t.app).post(`/case/api/v1/customers/${customerId}/case-policy/dry-run${query}`).set('Authorization', `Bearer ${token}`).send(body);

  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
    await t.customer({ id: customerId });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['profile:read', 'profile:write'] });
    const scores = await createScoreDirectoryStandIn(t.db);
    clean = await openCase('Clean Co', 'AUTO_APPROVED');
    florida = await openCase('Person Approved Co', 'APPROVED');
    for (const { businessId } of [clean, florida]) {
      await t.verify({ businessId, status: 'VERIFIED', checks: checks() });
      await scores.put({ id: randomUUID(), businessId, version: 'v1', weightageConfigId: randomUUID(), weightedScore100: 80, weightedScore850: 720, riskLevel: 'LOW', decision: 'APPROVE', distribution: [] });
    }
  });
  afterAll(() => t.close());

  it('answers where a draft would decide otherwise and what it would do, storing nothing', async () => {
    const before = await t.db('cases.cases').where({ customer_id: customerId }).orderBy('id');
    const draft = { rules: [{ id: 'NO_FLORIDA', when: { fact: 'business.state', op: 'eq', value: 'FL' }, decision: 'reject', reason: 'Not in Florida yet.' }], otherwise: 'approve' };
    const res = await dryRun(draft).expect(200);
    expect(res.body.message).toBe('Case policy dry run completed successfully');
    expect(res.body.data).toMatchObject({ customer_id: customerId, compared_with_version: 0, cases_evaluated: 2, cases_changed: 2 });
    const byCase = new Map(res.body.data.changes.map((c: { case_id: string }) => [c.case_id, c]));
    expect(byCase.get(clean.caseId)).toEqual({
      case_id: clean.caseId,
      business_id: clean.businessId,
      status: 'AUTO_APPROVED',
      in_force: { decision: 'approve', rule_id: 'VERIFIED_AND_APPROVED', reason: 'The business is verified and its risk score approves it.' },
      draft: { decision: 'reject', rule_id: 'NO_FLORIDA', reason: 'Not in Florida yet.' },
      effect: { kind: 'disagrees', would_decide: 'AUTO_REJECTED' },
    });
    // A person's decision is never moved by a policy: the draft would only disagree.
    expect(byCase.get(florida.caseId)).toMatchObject({ status: 'APPROVED', effect: { kind: 'disagrees', would_decide: 'AUTO_REJECTED' } });
    expect(await t.db('cases.cases').where({ customer_id: customerId }).orderBy('id')).toEqual(before);
    expect(await t.db('cases.case_policies').where({ customer_id: customerId })).toEqual([]);
    expect(await t.db('cases.case_transitions').whereIn('case_id', [clean.caseId, florida.caseId])).toHaveLength(2);
  });

  it('answers nothing changed for the policy in force itself, and reads only the newest cases asked for', async () => {
    const same = await dryRun({ rules: (await request(t.app).get(`/case/api/v1/customers/${customerId}/case-policy`).set('Authorization', `Bearer ${owner}`)).body.data.rules }).expect(200);
    expect(same.body.data).toMatchObject({ cases_evaluated: 2, cases_changed: 0, changes: [] });
    expect((await dryRun({ rules: [] }, '?limit=1').expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    const one = await dryRun({ rules: [{ id: 'ALL', when: { fact: 'business.state', op: 'known' }, decision: 'review', reason: 'Look at all.' }] }, '?limit=1').expect(200);
    expect(one.body.data.cases_evaluated).toBe(1);
    expect((await dryRun({ rules: [{ id: 'X', when: { fact: 'business.state', op: 'known' }, decision: 'review', reason: 'r' }] }, '?limit=0').expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
  });

  it('follows the usual order of checks', async () => {
    const body = { rules: [{ id: 'X', when: { fact: 'business.state', op: 'known' }, decision: 'review', reason: 'r' }] };
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['profile:read'] });
    expect((await dryRun(body, '', reader).expect(403)).body.data.errorName).toBe('PermissionMiddlewareError');
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), permissions: ['profile:write'] });
    expect((await dryRun(body, '', stranger).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    const repeated = { rules: [body.rules[0], body.rules[0]] };
    expect((await dryRun(repeated).expect(400)).body.message).toBe('body/rules: each rule needs its own id; repeated: X');
  });
});
