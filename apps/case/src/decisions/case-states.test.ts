import { CASE_STATES, canMoveCase, FINAL_CASE_STATES, isCaseState, policyEffect, stateOfOutcome, type CaseMover, type CaseState } from './case-states';
import type { PolicyOutcome } from './evaluate-case-policy';

const decided = (decision: 'approve' | 'review' | 'reject'): PolicyOutcome => ({ kind: 'decided', decision, ruleId: 'R1', reason: 'because', passed: [], factsUsed: [] });
const waiting: PolicyOutcome = { kind: 'waiting', ruleId: 'R1', passed: [], missing: ['score.decision'] };
const MOVERS: CaseMover[] = ['policy', 'reviewer', 'applicant', 'customer'];

describe('case states', () => {
  it('names the eight states of the issue, and knows them from other words', () => {
    expect(CASE_STATES).toEqual(['OPEN', 'AUTO_APPROVED', 'MANUAL_REVIEW', 'AUTO_REJECTED', 'APPROVED', 'REJECTED', 'INFO_REQUESTED', 'WITHDRAWN']);
    expect(CASE_STATES.every(isCaseState)).toBe(true);
    expect(['INVITED', 'CREATED', 'open', '', null, 3].some(isCaseState)).toBe(false);
  });

  it('maps what the policy said to a state: waiting keeps a case OPEN', () => {
    expect([stateOfOutcome(decided('approve')), stateOfOutcome(decided('review')), stateOfOutcome(decided('reject')), stateOfOutcome(waiting)]).toEqual([
      'AUTO_APPROVED',
      'MANUAL_REVIEW',
      'AUTO_REJECTED',
      'OPEN',
    ]);
  });

  it('lets nobody move a case out of a final state, nor to the state it is in', () => {
    for (const mover of MOVERS) {
      for (const from of FINAL_CASE_STATES) for (const to of CASE_STATES) expect([mover, from, to, canMoveCase(mover, from, to)]).toEqual([mover, from, to, false]);
      for (const state of CASE_STATES) expect(canMoveCase(mover, state, state)).toBe(false);
    }
  });

  it('lets the policy move only cases no person decided, and never back to waiting', () => {
    const allowed = CASE_STATES.flatMap((from) => CASE_STATES.filter((to) => canMoveCase('policy', from, to)).map((to) => `${from}->${to}`));
    expect(allowed).toEqual(['OPEN->AUTO_APPROVED', 'OPEN->MANUAL_REVIEW', 'OPEN->AUTO_REJECTED', 'MANUAL_REVIEW->AUTO_APPROVED', 'MANUAL_REVIEW->AUTO_REJECTED']);
  });

  it('lets a reviewer decide or ask the applicant, the applicant answer, and the customer withdraw an undecided case', () => {
    expect(canMoveCase('reviewer', 'MANUAL_REVIEW', 'APPROVED')).toBe(true);
    expect(canMoveCase('reviewer', 'AUTO_REJECTED', 'APPROVED')).toBe(true);
    expect(canMoveCase('reviewer', 'INFO_REQUESTED', 'REJECTED')).toBe(true);
    expect(canMoveCase('reviewer', 'MANUAL_REVIEW', 'INFO_REQUESTED')).toBe(true);
    expect(canMoveCase('reviewer', 'MANUAL_REVIEW', 'AUTO_APPROVED')).toBe(false);
    expect(canMoveCase('reviewer', 'MANUAL_REVIEW', 'OPEN')).toBe(false);
    expect(canMoveCase('applicant', 'INFO_REQUESTED', 'MANUAL_REVIEW')).toBe(true);
    expect(canMoveCase('applicant', 'MANUAL_REVIEW', 'APPROVED')).toBe(false);
    expect(canMoveCase('customer', 'AUTO_APPROVED', 'WITHDRAWN')).toBe(true);
    expect(canMoveCase('customer', 'OPEN', 'APPROVED')).toBe(false);
  });

  it('moves an undecided case with the policy, and keeps it where the policy only waits', () => {
    expect(policyEffect('OPEN', decided('approve'))).toEqual({ kind: 'move', to: 'AUTO_APPROVED' });
    expect(policyEffect('OPEN', decided('review'))).toEqual({ kind: 'move', to: 'MANUAL_REVIEW' });
    expect(policyEffect('MANUAL_REVIEW', decided('reject'))).toEqual({ kind: 'move', to: 'AUTO_REJECTED' });
    expect(policyEffect('OPEN', waiting)).toEqual({ kind: 'stay' });
    expect(policyEffect('MANUAL_REVIEW', waiting)).toEqual({ kind: 'stay' });
    expect(policyEffect('MANUAL_REVIEW', decided('review'))).toEqual({ kind: 'stay' });
  });

  it("never overwrites a decision: facts that now say otherwise raise an alert, facts that agree change nothing", () => {
    const effects: Array<[CaseState, PolicyOutcome, ReturnType<typeof policyEffect>]> = [
      ['APPROVED', decided('reject'), { kind: 'alert', wanted: 'AUTO_REJECTED' }],
      ['APPROVED', decided('review'), { kind: 'alert', wanted: 'MANUAL_REVIEW' }],
      ['AUTO_APPROVED', decided('review'), { kind: 'alert', wanted: 'MANUAL_REVIEW' }],
      ['REJECTED', decided('approve'), { kind: 'alert', wanted: 'AUTO_APPROVED' }],
      ['INFO_REQUESTED', decided('reject'), { kind: 'alert', wanted: 'AUTO_REJECTED' }],
      ['APPROVED', decided('approve'), { kind: 'stay' }],
      ['AUTO_REJECTED', decided('reject'), { kind: 'stay' }],
      ['INFO_REQUESTED', decided('review'), { kind: 'stay' }],
      ['AUTO_APPROVED', waiting, { kind: 'stay' }],
      ['WITHDRAWN', decided('reject'), { kind: 'stay' }],
    ];
    for (const [current, outcome, effect] of effects) expect([current, outcome, policyEffect(current, outcome)]).toEqual([current, outcome, effect]);
  });
});
