import { randomUUID } from 'node:crypto';
import { NO_CASE_MESSAGE } from '../pdf/decision-section';
import { startRenderingReportTestApp, type RenderingReportTestApp } from '../test-support/rendered-reports';
import { reportableBusiness } from '../test-support/report-sources';

/** The worker reads the business's newest case, its decision and trail, through the case area's case decision directory, for the business's own tenant. */
describe('the report shows the case decision', () => {
  let t: RenderingReportTestApp;
  const customerId = randomUUID();

  beforeAll(async () => {
    t = await startRenderingReportTestApp(customerId);
  });
  afterAll(() => t.close());

  const at = (iso: string) => new Date(iso);

  it('prints the state, the rule that decided, the facts read with their sources and times, and the trail', async () => {
    const id = await reportableBusiness(t, customerId);
    const opener = randomUUID();
    await t.cases.put({ customerId, businessId: id, status: 'OPEN', openedAt: at('2026-11-01T08:00:00.000Z') });
    const caseId = await t.cases.put({
      customerId, businessId: id, status: 'AUTO_APPROVED', policyVersion: 0, openedAt: at('2026-12-08T09:00:00.000Z'), statusChangedAt: at('2026-12-08T09:05:00.000Z'), evaluatedAt: at('2026-12-08T09:05:00.000Z'),
      outcome: {
        kind: 'decided', policy_version: 0, decision: 'approve', rule_id: 'VERIFIED_AND_APPROVED', reason: 'The business is verified and its risk score approves it.', passed: ['SANCTIONS_CONFIRMED', 'SCORE_ASKS_REVIEW'],
        facts: [
          { name: 'watchlist.confirmed_hits', value: 0, source: 'watchlist_screening', at: '2026-12-08T09:01:00.000Z' },
          { name: 'score.decision', value: 'APPROVE', source: 'score', at: '2026-12-08T09:04:00.000Z' },
        ],
      },
      trail: [
        { from: null, to: 'OPEN', mover: 'customer', actorId: opener, at: at('2026-12-08T09:00:00.000Z') },
        { from: 'OPEN', to: 'AUTO_APPROVED', mover: 'policy', policyVersion: 0, ruleIds: ['SANCTIONS_CONFIRMED', 'SCORE_ASKS_REVIEW', 'VERIFIED_AND_APPROVED'], note: 'The business is verified and its risk score approves it.', at: at('2026-12-08T09:05:00.000Z') },
      ],
    });
    const { data, text } = await t.reportOf(id);
    expect(data.decision?.case).toMatchObject({ caseId, status: 'AUTO_APPROVED', olderCases: 1, outcome: { kind: 'decided', ruleId: 'VERIFIED_AND_APPROVED' } });
    expect(text).toContain('Case decision');
    expect(text).toContain('State AUTO_APPROVED In this state since 2026-12-08T09:05:00Z');
    expect(text).toContain('Older cases 1 (not shown) Policy version 0 (the default policy) Last evaluated 2026-12-08T09:05:00Z');
    expect(text).toContain('Decided by The policy, version 0 (the default policy): rule VERIFIED_AND_APPROVED');
    expect(text).toContain('SANCTIONS_CONFIRMED, SCORE_ASKS_REVIEW did not hold VERIFIED_AND_APPROVED decided approve: The business is verified and its risk score approves it.');
    expect(text).toContain('watchlist.confirmed_hits 0 watchlist_screening 2026-12-08T09:01:00Z score.decision APPROVE score 2026-12-08T09:04:00Z');
    expect(text).toContain('2026-12-08T09:05:00Z AUTO_APPROVED from OPEN policy version 0 (the default policy) SANCTIONS_CONFIRMED, SCORE_ASKS_REVIEW, VERIFIED_AND_APPROVED');
  });

  it("says the business has no case when it has none, and never shows another tenant's case of the business", async () => {
    const id = await reportableBusiness(t, customerId);
    await t.cases.put({ customerId: randomUUID(), businessId: id, status: 'REJECTED', outcome: { kind: 'decided', policy_version: 7, decision: 'reject', rule_id: 'ANOTHER_TENANTS_RULE', reason: 'x', passed: [], facts: [] } });
    const { data, text } = await t.reportOf(id);
    expect(data.decision).toEqual({ case: null });
    expect(text).toContain(NO_CASE_MESSAGE);
    expect(text).not.toContain('ANOTHER_TENANTS_RULE');
  });
});
