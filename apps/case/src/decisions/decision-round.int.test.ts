import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import request from 'supertest';
import type { CaseTestApp } from '../test-support/case-test-app';
import { startDecisionRoundApp, type DecisionRoundSupport } from '../test-support/decision-round-support';

/* The decision round (issue 45, ADR 0055): cases move as their facts arrive, by the customer's policy, and keep why. */
describe('the decision round', () => {
  let t: CaseTestApp;
  let s: DecisionRoundSupport;
  const customerId = randomUUID();
  beforeAll(async () => ({ t, s } = await startDecisionRoundApp(customerId)));
  afterAll(() => t.close());

  const round = () => s.round();
  const settle = () => s.settle();
  const openCase = (name: string, customer = customerId) => s.openCase(name, customer);
  const checks: typeof s.checks = (overrides) => s.checks(overrides);
  const scored = (businessId: string, decision: string, riskLevel = 'LOW') => s.scored(businessId, decision, riskLevel);
  const announce = (businessId: string) => s.announce(businessId);
  const roundsUntil: typeof s.roundsUntil = (caseId, state, also) => s.roundsUntil(caseId, state, also);
  const readCase = (caseId: string) => s.readCase(caseId);
  const status = (caseId: string) => s.status(caseId);

  it('holds a clean business OPEN while facts are missing, then approves it by VERIFIED_AND_APPROVED, with its trail, audit act and event', async () => {
    const { businessId, caseId } = await openCase('Clean Co');
    await settle();
    const waiting = await readCase(caseId);
    expect(waiting).toMatchObject({ status: 'OPEN', decision: { kind: 'waiting', policy_version: 0, rule_id: 'SANCTIONS_CONFIRMED', missing: ['watchlist.confirmed_hits'] } });

    await t.verify({ businessId, status: 'VERIFIED', checks: checks() });
    await s.records.put(businessId, { publicRecords: { taskId: randomUUID(), platformId: 1, summary: { corporate_filing_filling_date: '2020-01-15' } as never } });
    await scored(businessId, 'APPROVE');
    await announce(businessId);
    const decided = await roundsUntil(caseId, 'AUTO_APPROVED');
    expect(decided).toMatchObject({ status: 'AUTO_APPROVED', decision: { kind: 'decided', decision: 'approve', rule_id: 'VERIFIED_AND_APPROVED', policy_version: 0 } });
    expect(decided.decision.facts).toEqual(
      expect.arrayContaining([
        { name: 'verification.status', value: 'VERIFIED', source: 'verification', at: expect.any(String) },
        { name: 'score.decision', value: 'APPROVE', source: 'score', at: expect.any(String) },
        { name: 'watchlist.confirmed_hits', value: 0, source: 'watchlist_screening', at: expect.any(String) },
        { name: 'match.result', value: null, source: 'match_screening', at: expect.any(String) },
      ]),
    );
    expect(decided.trail).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'OPEN', mover: 'customer' }),
      expect.objectContaining({ from_status: 'OPEN', to_status: 'AUTO_APPROVED', mover: 'policy', actor_id: null, policy_version: 0, note: 'The business is verified and its risk score approves it.' }),
    ]);
    expect(decided.trail[1].rule_ids.at(-1)).toBe('VERIFIED_AND_APPROVED');
    const events = await t.db('cases.outbox_events').where({ type: 'case.status_updated' }).whereRaw("data->>'case_id' = ?", [caseId]);
    expect(events.map((e) => e.data)).toEqual([{ customer_id: customerId, business_id: businessId, case_id: caseId, status: 'AUTO_APPROVED', previous_status: 'OPEN' }]);
    const acts = await t.db('cases.audit_outbox').where({ action: 'case.status_updated', target_id: caseId });
    expect(acts).toHaveLength(1);
    expect(acts[0]).toMatchObject({ actor_role: 'SYSTEM', actor_id: null, customer_id: customerId });
    expect(acts[0].details).toMatchObject({ from: 'OPEN', to: 'AUTO_APPROVED', mover: 'policy', policy_version: 0 });
  });

  it('sends a TIN mismatch to review with the failed check as its reason, and rejects it once a sanctions hit is confirmed', async () => {
    const { businessId, caseId } = await openCase('Mismatch Co');
    await t.verify({ businessId, status: 'UNVERIFIED', checks: checks({ TIN_MATCH: 'FAIL' }) });
    await settle();
    expect(await readCase(caseId)).toMatchObject({
      status: 'MANUAL_REVIEW',
      decision: { rule_id: 'TIN_MISMATCH', reason: 'The TIN is not registered to the legal name (the TIN_MATCH check failed).', passed: ['SANCTIONS_CONFIRMED', 'MATCH_TERMINATED', 'SANCTIONS_OPEN', 'MATCH_POSSIBLE'] },
    });

    await s.hits.put({ businessId, customerId, status: 'CONFIRMED', reviewedAt: new Date() });
    await s.feeds.emit('integration', { type: 'watchlist.hit', customerId, data: { business_id: businessId, hit_id: randomUUID(), screening_id: randomUUID(), list: 'ofac-sdn', entry_id: '1', subject_role: 'legal_name' } });
    const rejected = await roundsUntil(caseId, 'AUTO_REJECTED');
    expect(rejected).toMatchObject({ status: 'AUTO_REJECTED', decision: { rule_id: 'SANCTIONS_CONFIRMED' } });
    expect(rejected.trail.map((s: { to_status: string }) => s.to_status)).toEqual(['OPEN', 'MANUAL_REVIEW', 'AUTO_REJECTED']);
  });

  it('never moves a case the policy decided back, nor one a person decided: facts leaning another way are kept as a disagreement', async () => {
    const approved = await openCase('Approved Then Sanctioned Co');
    await t.verify({ businessId: approved.businessId, status: 'VERIFIED', checks: checks() });
    await scored(approved.businessId, 'APPROVE');
    await settle();
    expect(await status(approved.caseId)).toBe('AUTO_APPROVED');
    const person = await openCase('Person Decided Co');
    await t.db('cases.cases').where({ id: person.caseId }).update({ status: 'APPROVED' });

    for (const { businessId } of [approved, person]) {
      await s.hits.put({ businessId, customerId, status: 'CONFIRMED', reviewedAt: new Date() });
      await announce(businessId);
    }
    await roundsUntil(approved.caseId, 'AUTO_APPROVED', (c) => c.decision.disagrees === 'AUTO_REJECTED');
    await roundsUntil(person.caseId, 'APPROVED', (c) => c.decision.disagrees === 'AUTO_REJECTED');
    await settle();
    expect(await t.db('cases.cases').where({ id: approved.caseId }).first()).toMatchObject({ status: 'AUTO_APPROVED', outcome: expect.objectContaining({ rule_id: 'SANCTIONS_CONFIRMED', disagrees: 'AUTO_REJECTED' }) });
    expect(await t.db('cases.cases').where({ id: person.caseId }).first()).toMatchObject({ status: 'APPROVED', outcome: expect.objectContaining({ rule_id: 'SANCTIONS_CONFIRMED', disagrees: 'AUTO_REJECTED' }) });
    expect(await t.db('cases.case_transitions').where({ case_id: person.caseId })).toHaveLength(1);
  });

  it('waits for a MATCH screening that runs, then sends a possible match to review', async () => {
    const { businessId, caseId } = await openCase('Similar Co');
    await t.verify({ businessId, status: 'VERIFIED', checks: checks() });
    await scored(businessId, 'APPROVE');
    await s.matchScreenings.put({ businessId, customerId, status: 'PROCESSING' });
    await settle();
    expect(await readCase(caseId)).toMatchObject({ status: 'OPEN', decision: { kind: 'waiting', rule_id: 'MATCH_TERMINATED', missing: ['match.result'] } });
    await s.matchScreenings.put({ businessId, customerId, status: 'COMPLETED', result: 'Possible Match' });
    await s.feeds.emit('integration', { type: 'screening.completed', customerId, data: { business_id: businessId, screening_id: randomUUID() } });
    const review = await roundsUntil(caseId, 'MANUAL_REVIEW');
    expect(review.decision).toMatchObject({ rule_id: 'MATCH_POSSIBLE' });
    expect(review.decision.facts).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'match.result', value: 'Possible Match', source: 'match_screening' })]));
  });

  it("decides by the customer's own policy version once it has one", async () => {
    const tenant = randomUUID();
    await t.customer({ id: tenant });
    const admin = t.keys.tokenFor({ role: 'ADMIN' });
    await request(t.app)
      .put(`/case/api/v1/customers/${tenant}/case-policy`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ rules: [{ id: 'FLORIDA_FIRST', when: { fact: 'business.state', op: 'eq', value: 'fl' }, decision: 'approve', reason: 'Florida businesses are ours.' }] })
      .expect(200);
    const { caseId } = await openCase('Sunshine Co', tenant);
    await settle();
    expect(await t.db('cases.cases').where({ id: caseId }).first()).toMatchObject({ status: 'AUTO_APPROVED', policy_version: 1, outcome: expect.objectContaining({ rule_id: 'FLORIDA_FIRST' }) });
  });

  it("leaves an erased tenant's cases alone: nothing evaluated, moved or written for it", async () => {
    const tenant = randomUUID();
    const { businessId, caseId } = await openCase('Erased Tenant Co', tenant);
    await t.verify({ businessId, status: 'VERIFIED', checks: checks() });
    await scored(businessId, 'APPROVE');
    // Erased as the auth area erases a tenant: its data key destroyed.
    await t.db('auth.data_keys').insert({ id: randomUUID(), scope: `customer:${tenant}`, destroyed_at: new Date() });
    await settle();
    expect(await t.db('cases.cases').where({ id: caseId }).first()).toMatchObject({ status: 'OPEN', outcome: null, evaluated_at: expect.any(Date) });
    expect(await t.db('cases.outbox_events').where({ customer_id: tenant })).toEqual([]);
  });

  it('moves each case once when rounds run at once', async () => {
    const opened = await Promise.all(['One', 'Two', 'Three', 'Four'].map((n) => openCase(`Concurrent ${n} Co`)));
    for (const { businessId } of opened) {
      await t.verify({ businessId, status: 'VERIFIED', checks: checks() });
      await scored(businessId, 'APPROVE');
    }
    await Promise.all([round(), round(), round()]);
    await settle();
    for (const { caseId } of opened) {
      expect(await status(caseId)).toBe('AUTO_APPROVED');
      expect(await t.db('cases.case_transitions').where({ case_id: caseId })).toHaveLength(2);
    }
  });

  it('looks again at an undecided case after a while without an event (a hit reviewed announces none)', async () => {
    const { businessId, caseId } = await openCase('Quiet Review Co');
    const hit = await s.hits.put({ businessId, customerId, status: 'OPEN' });
    await t.verify({ businessId, status: 'VERIFIED', checks: checks({ SANCTIONS: 'UNAVAILABLE' }) });
    await scored(businessId, 'APPROVE');
    await settle();
    expect(await readCase(caseId)).toMatchObject({ status: 'MANUAL_REVIEW', decision: { rule_id: 'SANCTIONS_OPEN' } });
    await s.hits.remove(hit);
    await t.verify({ businessId, status: 'VERIFIED', checks: checks() });
    await settle();
    expect(await status(caseId)).toBe('MANUAL_REVIEW');
    t.clock.advance(61_000);
    try {
      await settle();
    } finally {
      t.clock.advance(-61_000);
    }
    expect(await readCase(caseId)).toMatchObject({ status: 'AUTO_APPROVED', decision: { rule_id: 'VERIFIED_AND_APPROVED' } });
  });

  it('counts cases by state, times decisions, and tells how long the oldest case has waited for review', async () => {
    const registry = new Registry();
    t.area.registerMetrics(registry);
    const { businessId, caseId } = await openCase('Metered Mismatch Co');
    await t.verify({ businessId, status: 'UNVERIFIED', checks: checks({ TIN_MATCH: 'FAIL' }) });
    await settle();
    expect(await status(caseId)).toBe('MANUAL_REVIEW');
    const inReview = Number((await t.db('cases.cases').where({ status: 'MANUAL_REVIEW' }).count<Array<{ count: string }>>('* as count'))[0].count);
    const oldest = (await t.db('cases.cases').where({ status: 'MANUAL_REVIEW' }).min<{ since: Date }>('status_changed_at as since').first())?.since as Date;
    t.clock.advance(120_000);
    try {
      const text = await registry.metrics();
      expect(text).toContain(`kyb_cases{state="MANUAL_REVIEW"} ${inReview}`);
      const waited = Number(/kyb_case_review_queue_oldest_seconds\{state="MANUAL_REVIEW"\} ([0-9.]+)/.exec(text)?.[1]);
      expect(waited).toBeCloseTo((t.clock.now().getTime() - oldest.getTime()) / 1000, 0);
      expect(waited).toBeGreaterThanOrEqual(120);
      expect(text).toContain('kyb_case_review_queue_oldest_seconds{state="INFO_REQUESTED"} 0');
      expect(text).toContain('kyb_case_time_to_decision_seconds_count{mover="policy",state="MANUAL_REVIEW"} 1');
    } finally {
      t.clock.advance(-120_000);
    }
  });
});
