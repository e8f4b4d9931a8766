import type { CaseDecisionEntry } from '@kyb/area-views';
import { reportDecision } from './report-decision.loader';

const entry: CaseDecisionEntry = {
  caseId: '5d2c1b0a-0000-4000-8000-000000000001',
  customerId: '5d2c1b0a-0000-4000-8000-0000000000c1',
  businessId: '5d2c1b0a-0000-4000-8000-0000000000b1',
  status: 'MANUAL_REVIEW',
  origin: 'INVITATION',
  assigneeId: null,
  policyVersion: 2,
  openedAt: new Date('2026-12-08T09:00:00.000Z'),
  statusChangedAt: new Date('2026-12-08T09:02:00.000Z'),
  outcome: { kind: 'waiting', policyVersion: 2, ruleId: 'SCORE_DECLINES', passed: [], missing: ['score.decision'] },
  evaluatedAt: new Date('2026-12-08T09:02:00.000Z'),
  awaitingConfirmation: { decision: 'reject', reviewerId: '5d2c1b0a-0000-4000-8000-0000000000f1', reasonCode: 'HIGH_RISK', at: new Date('2026-12-08T09:05:00.000Z') },
  trail: [{ id: 't1', fromStatus: null, toStatus: 'OPEN', mover: 'customer', actorId: null, policyVersion: null, ruleIds: [], reasonCode: null, note: null, firstReviewerId: null, at: new Date('2026-12-08T09:00:00.000Z') }],
  olderCases: 0,
};

describe('reportDecision', () => {
  it('keeps the case as published, its decision and trail, without the tenant and business ids the report has already', () => {
    const { customerId: _customerId, businessId: _businessId, ...kase } = entry;
    expect(reportDecision(entry)).toEqual({ case: kase });
    expect(reportDecision(entry).case).not.toHaveProperty('customerId');
  });

  it('is no case when the business has none', () => {
    expect(reportDecision(undefined)).toEqual({ case: null });
  });
});
