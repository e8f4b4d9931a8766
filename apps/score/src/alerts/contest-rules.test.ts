import { randomUUID } from 'node:crypto';
import { CONTESTED_DECISION_ALERT_RULE, type DecisionContestEntry } from '@kyb/area-views';
import { ALERT_RULES } from './alert-codes';
import { contestAlert } from './contest-rules';

const contest = (overrides: Partial<DecisionContestEntry> = {}): DecisionContestEntry => ({
  id: randomUUID(),
  caseId: randomUUID(),
  customerId: randomUUID(),
  businessId: randomUUID(),
  status: 'AUTO_APPROVED',
  wouldDecide: 'AUTO_REJECTED',
  policyVersion: 3,
  ruleId: 'SANCTIONS_CONFIRMED',
  reason: 'A sanctions hit is confirmed.',
  contestedAt: new Date('2026-12-08T10:00:00Z'),
  ...overrides,
});

describe('the alert of a contested case decision', () => {
  it('is one of the alert rules other areas know it by', () => {
    expect(ALERT_RULES).toContain(CONTESTED_DECISION_ALERT_RULE);
  });

  it("names the decided state, what the policy would now do, the rule and the policy's reason, one alert per case and state asked", () => {
    const c = contest();
    expect(contestAlert(c)).toEqual({
      customerId: c.customerId,
      businessId: c.businessId,
      caseId: c.caseId,
      rule: 'CASE_DECISION_CONTESTED',
      severity: 'HIGH',
      subject: 'AUTO_REJECTED',
      title: 'Decision contested: the policy would now reject it (AUTO_APPROVED case)',
      summary:
        "The case was approved by its policy (AUTO_APPROVED); with the business's facts as they are now, its policy (version 3) would reject it (AUTO_REJECTED) by rule SANCTIONS_CONFIRMED: " +
        'A sanctions hit is confirmed. The decision stands until a reviewer changes it.',
      before: 'AUTO_APPROVED',
      after: 'AUTO_REJECTED',
      data: { case_id: c.caseId, contest_id: c.id, status: 'AUTO_APPROVED', would_decide: 'AUTO_REJECTED', rule_id: 'SANCTIONS_CONFIRMED', policy_version: 3 },
    });
  });

  it('is HIGH when the policy would now be stricter than the decision, LOW when more lenient', () => {
    const severity = (status: string, wouldDecide: DecisionContestEntry['wouldDecide']) => contestAlert(contest({ status, wouldDecide })).severity;
    expect([severity('AUTO_APPROVED', 'MANUAL_REVIEW'), severity('APPROVED', 'AUTO_REJECTED'), severity('APPROVED', 'MANUAL_REVIEW')]).toEqual(['HIGH', 'HIGH', 'HIGH']);
    expect([severity('AUTO_REJECTED', 'MANUAL_REVIEW'), severity('REJECTED', 'AUTO_APPROVED'), severity('AUTO_REJECTED', 'AUTO_APPROVED')]).toEqual(['LOW', 'LOW', 'LOW']);
  });

  it("says a reviewer decided, names `otherwise` when no rule held, finishes the policy's sentence, and says no rule nor reason of an erased contest", () => {
    const reviewed = contestAlert(contest({ status: 'REJECTED', wouldDecide: 'MANUAL_REVIEW', ruleId: null, reason: 'A reviewer decides' }));
    expect(reviewed.title).toBe('Decision contested: the policy would now send it to review (REJECTED case)');
    expect(reviewed.summary).toBe(
      "The case was rejected by a reviewer (REJECTED); with the business's facts as they are now, its policy (version 3) would send it to review (MANUAL_REVIEW) by its otherwise: A reviewer decides. The decision stands until a reviewer changes it.",
    );
    expect(contestAlert(contest({ ruleId: null, reason: null })).summary).toBe(
      "The case was approved by its policy (AUTO_APPROVED); with the business's facts as they are now, its policy (version 3) would reject it (AUTO_REJECTED). The decision stands until a reviewer changes it.",
    );
  });
});
