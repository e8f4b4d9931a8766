import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { DecisionContestEntry } from '@kyb/area-views';
import { eventually } from '@kyb/testing';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

/*
 * A case decision the case area contests (issue 45) becomes exactly one alert in its customer's
 * list: read from the case area's feed and its directory of contests, raised once per case and
 * state asked for however often it is announced, worked like any alert, and seen by no other tenant.
 */
describe('alerts of contested case decisions', () => {
  let t: ScoreTestApp;
  const customerId = randomUUID();
  const otherCustomerId = randomUUID();
  let owner: string;
  let other: string;

  beforeAll(async () => {
    t = await startScoreTestApp({ workers: false });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, userId: randomUUID() });
    other = t.keys.tokenFor({ role: 'CUSTOMER', customerId: otherCustomerId, userId: randomUUID() });
  });
  afterAll(() => t.close());

  const list = async (customer: string, token: string, query = '') => (await request(t.app).get(`/score/api/v1/customers/${customer}/alerts${query}`).set('Authorization', `Bearer ${token}`).expect(200)).body.data;
  /** Contested as the case area's decision round contests: the contest kept, then announced. */
  const contested = async (contest: Pick<DecisionContestEntry, 'customerId' | 'wouldDecide'> & Partial<DecisionContestEntry>) => {
    const entry = await t.contests.put({ caseId: randomUUID(), businessId: randomUUID(), ...contest });
    await announce(entry);
    return entry;
  };
  const announce = (entry: DecisionContestEntry) =>
    t.feeds.emit('cases', {
      type: 'case.decision_contested',
      customerId: entry.customerId,
      data: { business_id: entry.businessId, case_id: entry.caseId, status: entry.status, would_decide: entry.wouldDecide, rule_id: entry.ruleId },
    });
  /** Rounds until the case has `count` alerts (a feed shows an event once every older transaction of the cluster ended). */
  const roundsUntil = (customer: string, token: string, caseId: string, count: number) =>
    eventually(async () => {
      await t.area.contestAlertRound.round();
      const found = (await list(customer, token, '?filter[rule]=CASE_DECISION_CONTESTED&pagination=false')).records.filter((a: { case_id: string }) => a.case_id === caseId);
      return found.length === count ? found : undefined;
    });
  const riskEvents = (alertId: string) => t.db('scores.outbox_events').where({ type: 'risk.alert' }).whereRaw("data->>'alert_id' = ?", [alertId]);

  it("raises one alert in the customer's list for a contest announced twice, with the case, the states and the policy's words", async () => {
    const entry = await contested({ customerId, wouldDecide: 'AUTO_REJECTED' });
    await t.feeds.emit('cases', { type: 'business.created', customerId, data: { business_id: entry.businessId } });
    await announce(entry);
    const [alert] = await roundsUntil(customerId, owner, entry.caseId, 1);
    expect(alert).toMatchObject({
      customer_id: customerId,
      business_id: entry.businessId,
      case_id: entry.caseId,
      score_id: null,
      previous_score_id: null,
      rule: 'CASE_DECISION_CONTESTED',
      severity: 'HIGH',
      status: 'OPEN',
      title: 'Decision contested: the policy would now reject it (AUTO_APPROVED case)',
      summary: expect.stringContaining('by rule SANCTIONS_CONFIRMED: A sanctions hit is confirmed.'),
      before: 'AUTO_APPROVED',
      after: 'AUTO_REJECTED',
      data: { case_id: entry.caseId, contest_id: entry.id, status: 'AUTO_APPROVED', would_decide: 'AUTO_REJECTED', rule_id: 'SANCTIONS_CONFIRMED', policy_version: 0 },
    });
    // Announced again and rounds run again: still one, announced once.
    await announce(entry);
    await roundsUntil(customerId, owner, entry.caseId, 1);
    for (let i = 0; i < 3; i += 1) await t.area.contestAlertRound.round();
    expect(await roundsUntil(customerId, owner, entry.caseId, 1)).toHaveLength(1);
    expect((await riskEvents(alert.id)).map((e) => e.data)).toEqual([{ customer_id: customerId, business_id: entry.businessId, alert_id: alert.id, rule: 'CASE_DECISION_CONTESTED', severity: 'HIGH' }]);
  });

  it("is seen by no other tenant: another customer's list holds only its own, and the path of another's answers 403", async () => {
    const mine = await contested({ customerId, wouldDecide: 'MANUAL_REVIEW', status: 'APPROVED', ruleId: 'TIN_MISMATCH', reason: 'The TIN does not match.' });
    const theirs = await contested({ customerId: otherCustomerId, wouldDecide: 'AUTO_APPROVED', status: 'REJECTED', ruleId: null, reason: 'Approve the rest.' });
    const [own] = await roundsUntil(customerId, owner, mine.caseId, 1);
    const [their] = await roundsUntil(otherCustomerId, other, theirs.caseId, 1);
    expect(their).toMatchObject({ customer_id: otherCustomerId, severity: 'LOW', case_id: theirs.caseId });
    const otherList = await list(otherCustomerId, other, '?pagination=false');
    expect(otherList.records.map((a: { id: string }) => a.id)).toEqual([their.id]);
    expect(otherList.total_items).toBe('1');
    await request(t.app).get(`/score/api/v1/customers/${customerId}/alerts`).set('Authorization', `Bearer ${other}`).expect(403);
    // Another's alert under one's own path: answered as one that does not exist is, to a customer.
    await request(t.app).get(`/score/api/v1/customers/${otherCustomerId}/alerts/${own.id}`).set('Authorization', `Bearer ${other}`).expect(403);
    // An event naming one tenant's case under another's id raises nothing (the directory is read for the event's tenant).
    await t.feeds.emit('cases', { type: 'case.decision_contested', customerId: otherCustomerId, data: { business_id: mine.businessId, case_id: mine.caseId, status: mine.status, would_decide: mine.wouldDecide, rule_id: mine.ruleId } });
    const marker = await contested({ customerId: otherCustomerId, wouldDecide: 'AUTO_REJECTED' });
    await roundsUntil(otherCustomerId, other, marker.caseId, 1);
    expect((await list(otherCustomerId, other, '?pagination=false')).records.map((a: { case_id: string }) => a.case_id).sort()).toEqual([theirs.caseId, marker.caseId].sort());
    expect(await roundsUntil(customerId, owner, mine.caseId, 1)).toEqual([own]);
  });

  it('is worked like any alert: resolved, it stays resolved when announced again; another state asked raises a new one', async () => {
    const entry = await contested({ customerId, wouldDecide: 'MANUAL_REVIEW', ruleId: 'SCORE_ASKS_REVIEW', reason: 'The score asks for review.' });
    const [alert] = await roundsUntil(customerId, owner, entry.caseId, 1);
    const patch = (body: object) => request(t.app).patch(`/score/api/v1/customers/${customerId}/alerts/${alert.id}`).set('Authorization', `Bearer ${owner}`).send(body);
    expect((await patch({ status: 'RESOLVED', note: 'Reviewed: the decision stands.' }).expect(200)).body.data).toMatchObject({ status: 'RESOLVED', note: 'Reviewed: the decision stands.' });
    await patch({ status: 'ACKNOWLEDGED' }).expect(409);
    await announce(entry);
    const later = await t.contests.put({ caseId: entry.caseId, customerId, businessId: entry.businessId, wouldDecide: 'AUTO_REJECTED' });
    await announce(later);
    const both = await roundsUntil(customerId, owner, entry.caseId, 2);
    expect(both.map((a: { subject?: string; after: string; status: string }) => [a.after, a.status])).toEqual([['AUTO_REJECTED', 'OPEN'], ['MANUAL_REVIEW', 'RESOLVED']]);
  });

  it('raises nothing for an erased tenant', async () => {
    const erased = randomUUID();
    await t.db('auth.data_keys').insert({ id: randomUUID(), scope: `customer:${erased}`, destroyed_at: new Date() });
    const entry = await contested({ customerId: erased, wouldDecide: 'AUTO_REJECTED' });
    // Once a later contest of a live tenant is raised, the erased tenant's event has been read.
    const marker = await contested({ customerId, wouldDecide: 'AUTO_REJECTED' });
    await roundsUntil(customerId, owner, marker.caseId, 1);
    expect(await t.db('scores.alerts').where({ case_id: entry.caseId })).toEqual([]);
  });
});
