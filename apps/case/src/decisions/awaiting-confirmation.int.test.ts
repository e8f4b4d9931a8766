import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { REVIEWER_PERMISSIONS } from '@kyb/auth';
import { createCaseDecisionDirectory } from '@kyb/area-views';
import { createPgCaseStore } from '../cases/cases.store';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* Four eyes (issue 45): what waits for a second reviewer is shown where the second reviewer looks, the case, the queue and the report's directory. */
describe('a decision waiting for a second reviewer', () => {
  let t: CaseTestApp;
  const tenant = randomUUID();
  const [firstId, secondId] = [randomUUID(), randomUUID()];
  let first: string;
  let second: string;

  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
    await t.customer({ id: tenant });
    const admin = t.keys.tokenFor({ role: 'ADMIN' });
    await request(t.app).put(`/case/api/v1/customers/${tenant}/case-policy`).set('Authorization', `Bearer ${admin}`)
      .send({ rules: [{ id: 'MANY_ALERTS', when: { fact: 'alerts.open', op: 'gt', value: 100 }, decision: 'review', reason: 'Too many alerts.' }], four_eyes: { reject: true } })
      .expect(200);
    [first, second] = [firstId, secondId].map((userId) => t.keys.tokenFor({ role: 'CUSTOMER', customerId: tenant, userId, subrole: 'reviewer', permissions: [...REVIEWER_PERMISSIONS] }));
  });
  afterAll(() => t.close());

  const openCase = async () => {
    const businessId = await insertBusiness(t.db, { customerId: tenant, name: 'Waiting Co' });
    const [caseId] = await t.db.transaction((trx) => createPgCaseStore(t.db).insertCases(trx, [{ customer_id: tenant, business_id: businessId, applicant_id: null, origin: 'ADDED', created_by: randomUUID() }]));
    await t.db('cases.cases').where({ id: caseId }).update({ status: 'MANUAL_REVIEW' });
    return { businessId, caseId };
  };
  const decide = (caseId: string, body: object, token: string) =>
    request(t.app).post(`/case/api/v1/cases/${caseId}/decision`).set('Authorization', `Bearer ${token}`).send(body).expect(200);
  const read = async (caseId: string) => (await request(t.app).get(`/case/api/v1/cases/${caseId}`).set('Authorization', `Bearer ${second}`).expect(200)).body.data;
  const queue = async (waiting: boolean) => {
    const res = await request(t.app).get(`/case/api/v1/customers/${tenant}/cases`).query({ 'filter[awaiting_confirmation]': String(waiting), items_per_page: 100 }).set('Authorization', `Bearer ${second}`).expect(200);
    return (res.body.data.records as Array<{ id: string }>).map((c) => c.id);
  };

  it('is shown on the case and found by the queue until the second reviewer confirms it', async () => {
    const waiting = await openCase();
    const other = await openCase();
    const answer = await decide(waiting.caseId, { decision: 'reject', reason_code: 'IDENTITY_NOT_CONFIRMED', note: 'No ID on file.' }, first);
    const at = answer.body.data.awaiting_confirmation.at;

    const shown = await read(waiting.caseId);
    expect(shown).toMatchObject({ status: 'MANUAL_REVIEW', awaiting_confirmation: { decision: 'reject', by: firstId, reason_code: 'IDENTITY_NOT_CONFIRMED', note: 'No ID on file.', at } });
    expect((await read(other.caseId)).awaiting_confirmation).toBeNull();
    expect(await queue(true)).toEqual([waiting.caseId]);
    expect(await queue(false)).toContain(other.caseId);
    expect(await queue(false)).not.toContain(waiting.caseId);

    const refused = await request(t.app).get(`/case/api/v1/customers/${tenant}/cases`).query({ 'filter[awaiting_confirmation]': 'maybe' }).set('Authorization', `Bearer ${second}`).expect(400);
    expect(refused.body).toMatchObject({ status: 'fail', errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
    expect(refused.body.message).toContain('awaiting_confirmation');

    await decide(waiting.caseId, { decision: 'reject', reason_code: 'IDENTITY_NOT_CONFIRMED' }, second);
    expect(await read(waiting.caseId)).toMatchObject({ status: 'REJECTED', awaiting_confirmation: null });
    expect(await queue(true)).toEqual([]);
  });

  it('is published to other areas without the note, and not after the tenant is erased', async () => {
    const { businessId, caseId } = await openCase();
    await decide(caseId, { decision: 'reject', reason_code: 'HIGH_RISK', note: 'Owner unknown to us.' }, first);
    const directory = createCaseDecisionDirectory(t.db);
    const entry = await directory.newest(tenant, businessId);
    expect(entry).toMatchObject({ caseId, status: 'MANUAL_REVIEW', awaitingConfirmation: { decision: 'reject', reviewerId: firstId, reasonCode: 'HIGH_RISK', at: expect.any(Date) } });
    const published = await t.db('cases.case_decision_directory').where({ id: caseId }).first();
    expect(Object.keys(published.awaiting_confirmation).sort()).toEqual(['at', 'by', 'decision', 'reason_code']);
    expect(JSON.stringify(published)).not.toContain('Owner unknown');

    await t.db.raw('select cases.erase_customer(?::uuid)', [tenant]);
    expect((await directory.newest(tenant, businessId))?.awaitingConfirmation).toBeNull();
  });
});
