import { extractPdfText } from '@kyb/testing';
import { DECISION_NOT_READ_MESSAGE, DECISION_NOTE, decidedBy, NO_CASE_MESSAGE, NOT_EVALUATED_MESSAGE, stateMessage } from './decision-section';
import { renderBusinessReport } from './render-business-report';
import type { ReportCase, ReportDecision } from './report-data';
import { buildDecision, FIRST_REVIEWER, OPENER, SECOND_REVIEWER } from './test-support/decision-fixture';
import { buildReportData } from './test-support/report-fixture';

/** Text whitespace folded, without each page's header and footer (which a page break puts inside a section). */
const folded = (text: string) => text.replace(/\s+/g, ' ').replace(/ ?360 Business Report .*? \(UTC\)( Score config version \S+)?/g, '').trim();

/** The report's pages, and the decision page's text (up to the sanctions section that follows it), folded. */
async function rendered(decision: ReportDecision | undefined): Promise<{ pages: string[]; section: string }> {
  const { text, pages } = await extractPdfText(await renderBusinessReport(buildReportData({ decision })));
  const flat = folded(text);
  const start = flat.indexOf('Case decision');
  return { pages: pages.map(folded), section: start < 0 ? '' : flat.slice(start, flat.indexOf('Sanctions screening', start)) };
}

const theCase = (overrides: Partial<ReportCase>): ReportDecision => ({ case: { ...(buildDecision().case as ReportCase), ...overrides } });
const policyMove = { id: 'm2', fromStatus: 'OPEN', toStatus: 'AUTO_APPROVED', mover: 'policy', actorId: null, policyVersion: 0, ruleIds: [] as string[], reasonCode: null, note: 'The business is verified and its risk score approves it.', firstReviewerId: null, at: new Date('2025-03-14T09:12:30.000Z') };

