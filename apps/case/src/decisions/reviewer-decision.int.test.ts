import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { REVIEWER_PERMISSIONS, USER_PERMISSIONS, type Actor } from '@kyb/auth';
import { createScoreDirectoryStandIn } from '@kyb/area-views/testing';
import { createPgCaseStore } from '../cases/cases.store';
import { createPgCasePoliciesStore } from './case-policies.store';
import { createReviewerDecisionService } from './reviewer-decision.service';
import { insertBusiness, startCaseTestApp, type CaseTestApp } from '../test-support/case-test-app';

/* A reviewer's decision (issue 45): POST /cases/{caseID}/decision, its trail, audit and event, races and four eyes. */
describe("a reviewer's decision", () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  const reviewerId = randomUUID();
  const secondId = randomUUID();
  let reviewer: string;
  let second: string;

  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
    await t.customer({ id: customerId });
    reviewer = t.keys.tokenFor({ role: 'CUSTOMER', customerId, userId: reviewerId, subrole: 'reviewer', permissions: [...REVIEWER_PERMISSIONS] });
    second = t.keys.tokenFor({ role: 'CUSTOMER', customerId, userId: secondId, subrole: 'reviewer', permissions: [...REVIEWER_PERMISSIONS] });
  });
  afterAll(() => t.close());

  const openCase = async (status = 'OPEN') => {
    const businessId = await insertBusiness(t.db, { customerId, name: 'Reviewed Co' });
    const [caseId] = await t.db.transaction((trx) => createPgCaseStore(t.db).insertCases(trx, [{ customer_id: customerId, business_id: businessId, applicant_id: null, origin: 'ADDED', created_by: randomUUID() }]));
    if (status !== 'OPEN') await t.db('cases.cases').where({ id: caseId }).update({ status });
    return { businessId, caseId };
  };
  const decide = (caseId: string, body: object, token = reviewer) =>
    request(t.app).post(`/case/api/v1/cases/${caseId}/decision`).set('Authorization', `Bearer ${token}`).send(body);
  const trail = (caseId: string) => t.db('cases.case_transitions').where({ case_id: caseId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);

  it('approves a case with a reason code and a note: trail, audit act (no note) and event', async () => {
    const { businessId, caseId } = await openCase('MANUAL_REVIEW');
    const res = await decide(caseId, { decision: 'approve', reason_code: 'DOCUMENTS_CONFIRMED', note: 'Articles of incorporation checked.' }).expect(200);
    expect(res.body).toEqual({ status: 'success', message: 'Case decision recorded successfully', data: { case_id: caseId, status: 'APPROVED', decided: true } });
    expect((await trail(caseId)).at(-1)).toMatchObject({ from_status: 'MANUAL_REVIEW', to_status: 'APPROVED', mover: 'reviewer', actor_id: reviewerId, reason_code: 'DOCUMENTS_CONFIRMED', note: 'Articles of incorporation checked.' });
    const [act] = await t.db('cases.audit_outbox').where({ action: 'case.status_updated', target_id: caseId });
    expect(act).toMatchObject({ actor_id: reviewerId, actor_role: 'CUSTOMER', customer_id: customerId });
    expect(act.details).toMatchObject({ from: 'MANUAL_REVIEW', to: 'APPROVED', mover: 'reviewer', reason_code: 'DOCUMENTS_CONFIRMED' });
    expect(JSON.stringify(act)).not.toContain('Articles');
    const events = await t.db('cases.outbox_events').where({ type: 'case.status_updated' }).whereRaw("data->>'case_id' = ?", [caseId]);
    expect(events.map((e) => e.data)).toEqual([{ customer_id: customerId, business_id: businessId, case_id: caseId, status: 'APPROVED', previous_status: 'MANUAL_REVIEW' }]);

    // A person's decision is final: another answers 409. The round still evaluates the decided case
    // (when facts arriving later change the policy's word against the decision, it keeps the
    // disagreement and raises a contest for a person to look at), but it never moves the case.
    expect((await decide(caseId, { decision: 'reject', reason_code: 'OTHER' }, second).expect(409)).body).toEqual({
      status: 'fail',
      message: 'A case in APPROVED cannot be decided',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'CaseStateConflictError', status: 'APPROVED' },
    });
    await t.area.decisionRound.round();
    expect((await t.db('cases.cases').where({ id: caseId }).first()).status).toBe('APPROVED');
  });

  it('overturns an automatic decision', async () => {
    const { caseId } = await openCase('AUTO_APPROVED');
    await decide(caseId, { decision: 'reject', reason_code: 'FRAUD_SUSPECTED' }).expect(200);
    expect((await trail(caseId)).map((s) => s.to_status)).toEqual(['OPEN', 'REJECTED']);
  });

  it('withdraws a case in any state but a final one, with four eyes never waiting; a withdrawn case is final', async () => {
    const tenant = randomUUID();
    await t.customer({ id: tenant });
    await request(t.app).put(`/case/api/v1/customers/${tenant}/case-policy`).set('Authorization', `Bearer ${t.keys.tokenFor({ role: 'ADMIN' })}`)
      .send({ rules: [{ id: 'MANY_ALERTS', when: { fact: 'alerts.open', op: 'gt', value: 100 }, decision: 'review', reason: 'Too many alerts.' }], four_eyes: { reject: true } }).expect(200);
    const token = t.keys.tokenFor({ role: 'CUSTOMER', customerId: tenant, userId: randomUUID(), subrole: 'reviewer', permissions: [...REVIEWER_PERMISSIONS] });
    for (const state of ['OPEN', 'MANUAL_REVIEW', 'INFO_REQUESTED', 'AUTO_APPROVED']) {
      const businessId = await insertBusiness(t.db, { customerId: tenant, name: `Withdrawn ${state} Co` });
      const [caseId] = await t.db.transaction((trx) => createPgCaseStore(t.db).insertCases(trx, [{ customer_id: tenant, business_id: businessId, applicant_id: null, origin: 'ADDED', created_by: randomUUID() }]));
      await t.db('cases.cases').where({ id: caseId }).update({ status: state });
      const res = await decide(caseId, { decision: 'withdraw', reason_code: 'WITHDRAWN_BY_APPLICANT', note: 'The merchant chose another provider.' }, token).expect(200);
      expect(res.body.data).toEqual({ case_id: caseId, status: 'WITHDRAWN', decided: true });
      expect((await trail(caseId)).at(-1)).toMatchObject({ from_status: state, to_status: 'WITHDRAWN', mover: 'customer', reason_code: 'WITHDRAWN_BY_APPLICANT' });
      expect((await decide(caseId, { decision: 'approve', reason_code: 'OTHER' }, token).expect(409)).body.message).toBe('A case in WITHDRAWN cannot be decided');
    }
    const { caseId: approved } = await openCase('APPROVED');
    expect((await decide(approved, { decision: 'withdraw', reason_code: 'NO_LONGER_NEEDED' }).expect(409)).body).toMatchObject({
      message: 'A case in APPROVED cannot be withdrawn',
      data: { errorName: 'CaseStateConflictError', status: 'APPROVED' },
    });
  });

  it('lets one of two decisions at once win; the other answers 409', async () => {
    const { caseId } = await openCase('MANUAL_REVIEW');
    const answers = await Promise.all([decide(caseId, { decision: 'approve', reason_code: 'RISK_ACCEPTED' }), decide(caseId, { decision: 'reject', reason_code: 'HIGH_RISK' }, second)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.data.errorName).toBe('CaseStateConflictError');
    expect(await trail(caseId)).toHaveLength(2);
  });

  it('with four eyes, a rejection waits for a second reviewer, never the same one', async () => {
    const tenant = randomUUID();
    await t.customer({ id: tenant });
    const admin = t.keys.tokenFor({ role: 'ADMIN' });
    await request(t.app).put(`/case/api/v1/customers/${tenant}/case-policy`).set('Authorization', `Bearer ${admin}`)
      .send({ rules: [{ id: 'MANY_ALERTS', when: { fact: 'alerts.open', op: 'gt', value: 100 }, decision: 'review', reason: 'Too many alerts.' }], four_eyes: { reject: true } }).expect(200);
    const businessId = await insertBusiness(t.db, { customerId: tenant, name: 'Four Eyes Co' });
    const [caseId] = await t.db.transaction((trx) => createPgCaseStore(t.db).insertCases(trx, [{ customer_id: tenant, business_id: businessId, applicant_id: null, origin: 'ADDED', created_by: randomUUID() }]));
    const [first, other] = [randomUUID(), randomUUID()].map((userId) => t.keys.tokenFor({ role: 'CUSTOMER', customerId: tenant, userId, subrole: 'reviewer', permissions: [...REVIEWER_PERMISSIONS] }));

    const waiting = await decide(caseId, { decision: 'reject', reason_code: 'IDENTITY_NOT_CONFIRMED', note: 'No ID.' }, first).expect(200);
    expect(waiting.body.data).toMatchObject({ case_id: caseId, status: 'OPEN', decided: false, awaiting_confirmation: { decision: 'reject' } });
    expect((await decide(caseId, { decision: 'reject', reason_code: 'IDENTITY_NOT_CONFIRMED' }, first).expect(409)).body.message).toBe(
      'This decision waits for a second reviewer: another reviewer must confirm it',
    );
    expect(await t.db('cases.audit_outbox').where({ action: 'case.decision_awaiting_confirmation', target_id: caseId })).toHaveLength(1);
    const confirmed = await decide(caseId, { decision: 'reject', reason_code: 'IDENTITY_NOT_CONFIRMED', note: 'Agreed.' }, other).expect(200);
    expect(confirmed.body.data).toMatchObject({ status: 'REJECTED', decided: true, confirmed: { first_reviewer: waiting.body.data.awaiting_confirmation.by } });
    expect((await trail(caseId)).at(-1)).toMatchObject({ to_status: 'REJECTED', note: 'No ID.\nAgreed.', facts: expect.objectContaining({ first_reason_code: 'IDENTITY_NOT_CONFIRMED' }) });
    expect((await t.db('cases.cases').where({ id: caseId }).first()).pending_decision).toBeNull();
  });

  it('with four eyes, two first decisions read at once: one waits, the other answers 409 (never both waiting)', async () => {
    const tenant = randomUUID();
    await t.customer({ id: tenant });
    await request(t.app).put(`/case/api/v1/customers/${tenant}/case-policy`).set('Authorization', `Bearer ${t.keys.tokenFor({ role: 'ADMIN' })}`)
      .send({ rules: [{ id: 'MANY_ALERTS', when: { fact: 'alerts.open', op: 'gt', value: 100 }, decision: 'review', reason: 'Too many alerts.' }], four_eyes: { reject: true } }).expect(200);
    const businessId = await insertBusiness(t.db, { customerId: tenant, name: 'Raced Co' });
    const [caseId] = await t.db.transaction((trx) => createPgCaseStore(t.db).insertCases(trx, [{ customer_id: tenant, business_id: businessId, applicant_id: null, origin: 'ADDED', created_by: randomUUID() }]));
    // Both calls have read the case (no decision waiting) before either writes: the policy read waits for both.
    const policies = createPgCasePoliciesStore(t.db);
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const service = createReviewerDecisionService({
      db: t.db,
      policies: { current: async (id) => { arrived += 1; if (arrived === 2) release(); await bothRead; return policies.current(id); } },
      facts: async () => new Map(),
      clock: () => new Date(),
    });
    const actor = (userId: string): Actor => ({
      role: 'CUSTOMER', customerId: tenant, userId, subrole: 'reviewer', permissions: new Set(REVIEWER_PERMISSIONS), tokenUse: 'id', businessIds: [], sessionId: randomUUID(), requestId: null, clientAddress: null,
    });
    const [a, b] = [randomUUID(), randomUUID()];
    const answers = await Promise.allSettled([a, b].map((userId) => service.decide(actor(userId), caseId, { decision: 'reject', reason_code: 'HIGH_RISK' })));
    const waited = answers.filter((x): x is PromiseFulfilledResult<Awaited<ReturnType<typeof service.decide>>> => x.status === 'fulfilled');
    const refused = answers.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
    expect(waited).toHaveLength(1);
    expect(waited[0].value).toMatchObject({ decided: false, status: 'OPEN' });
    expect(refused.map((x) => [x.reason.httpStatus, x.reason.errorName, x.reason.message])).toEqual([[409, 'CaseStateConflictError', 'The case changed meanwhile: read it again']]);
    const stored = await t.db('cases.cases').where({ id: caseId }).first();
    expect(stored.pending_decision.by).toBe(waited[0].value.awaiting_confirmation?.by);
    expect(await t.db('cases.audit_outbox').where({ action: 'case.decision_awaiting_confirmation', target_id: caseId })).toHaveLength(1);
  });

  it('with four eyes on a risk level, an approval of a business scored at that level waits; one scored lower does not', async () => {
    const tenant = randomUUID();
    await t.customer({ id: tenant });
    await request(t.app).put(`/case/api/v1/customers/${tenant}/case-policy`).set('Authorization', `Bearer ${t.keys.tokenFor({ role: 'ADMIN' })}`)
      .send({ rules: [{ id: 'MANY_ALERTS', when: { fact: 'alerts.open', op: 'gt', value: 100 }, decision: 'review', reason: 'Too many alerts.' }], four_eyes: { approve_risk_levels: ['HIGH'] } }).expect(200);
    const scores = await createScoreDirectoryStandIn(t.db);
    const token = t.keys.tokenFor({ role: 'CUSTOMER', customerId: tenant, userId: randomUUID(), subrole: 'reviewer', permissions: [...REVIEWER_PERMISSIONS] });
    const scoredCase = async (riskLevel: string) => {
      const businessId = await insertBusiness(t.db, { customerId: tenant, name: `${riskLevel} Risk Co` });
      await scores.put({ id: randomUUID(), businessId, version: 'v1', weightageConfigId: randomUUID(), weightedScore100: 40, weightedScore850: 500, riskLevel, decision: 'APPROVE', distribution: [] });
      const [caseId] = await t.db.transaction((trx) => createPgCaseStore(t.db).insertCases(trx, [{ customer_id: tenant, business_id: businessId, applicant_id: null, origin: 'ADDED', created_by: randomUUID() }]));
      return caseId;
    };
    const [high, low] = [await scoredCase('HIGH'), await scoredCase('LOW')];
    expect((await decide(high, { decision: 'approve', reason_code: 'RISK_ACCEPTED' }, token).expect(200)).body.data).toMatchObject({ status: 'OPEN', decided: false });
    expect((await decide(low, { decision: 'approve', reason_code: 'RISK_ACCEPTED' }, token).expect(200)).body.data).toMatchObject({ status: 'APPROVED', decided: true });
  });

  it('answers in the usual order: no token, no permission, a bad body, another tenant, an unknown case', async () => {
    const { caseId } = await openCase();
    const body = { decision: 'approve', reason_code: 'VERIFIED_BY_REVIEWER' };
    expect((await request(t.app).post(`/case/api/v1/cases/${caseId}/decision`).send(body)).status).toBe(401);
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    expect((await decide(caseId, body, reader).expect(403)).body.data.errorName).toBe('PermissionMiddlewareError');
    expect((await decide(caseId, { decision: 'maybe', reason_code: 'OTHER' }).expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    expect((await decide(caseId, { ...body, note: 'x'.repeat(2001) }).expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), subrole: 'reviewer', permissions: [...REVIEWER_PERMISSIONS] });
    expect((await decide(caseId, body, stranger).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await decide(randomUUID(), body, stranger).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await decide(randomUUID(), body, t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body).toEqual({
      status: 'fail',
      message: 'Case not found',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'CaseApiError' },
    });
    expect((await t.db('cases.cases').where({ id: caseId }).first()).status).toBe('OPEN');
  });

  it('lists the review queue oldest first, by state, origin and assignee', async () => {
    const queueOf = async (query: string) =>
      (await request(t.app).get(`/case/api/v1/customers/${customerId}/cases?${query}`).set('Authorization', `Bearer ${reviewer}`).expect(200)).body.data.records as Array<{ id: string; status: string }>;
    const older = await openCase('MANUAL_REVIEW');
    const newer = await openCase('MANUAL_REVIEW');
    await t.db('cases.cases').where({ id: older.caseId }).update({ status_changed_at: new Date(Date.now() - 3_600_000) });
    await t.db('cases.cases').where({ id: newer.caseId }).update({ assignee_id: secondId });
    const queue = await queueOf('filter[status]=MANUAL_REVIEW&sort[status_changed_at]=asc&pagination=false');
    expect(queue.every((c) => c.status === 'MANUAL_REVIEW')).toBe(true);
    expect(queue.findIndex((c) => c.id === older.caseId)).toBeLessThan(queue.findIndex((c) => c.id === newer.caseId));
    expect((await queueOf(`filter[assignee_id]=${secondId}`)).map((c) => c.id)).toEqual([newer.caseId]);
    expect((await queueOf('filter[origin]=INVITATION')).length).toBe(0);
    const bad = await request(t.app).get(`/case/api/v1/customers/${customerId}/cases?filter[status]=DONE`).set('Authorization', `Bearer ${reviewer}`).expect(400);
    expect(bad.body.data.errorName).toBe('ValidationMiddlewareError');
  });
});
