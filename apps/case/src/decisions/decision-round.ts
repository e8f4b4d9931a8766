/*
 * The decision round (issue 45, ADR 0055): the case worker marks the cases whose facts may have
 * changed (the areas' event feeds), then evaluates marked cases and undecided ones not looked at for
 * a while, with each customer's policy in force, and applies what the policy says: a move (stored,
 * audited and announced), nothing, or, for a case already decided whose facts now say otherwise, a
 * disagreement kept with the case, contested once (kept and announced) when the policy's word is new.
 */
import type { ErasedCustomers } from '@kyb/area-views';
import type { Knex } from '@kyb/db';
import { inContinuedSpan } from '@kyb/telemetry';
import { moveCase, type MovedCase } from '../cases/case-moves.store';
import type { CaseFacts } from './case-facts';
import type { CasePoliciesStore } from './case-policies.store';
import type { CasePolicy } from './case-policy';
import { isCaseState, policyEffect } from './case-states';
import { newlyContestedWith } from './decision-contests';
import { DEFAULT_CASE_POLICY } from './default-case-policy';
import { DECISION_FEED_SOURCES, type CaseToEvaluate, type DecisionRoundStore } from './decision-round.store';
import { evaluateCasePolicy, type PolicyOutcome } from './evaluate-case-policy';
import type { CaseFactsReader } from './gather-case-facts';

/** What the round needs. */
export interface DecisionRoundDeps {
  db: Knex;
  store: DecisionRoundStore;
  policies: Pick<CasePoliciesStore, 'current'>;
  facts: CaseFactsReader;
  clock: () => Date;
  /** Cases evaluated per batch (one transaction each). */
  batchSize: number;
  /** How long an undecided case waits before it is evaluated again without a new event. */
  recheckMs: number;
  /** Events read per feed per round. */
  feedLimit: number;
  /** Which tenants were erased: their cases are not evaluated (nothing is written for them again). */
  erased: Pick<ErasedCustomers, 'erasedAmong'>;
  /** Told of each case the round moved, once its transaction committed (the time-to-decision metric). */
  onMoved?: (moved: MovedCase) => void;
}

/** What a round did. */
export interface DecisionRoundResult {
  events: number;
  evaluated: number;
  moved: number;
  disagreements: number;
  /** Disagreements new to a decided case's decision: each kept once and announced (`case.decision_contested`). */
  contested: number;
}

/** A policy's outcome as a case keeps it: the rule, why, and the facts read (values, sources, times). */
export function keptOutcome(outcome: PolicyOutcome, policyVersion: number): object {
  if (outcome.kind === 'waiting') return { kind: 'waiting', policy_version: policyVersion, rule_id: outcome.ruleId, passed: outcome.passed, missing: outcome.missing };
  return {
    kind: 'decided',
    policy_version: policyVersion,
    decision: outcome.decision,
    rule_id: outcome.ruleId,
    reason: outcome.reason,
    passed: outcome.passed,
    facts: outcome.factsUsed.map((f) => ({ name: f.name, value: f.value, source: f.source, at: f.at.toISOString() })),
  };
}

