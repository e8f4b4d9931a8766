/*
 * A case's states and who may move it between them (issue 45, ADR 0055). The policy moves only a
 * case that no person has decided (`OPEN`, `MANUAL_REVIEW`); a reviewer decides any case still
 * undecided by a person (and may overturn the policy's automatic decision); the applicant's answer
 * returns a case waiting on them to review; a withdrawn, approved or rejected case is final.
 */
import type { CaseMoverKind } from '../cases/case-moves.store';
import { CASE_STATES, type CaseState } from '../cases/case-state-names';
import type { PolicyOutcome } from './evaluate-case-policy';

export { CASE_STATES, type CaseState } from '../cases/case-state-names';

/** Who or what moves a case. */
export type CaseMover = CaseMoverKind;

/** States no one moves a case out of. */
export const FINAL_CASE_STATES: readonly CaseState[] = ['APPROVED', 'REJECTED', 'WITHDRAWN'];

/** States a person has not decided: the policy may still move them. */
const POLICY_MOVES_FROM: readonly CaseState[] = ['OPEN', 'MANUAL_REVIEW'];

/** States a reviewer may decide, or ask the applicant about. */
const REVIEWER_DECIDES_FROM: readonly CaseState[] = ['OPEN', 'MANUAL_REVIEW', 'AUTO_APPROVED', 'AUTO_REJECTED', 'INFO_REQUESTED'];

const MOVES: Record<CaseMover, ReadonlyArray<{ from: readonly CaseState[]; to: readonly CaseState[] }>> = {
  policy: [
    { from: ['OPEN'], to: ['AUTO_APPROVED', 'AUTO_REJECTED', 'MANUAL_REVIEW'] },
    // A case in review the facts have since settled; it never goes back to waiting.
    { from: ['MANUAL_REVIEW'], to: ['AUTO_APPROVED', 'AUTO_REJECTED'] },
  ],
  reviewer: [
    { from: REVIEWER_DECIDES_FROM, to: ['APPROVED', 'REJECTED'] },
    { from: ['OPEN', 'MANUAL_REVIEW', 'AUTO_APPROVED', 'AUTO_REJECTED'], to: ['INFO_REQUESTED'] },
  ],
  applicant: [{ from: ['INFO_REQUESTED'], to: ['MANUAL_REVIEW'] }],
  customer: [{ from: CASE_STATES.filter((s) => !FINAL_CASE_STATES.includes(s)), to: ['WITHDRAWN'] }],
};

/** Whether `state` names a case state. */
export function isCaseState(state: unknown): state is CaseState {
  return typeof state === 'string' && (CASE_STATES as readonly string[]).includes(state);
}

/** Whether `mover` may move a case from `from` to `to` (never to the state it is in). */
export function canMoveCase(mover: CaseMover, from: CaseState, to: CaseState): boolean {
  return from !== to && MOVES[mover].some((move) => move.from.includes(from) && move.to.includes(to));
}

/** The state a policy's outcome asks for: waiting keeps a case `OPEN`. */
export function stateOfOutcome(outcome: PolicyOutcome): CaseState {
  if (outcome.kind === 'waiting') return 'OPEN';
  return outcome.decision === 'approve' ? 'AUTO_APPROVED' : outcome.decision === 'reject' ? 'AUTO_REJECTED' : 'MANUAL_REVIEW';
}

/** What a state says of the business, where it says anything: approve, review or reject. */
const LEANING: Partial<Record<CaseState, 'approve' | 'review' | 'reject'>> = {
  AUTO_APPROVED: 'approve',
  APPROVED: 'approve',
  MANUAL_REVIEW: 'review',
  INFO_REQUESTED: 'review',
  AUTO_REJECTED: 'reject',
  REJECTED: 'reject',
};

/**
 * What a policy's outcome does to a case in `current`: `move` to a new state; `stay` (the state
 * already says the same, waiting where a case is already past waiting, or a withdrawn case); or
 * `alert` (a case a person decided or is handling, or the policy already decided, whose facts now
 * say otherwise: a person looks, and nothing is overwritten).
 */
export function policyEffect(current: CaseState, outcome: PolicyOutcome): { kind: 'move'; to: CaseState } | { kind: 'stay' } | { kind: 'alert'; wanted: CaseState } {
  const wanted = stateOfOutcome(outcome);
  if (canMoveCase('policy', current, wanted)) return { kind: 'move', to: wanted };
  if (wanted === 'OPEN' || current === 'WITHDRAWN' || POLICY_MOVES_FROM.includes(current)) return { kind: 'stay' };
  return LEANING[current] === LEANING[wanted] ? { kind: 'stay' } : { kind: 'alert', wanted };
}
