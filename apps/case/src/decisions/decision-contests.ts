/*
 * A decision the facts came to contest (issue 45, ADR 0055): the policy never moves a case a
 * person or the policy has decided; when its word about such a case changes to another decision,
 * it contests the decision instead, and a person looks. Only a change of the policy's word counts:
 * a reviewer who decided against what the policy said, or a round that finds the policy saying
 * again what it said before, contests nothing.
 */
import { policyEffect, stateOfOutcome, type CaseState } from './case-states';
import type { PolicyOutcome } from './evaluate-case-policy';

/** States a case is decided in, by the policy or a person: the ones whose decision can be contested. */
export const DECIDED_CASE_STATES: readonly CaseState[] = ['AUTO_APPROVED', 'AUTO_REJECTED', 'APPROVED', 'REJECTED'];

const DECISIONS: ReadonlyArray<unknown> = ['approve', 'review', 'reject'];

/**
 * The state the policy last asked for, from what a case keeps of its last word (`outcome`, as the
 * decision round keeps it): undefined when it never spoke of the case, was waiting for facts, or
 * the kept word is of no shape this version reads (an erased tenant's is null).
 */
export function lastAskedState(kept: unknown): CaseState | undefined {
  if (typeof kept !== 'object' || kept === null) return undefined;
  const { kind, decision } = kept as { kind?: unknown; decision?: unknown };
  if (kind !== 'decided' || !DECISIONS.includes(decision)) return undefined;
  return stateOfOutcome({ kind, decision } as PolicyOutcome);
}

/**
 * The state a decided case's decision is newly contested with, or undefined: the case is decided
 * (`DECIDED_CASE_STATES`), the policy's word now leans another way than the decision (`effect` is
 * an alert), and the state it asks for is not the one it asked for last time (`kept`, the case's
 * outcome before this evaluation). The decision round keeps a contest once per case and state even
 * when this says yes again later (the policy changed its mind and back).
 */
export function newlyContestedWith(current: CaseState, kept: unknown, effect: ReturnType<typeof policyEffect>): CaseState | undefined {
  if (effect.kind !== 'alert' || !DECIDED_CASE_STATES.includes(current)) return undefined;
  return lastAskedState(kept) === effect.wanted ? undefined : effect.wanted;
}