/** Creates the round; `round()` runs one (the worker schedules it, tests call it). */
export function createDecisionRound(deps: DecisionRoundDeps) {
  async function policiesOf(customerIds: string[]): Promise<Map<string, { policy: CasePolicy; version: number }>> {
    const found = new Map<string, { policy: CasePolicy; version: number }>();
    for (const customerId of customerIds) {
      const stored = await deps.policies.current(customerId);
      found.set(customerId, stored ? { policy: stored.policy, version: stored.version } : { policy: DEFAULT_CASE_POLICY, version: 0 });
    }
    return found;
  }

  async function decide(trx: Knex.Transaction, kase: CaseToEvaluate, facts: CaseFacts, policy: { policy: CasePolicy; version: number }, at: Date): Promise<MovedCase | 'contested' | 'disagrees' | 'stays'> {
    const outcome = evaluateCasePolicy(policy.policy, facts);
    const kept = keptOutcome(outcome, policy.version);
    const current = isCaseState(kase.status) ? kase.status : 'OPEN';
    const effect = policyEffect(current, outcome);
    if (effect.kind === 'move' && outcome.kind === 'decided') {
      const moved = await moveCase(trx, {
        caseId: kase.id,
        from: kase.status,
        to: effect.to,
        mover: 'policy',
        actorId: null,
        actorRole: 'SYSTEM',
        policyVersion: policy.version,
        ruleIds: [...outcome.passed, outcome.ruleId ?? 'otherwise'],
        reasonCode: null,
        note: outcome.reason,
        facts: (kept as { facts: object }).facts,
        outcome: kept,
        at,
      });
      if (moved) return moved;
    }
    await deps.store.evaluated(trx, kase.id, { ...kept, ...(effect.kind === 'alert' ? { disagrees: effect.wanted } : {}) }, at);
    if (effect.kind !== 'alert') return 'stays';
    // A decided case the policy's word newly leans away from: contested once per state asked for.
    const wouldDecide = newlyContestedWith(current, kase.outcome, effect);
    if (!wouldDecide || outcome.kind !== 'decided') return 'disagrees';
    const contested = await deps.store.contested(trx, {
      caseId: kase.id,
      customerId: kase.customer_id,
      businessId: kase.business_id,
      status: current,
      wouldDecide,
      policyVersion: policy.version,
      ruleId: outcome.ruleId,
      reason: outcome.reason,
      at,
    });
    return contested ? 'contested' : 'disagrees';
  }

  /** Evaluates one batch of cases in one transaction; answers how many it evaluated, moved, found disagreeing and newly contested. */
  async function evaluateBatch(): Promise<Omit<DecisionRoundResult, 'events'>> {
    const moves: MovedCase[] = [];
    const result = await deps.db.transaction(async (trx) => {
      const at = deps.clock();
      const claimed = await deps.store.claim(trx, deps.batchSize, new Date(at.getTime() - deps.recheckMs));
      await deps.store.tracesTaken(trx, claimed);
      const erased = await deps.erased.erasedAmong([...new Set(claimed.map((c) => c.customer_id))]);
      const cases = claimed.filter((c) => !erased.has(c.customer_id));
      // An erased tenant's cases are put at the back of the recheck without a word of what the policy would say.
      for (const kase of claimed.filter((c) => erased.has(c.customer_id))) await deps.store.skipped(trx, kase.id, at);
      const result = { evaluated: claimed.length, moved: 0, disagreements: 0, contested: 0 };
      if (cases.length === 0) return result;
      const [facts, policies] = await Promise.all([deps.facts(cases.map((c) => c.business_id)), policiesOf([...new Set(cases.map((c) => c.customer_id))])]);
      for (const kase of cases) {
        // Continuing the trace of the fact that marked the case, so its move and event belong to it.
        const effect = await inContinuedSpan(kase.evaluation_trace, 'case decide', { 'kyb.case.status': kase.status }, (span) =>
          decide(trx, kase, facts.get(kase.business_id) ?? new Map(), policies.get(kase.customer_id) as { policy: CasePolicy; version: number }, at).then((effect) => {
            span.setAttribute('kyb.case.effect', typeof effect === 'string' ? effect : `moved ${effect.to}`);
            return effect;
          }),
        );
        if (typeof effect !== 'string') moves.push(effect);
        else if (effect !== 'stays') {
          result.disagreements += 1;
          if (effect === 'contested') result.contested += 1;
        }
      }
      return { ...result, moved: moves.length };
    });
    for (const moved of moves) deps.onMoved?.(moved);
    return result;
  }

  return {
    async round(): Promise<DecisionRoundResult> {
      let events = 0;
      for (const source of DECISION_FEED_SOURCES) events += (await deps.store.markFromFeed(source, deps.feedLimit))?.events ?? 0;
      const batch = await evaluateBatch();
      return { events, ...batch };
    },
  };
}

/** The decision round type, for injection. */
export type DecisionRound = ReturnType<typeof createDecisionRound>;