describe('the decision page', () => {
  it('starts a page of its own after the owners, before the sanctions hits', async () => {
    const { pages } = await rendered(buildDecision());
    const page = pages.findIndex((p) => p.includes('Case decision'));
    expect(page).toBeGreaterThan(0);
    expect(pages[page - 1]).toContain('Owners');
    expect(pages[page].startsWith('Case decision')).toBe(true);
    expect(pages.slice(0, page).join(' ')).not.toContain('Sanctions screening');
  });

  it("shows the case's state, who decided it, the policy version, the rules tried and the facts read with value, source and time", async () => {
    const { section } = await rendered(buildDecision());
    expect(section).toContain(DECISION_NOTE);
    expect(section).toContain('State REJECTED In this state since 2025-03-13T16:40:00Z');
    expect(section).toContain('Opened 2024-11-02T16:45:00Z, added Older cases none');
    expect(section).toContain('Policy version 3 Last evaluated 2025-03-14T09:12:30Z');
    expect(section).toContain(`Decided by A reviewer (${SECOND_REVIEWER}), reason code SANCTIONS_CONFIRMED, confirming the decision of ${FIRST_REVIEWER}`);
    expect(section).toContain(`Assignee ${SECOND_REVIEWER} Case ID 6f4e2d1c-8b7a-4c5d-9e0f-a1b2c3d4e5f6`);
    expect(section).toContain('NO_GAMBLING, TIN_MISMATCH, FILING_NOT_ACTIVE, SCORE_DECLINES did not hold');
    expect(section).toContain('SANCTIONS_CONFIRMED decided reject: A sanctions hit on the business or an owner is confirmed.');
    expect(section).toContain('Fact Value Source As of business.mcc_code 5085 business 2024-11-02T16:45:00Z');
    expect(section).toContain('verification.check.TIN_MATCH PASS verification 2025-03-12T10:15:00Z');
    expect(section).toContain('watchlist.confirmed_hits 1 watchlist_screening 2025-03-13T15:00:00Z');
  });

  it('shows the trail: when, to and from which state, who moved it, the rule ids or the reason code, and the note', async () => {
    const { section } = await rendered(buildDecision());
    const trail = section.slice(section.indexOf('Trail '));
    expect(trail).toMatch(new RegExp(`^Trail When Moved to By Rules \\(the last decided\\) or reason code 2024-11-02T16:45:00Z OPEN opened customer ${OPENER.slice(0, 9)}`));
    expect(trail).toContain('2025-03-12T10:17:30Z MANUAL_REVIEW from OPEN policy version 3 NO_GAMBLING, TIN_MISMATCH, FILING_NOT_ACTIVE, SCORE_DECLINES, SANCTIONS_CONFIRMED, SANCTIONS_OPEN A possible sanctions hit waits for review.');
    expect(trail).toMatch(/2025-03-13T16:40:00Z REJECTED from MANUAL_REVIEW reviewer 9e8d7c6b-5a4f-4e3d- ?8c2b-1a0f9e8d7c6b confirming 3d5f7b9c-1e2a-4b3c- ?9d4e-5f6a7b8c9d0e SANCTIONS_CONFIRMED/);
    expect(trail).toContain("Jane Holloway's date of birth and address match SDN entry 36512. Confirmed against the passport copy on file.");
  });

  it('says plainly that an OPEN case has no decision yet: the rule waiting and the facts it waits for, or that the policy has not evaluated it', async () => {
    const waiting = await rendered(theCase({ status: 'OPEN', outcome: { kind: 'waiting', policyVersion: 0, ruleId: 'SCORE_DECLINES', passed: ['SANCTIONS_CONFIRMED'], missing: ['score.decision'] } }));
    expect(waiting.section).toContain('The case is still OPEN and has no decision yet: rule SCORE_DECLINES waits for score.decision.');
    expect(waiting.section).toContain('Decided by No one yet');
    expect(waiting.section).toContain('Policy version 0 (the default policy)');
    expect(waiting.section).toContain('SCORE_DECLINES cannot be judged yet: waits for score.decision');
    expect(waiting.section).not.toContain('Facts the policy read');
    const fresh = await rendered(theCase({ status: 'OPEN', outcome: null, evaluatedAt: null, policyVersion: null, trail: [] }));
    expect(fresh.section).toContain('The case is still OPEN and has no decision yet: the policy has not evaluated this case yet.');
    expect(fresh.section).toContain(NOT_EVALUATED_MESSAGE);
    expect(fresh.section).toContain('Policy version \u2014 Last evaluated \u2014');
    expect(fresh.section).toContain('The case has no move on its trail.');
  });

  it('names the rule that decided an automatic decision, with the policy version, and says when the facts now lean another way', async () => {
    const auto = theCase({
      status: 'AUTO_APPROVED',
      outcome: { kind: 'decided', policyVersion: 0, decision: 'approve', ruleId: 'VERIFIED_AND_APPROVED', reason: 'Verified.', passed: [], facts: [], disagrees: 'AUTO_REJECTED' },
      trail: [{ ...policyMove, ruleIds: ['SANCTIONS_CONFIRMED', 'VERIFIED_AND_APPROVED'] }],
    });
    const { section } = await rendered(auto);
    expect(section).toContain('Decided by The policy, version 0 (the default policy): rule VERIFIED_AND_APPROVED');
    expect(section).toContain('the policy would move the case to AUTO_REJECTED, but a decided case is not moved by the policy.');
    expect(section).not.toContain('did not hold');
    expect(decidedBy({ ...(auto.case as ReportCase), trail: [{ ...policyMove, ruleIds: ['otherwise'] }] })).toBe('The policy, version 0 (the default policy): rule otherwise');
  });

  it('says who holds a case waiting for a reviewer, the applicant or withdrawn, and nothing of a decided one', () => {
    expect(stateMessage({ status: 'MANUAL_REVIEW', outcome: null })).toBe('The case waits for a reviewer (MANUAL_REVIEW): it has no decision yet.');
    expect(stateMessage({ status: 'INFO_REQUESTED', outcome: null })).toContain('waits for the applicant');
    expect(stateMessage({ status: 'WITHDRAWN', outcome: null })).toBe('The customer withdrew the case (WITHDRAWN): it will not be decided.');
    expect(stateMessage({ status: 'APPROVED', outcome: null })).toBeNull();
    const withdrawn = { ...(buildDecision().case as ReportCase), status: 'WITHDRAWN' };
    withdrawn.trail = [...withdrawn.trail, { ...policyMove, toStatus: 'WITHDRAWN', mover: 'customer', actorId: OPENER, reasonCode: 'DUPLICATE_CASE', note: null }];
    expect(decidedBy(withdrawn)).toBe(`The customer (${OPENER}), reason code DUPLICATE_CASE`);
  });

  it('says when a decision waits for a second reviewer under four eyes: who decided what, the reason code and since when, and that no one decided yet', async () => {
    const waiting = theCase({
      status: 'MANUAL_REVIEW',
      awaitingConfirmation: { decision: 'reject', reviewerId: FIRST_REVIEWER, reasonCode: 'HIGH_RISK', at: new Date('2025-03-13T12:00:00.000Z') },
      trail: buildDecision().case?.trail.slice(0, 2) ?? [],
    });
    const { section } = await rendered(waiting);
    expect(section).toContain('The case waits for a reviewer (MANUAL_REVIEW): it has no decision yet.');
    expect(section).toContain(
      `A reviewer (${FIRST_REVIEWER}) decided to reject the case, reason code HIGH_RISK since 2025-03-13T12:00:00Z: under four eyes the decision waits for a second reviewer's confirmation and is not made yet.`,
    );
    expect(section).toContain('Decided by No one yet');
    expect((await rendered(buildDecision())).section).not.toContain('four eyes');
  });

  it('keeps each title on the page where its table starts (the waiting message pushes the trail to the foot of the page)', async () => {
    const base = buildDecision().case as ReportCase;
    const waiting = theCase({ status: 'MANUAL_REVIEW', awaitingConfirmation: { decision: 'reject', reviewerId: FIRST_REVIEWER, reasonCode: 'HIGH_RISK', at: null }, trail: base.trail.slice(0, 2) });
    const { pages } = await rendered(waiting);
    expect(pages.filter((p) => p.includes('Trail When Moved to By'))).toHaveLength(1);
    expect(pages.filter((p) => p.includes('Facts the policy read Fact Value Source As of'))).toHaveLength(1);
    expect(pages.filter((p) => p.includes('What the policy last said Rules, in order What they said'))).toHaveLength(1);
  });

  it('says so when the business has no case, and when the case was not read (data made by hand)', async () => {
    const none = await rendered({ case: null });
    expect(none.section).toContain(NO_CASE_MESSAGE);
    expect(none.section).not.toContain('State');
    const unread = await rendered(undefined);
    expect(unread.section).toContain(DECISION_NOT_READ_MESSAGE);
    expect(unread.section).not.toContain(NO_CASE_MESSAGE);
  });
});
