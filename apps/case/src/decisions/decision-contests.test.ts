import { keptOutcome } from './decision-round';
import { policyEffect, type CaseState } from './case-states';
import { DECIDED_CASE_STATES, lastAskedState, newlyContestedWith } from './decision-contests';
import type { PolicyOutcome } from './evaluate-case-policy';

const decided = (decision: 'approve' | 'review' | 'reject', ruleId: string | null = 'R1'): PolicyOutcome => ({ kind: 'decided', decision, ruleId, reason: 'because', passed: [], factsUsed: [] });
const waiting: PolicyOutcome = { kind: 'waiting', ruleId: 'R1', passed: [], missing: ['score.decision'] };
/** What a case keeps of an outcome, as the decision round stores it. */
const kept = (outcome: PolicyOutcome, disagrees?: CaseState) => JSON.parse(JSON.stringify({ ...keptOutcome(outcome, 3), ...(disagrees ? { disagrees } : {}) }));
/** Whether the policy's `now` newly contests a case in `state` whose outcome was `before`. */
const contested = (state: CaseState, before: unknown, now: PolicyOutcome) => newlyContestedWith(state, before, policyEffect(state, now));

describe('a decision newly contested', () => {
  it('reads the state the policy last asked for from what a case keeps, and nothing from a wait, an erased outcome or an odd shape', () => {
    expect([decided('approve'), decided('review'), decided('reject')].map((o) => lastAskedState(kept(o)))).toEqual(['AUTO_APPROVED', 'MANUAL_REVIEW', 'AUTO_REJECTED']);
    expect(lastAskedState(kept(decided('reject'), 'AUTO_REJECTED'))).toBe('AUTO_REJECTED');
    for (const odd of [kept(waiting), null, undefined, 'decided', { kind: 'decided', decision: 'maybe' }, { decision: 'approve' }]) expect(lastAskedState(odd)).toBeUndefined();
  });

  it('is contested when a case the policy approved comes to lean another way: review or reject, each the state it asks for', () => {
    expect(contested('AUTO_APPROVED', kept(decided('approve')), decided('reject'))).toBe('AUTO_REJECTED');
    expect(contested('AUTO_APPROVED', kept(decided('approve')), decided('review'))).toBe('MANUAL_REVIEW');
    expect(contested('AUTO_REJECTED', kept(decided('reject')), decided('approve'))).toBe('AUTO_APPROVED');
  });

  it("contests a person's decision once facts arriving after it change the policy's word, never the person's own choice against it", () => {
    // Approved by a reviewer while the policy said review: the same word again contests nothing.
    expect(contested('APPROVED', kept(decided('review')), decided('review'))).toBeUndefined();
    // A reviewer overturned an automatic approval: the policy saying approve again is no news.
    expect(contested('REJECTED', kept(decided('approve')), decided('approve'))).toBeUndefined();
    // The policy changed its mind after the decision.
    expect(contested('APPROVED', kept(decided('review')), decided('reject'))).toBe('AUTO_REJECTED');
    expect(contested('REJECTED', kept(waiting), decided('approve'))).toBe('AUTO_APPROVED');
    // Decided before the policy ever spoke of the case.
    expect(contested('APPROVED', null, decided('review'))).toBe('MANUAL_REVIEW');
  });

  it('is not contested again while the policy keeps asking for the same state, but is when it asks for another', () => {
    const first = kept(decided('review'), 'MANUAL_REVIEW');
    expect(contested('AUTO_APPROVED', first, decided('review', 'ANOTHER_RULE'))).toBeUndefined();
    expect(contested('AUTO_APPROVED', first, decided('reject'))).toBe('AUTO_REJECTED');
  });

  it('is never contested when the facts agree with the decision or only wait, nor for a case no one decided', () => {
    expect(contested('AUTO_APPROVED', kept(decided('approve')), decided('approve', 'OTHER'))).toBeUndefined();
    expect(contested('APPROVED', kept(decided('reject')), decided('approve'))).toBeUndefined();
    expect(contested('AUTO_APPROVED', kept(decided('approve')), waiting)).toBeUndefined();
    // Undecided cases move instead; one waiting on the applicant, or withdrawn, is no decision to contest.
    for (const state of ['OPEN', 'MANUAL_REVIEW', 'INFO_REQUESTED', 'WITHDRAWN'] as const) {
      for (const now of [decided('approve'), decided('review'), decided('reject')]) expect([state, contested(state, null, now)]).toEqual([state, undefined]);
    }
    expect(DECIDED_CASE_STATES).toEqual(['AUTO_APPROVED', 'AUTO_REJECTED', 'APPROVED', 'REJECTED']);
  });
});
