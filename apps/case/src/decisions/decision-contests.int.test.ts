import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { REVIEWER_PERMISSIONS } from '@kyb/auth';
import { eventually } from '@kyb/testing';
import type { CaseTestApp } from '../test-support/case-test-app';
import { startDecisionRoundApp, type DecisionRoundSupport, type RoundCase } from '../test-support/decision-round-support';

/*
 * A decided case whose facts come to say otherwise (issue 45, ADR 0055): never moved, its decision
 * contested once per state the policy would now move it to, kept in cases.case_decision_contests
 * and announced once as `case.decision_contested`, however many rounds and events follow.
 */
describe('contested decisions', () => {
  let t: CaseTestApp;
  let s: DecisionRoundSupport;
  const customerId = randomUUID();
  beforeAll(async () => ({ t, s } = await startDecisionRoundApp(customerId)));
  afterAll(() => t.close());

  const contests = (caseId: string) => t.db('cases.case_decision_contest_directory').where({ case_id: caseId }).orderBy('contested_at').orderBy('id');
  const events = async (caseId: string) =>
    (await t.db('cases.outbox_events').where({ type: 'case.decision_contested' }).whereRaw("data->>'case_id' = ?", [caseId]).orderBy('occurred_at')).map((e) => e.data);
  /** Announces a fact about the business and rounds until the case was evaluated after it (so later assertions see every round it caused). */
  const newFact = async (businessId: string, caseId: string, state: string, also: (c: RoundCase) => boolean = () => true) => {
    const before = (await s.readCase(caseId)).decision.evaluated_at;
    await s.announce(businessId);
    return s.roundsUntil(caseId, state, (c) => c.decision.evaluated_at !== before && also(c));
  };
  const approvedCase = async (name: string) => {
    const opened = await s.openCase(name);
    await t.verify({ businessId: opened.businessId, status: 'VERIFIED', checks: s.checks() });
    await s.scored(opened.businessId, 'APPROVE');
    await s.roundsUntil(opened.caseId, 'AUTO_APPROVED');
    return opened;
  };

  it('contests an automatic approval once a sanctions hit is confirmed, keeps and announces it once, and once more only for another state asked', async () => {
    const { businessId, caseId } = await approvedCase('Approved Then Confirmed Co');
    expect(await contests(caseId)).toEqual([]);

    const hit = await s.hits.put({ businessId, customerId, status: 'CONFIRMED', reviewedAt: new Date() });
    await newFact(businessId, caseId, 'AUTO_APPROVED', (c) => c.decision.disagrees === 'AUTO_REJECTED');
    const contested = {
      case_id: caseId, customer_id: customerId, business_id: businessId, status: 'AUTO_APPROVED', would_decide: 'AUTO_REJECTED', policy_version: 0,
      rule_id: 'SANCTIONS_CONFIRMED', reason: expect.stringContaining('sanctions'),
    };
    expect(await contests(caseId)).toEqual([expect.objectContaining(contested)]);
    const event = { customer_id: customerId, business_id: businessId, case_id: caseId, status: 'AUTO_APPROVED', would_decide: 'AUTO_REJECTED', rule_id: 'SANCTIONS_CONFIRMED' };
    expect(await events(caseId)).toEqual([event]);

    // More facts saying the same, and rounds with nothing new: nothing more kept or announced, the state unchanged.
    await newFact(businessId, caseId, 'AUTO_APPROVED');
    await newFact(businessId, caseId, 'AUTO_APPROVED');
    await s.settle();
    expect(await contests(caseId)).toHaveLength(1);
    expect(await events(caseId)).toEqual([event]);

    // The hit set aside and the TIN found not to match: the policy now asks for review, a new contest.
    await s.hits.remove(hit);
    await t.verify({ businessId, status: 'UNVERIFIED', checks: s.checks({ TIN_MATCH: 'FAIL' }) });
    await newFact(businessId, caseId, 'AUTO_APPROVED', (c) => c.decision.disagrees === 'MANUAL_REVIEW');
    expect((await contests(caseId)).map((c) => [c.would_decide, c.rule_id])).toEqual([['AUTO_REJECTED', 'SANCTIONS_CONFIRMED'], ['MANUAL_REVIEW', 'TIN_MISMATCH']]);
    expect((await events(caseId)).map((e) => e.would_decide)).toEqual(['AUTO_REJECTED', 'MANUAL_REVIEW']);

    // Back to reject: that contest was kept already, so nothing more is kept or announced.
    await s.hits.put({ businessId, customerId, status: 'CONFIRMED', reviewedAt: new Date() });
    await newFact(businessId, caseId, 'AUTO_APPROVED', (c) => c.decision.disagrees === 'AUTO_REJECTED');
    expect(await contests(caseId)).toHaveLength(2);
    expect(await events(caseId)).toHaveLength(2);
    expect(await t.db('cases.case_transitions').where({ case_id: caseId }).pluck('to_status')).toEqual(['OPEN', 'AUTO_APPROVED']);
  });

  it("contests a reviewer's approval only once facts arriving after it change the policy's word, and never overwrites it", async () => {
    const reviewer = t.keys.tokenFor({ role: 'CUSTOMER', customerId, userId: randomUUID(), subrole: 'reviewer', permissions: [...REVIEWER_PERMISSIONS] });
    const { businessId, caseId } = await s.openCase('Reviewed Mismatch Co');
    await t.verify({ businessId, status: 'UNVERIFIED', checks: s.checks({ TIN_MATCH: 'FAIL' }) });
    await s.roundsUntil(caseId, 'MANUAL_REVIEW');
    await request(t.app).post(`/case/api/v1/cases/${caseId}/decision`).set('Authorization', `Bearer ${reviewer}`).send({ decision: 'approve', reason_code: 'DOCUMENTS_CONFIRMED' }).expect(200);

    // The reviewer approved against the policy's review: a fact that changes nothing of that is no contest.
    await newFact(businessId, caseId, 'APPROVED', (c) => c.decision.disagrees === 'MANUAL_REVIEW');
    expect(await contests(caseId)).toEqual([]);
    expect(await events(caseId)).toEqual([]);

    await s.hits.put({ businessId, customerId, status: 'CONFIRMED', reviewedAt: new Date() });
    await newFact(businessId, caseId, 'APPROVED', (c) => c.decision.disagrees === 'AUTO_REJECTED');
    expect(await contests(caseId)).toEqual([expect.objectContaining({ status: 'APPROVED', would_decide: 'AUTO_REJECTED', rule_id: 'SANCTIONS_CONFIRMED' })]);
    expect(await events(caseId)).toEqual([{ customer_id: customerId, business_id: businessId, case_id: caseId, status: 'APPROVED', would_decide: 'AUTO_REJECTED', rule_id: 'SANCTIONS_CONFIRMED' }]);
    expect(await s.status(caseId)).toBe('APPROVED');
  });

  it("never contests a withdrawn case, nor an erased tenant's decided one", async () => {
    const withdrawn = await approvedCase('Withdrawn Later Co');
    await t.db('cases.cases').where({ id: withdrawn.caseId }).update({ status: 'WITHDRAWN' });
    const tenant = randomUUID();
    const erased = await s.openCase('Erased Approved Co', tenant);
    const looked = new Date('2026-01-01T00:00:00Z');
    await t.db('cases.cases').where({ id: erased.caseId }).update({ status: 'APPROVED', evaluated_at: looked });
    await t.db('auth.data_keys').insert({ id: randomUUID(), scope: `customer:${tenant}`, destroyed_at: new Date() });
    for (const [{ businessId }, customer] of [[withdrawn, customerId], [erased, tenant]] as const) {
      await s.hits.put({ businessId, customerId: customer, status: 'CONFIRMED', reviewedAt: new Date() });
      await s.announce(businessId, customer);
    }
    // The erased tenant's case is marked by the event (read after the other's) and passed over without a word.
    await eventually(async () => {
      await s.round();
      const row = await t.db('cases.cases').where({ id: erased.caseId }).first();
      return row.evaluated_at > looked ? row : undefined;
    });
    await s.settle();
    expect(await t.db('cases.cases').where({ id: erased.caseId }).first()).toMatchObject({ status: 'APPROVED', outcome: null });
    expect(await s.status(withdrawn.caseId)).toBe('WITHDRAWN');
    for (const { caseId } of [withdrawn, erased]) {
      expect(await contests(caseId)).toEqual([]);
      expect(await events(caseId)).toEqual([]);
    }
  });
});
