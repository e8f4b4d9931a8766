/*
 * A draft policy tried over a customer's recent cases (issue 45): each case's facts as they are now,
 * judged by the policy in force and by the draft; the answer says, case by case, where the draft
 * would decide otherwise and what it would do to the case. Nothing is stored.
 */
import { CustomerNotFoundError, type CustomerDirectory } from '@kyb/area-views';
import { unseen, type AuthContext } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { ValidationError } from '@kyb/envelope';
import type { CasePoliciesStore } from './case-policies.store';
import type { CasePolicyBody } from './case-policies.service';
import { completePolicy, repeatedRuleIds, type CasePolicy } from './case-policy';
import { isCaseState, policyEffect, stateOfOutcome } from './case-states';
import { DEFAULT_CASE_POLICY } from './default-case-policy';
import { evaluateCasePolicy, type PolicyOutcome } from './evaluate-case-policy';
import type { CaseFactsReader } from './gather-case-facts';

/** How many recent cases a dry run reads when the caller does not say. */
export const DRY_RUN_DEFAULT_CASES = 200;

/** What an outcome says, briefly. */
const said = (outcome: PolicyOutcome) =>
  outcome.kind === 'waiting'
    ? { decision: 'waiting', rule_id: outcome.ruleId, missing: outcome.missing }
    : { decision: outcome.decision, rule_id: outcome.ruleId, reason: outcome.reason };

/** The dry run's work. */
export function createPolicyDryRunService(deps: { db: Knex; policies: Pick<CasePoliciesStore, 'current'>; customers: CustomerDirectory; facts: CaseFactsReader }) {
  return {
    async run(caller: AuthContext, customerID: string, body: CasePolicyBody, limit = DRY_RUN_DEFAULT_CASES) {
      const customerId = customerID.toLowerCase();
      if (!(await deps.customers.find(customerId))) throw unseen(caller, new CustomerNotFoundError());
      const repeated = repeatedRuleIds(body);
      if (repeated.length > 0) throw new ValidationError(`body/rules: each rule needs its own id; repeated: ${repeated.join(', ')}`);
      const draft = completePolicy(body);
      const stored = await deps.policies.current(customerId);
      const inForce: CasePolicy = stored?.policy ?? DEFAULT_CASE_POLICY;
      const cases = await deps
        .db('cases.cases')
        .where({ customer_id: customerId })
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
        .limit(limit)
        .select<Array<{ id: string; business_id: string; status: string }>>('id', 'business_id', 'status');
      const facts = await deps.facts(cases.map((c) => c.business_id));
      const changes = [];
      for (const kase of cases) {
        const known = facts.get(kase.business_id) ?? new Map();
        const [now, then] = [evaluateCasePolicy(inForce, known), evaluateCasePolicy(draft, known)];
        if (stateOfOutcome(now) === stateOfOutcome(then) && now.ruleId === then.ruleId) continue;
        const effect = isCaseState(kase.status) ? policyEffect(kase.status, then) : { kind: 'stay' as const };
        changes.push({
          case_id: kase.id,
          business_id: kase.business_id,
          status: kase.status,
          in_force: said(now),
          draft: said(then),
          // What the draft would do to the case: move it, leave it (a person decided, or it waits), or flag a decided case.
          effect: effect.kind === 'move' ? { kind: 'move', to: effect.to } : effect.kind === 'alert' ? { kind: 'disagrees', would_decide: effect.wanted } : { kind: 'stays' },
        });
      }
      return { customer_id: customerId, compared_with_version: stored?.version ?? 0, cases_evaluated: cases.length, cases_changed: changes.length, changes };
    },
  };
}

/** The dry run service type, for injection. */
export type PolicyDryRunService = ReturnType<typeof createPolicyDryRunService>;
