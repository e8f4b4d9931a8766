/*
 * A policy judged over a case's facts (issue 45). A condition holds, fails, or cannot be judged
 * yet (a fact it reads has not arrived): `all` fails when one part fails, `any` holds when one part
 * holds, `not` turns holds and fails round, and a part not judged leaves the whole not judged unless
 * another part settles it. Rules are tried in order: the first that holds decides; one that cannot
 * be judged yet stops the walk (a later rule must not decide what it may still decide), and the case
 * waits for the facts it names; when every rule fails, `otherwise` decides.
 */
import type { CaseFact, CaseFactName, CaseFacts } from './case-facts';
import type { CasePolicy, PolicyCondition, PolicyDecision } from './case-policy';

type Judgement = 'holds' | 'fails' | 'unknown';

/** What a policy said of a case. */
export type PolicyOutcome =
  | {
      kind: 'decided';
      decision: PolicyDecision;
      /** The rule that decided, or null when none held and `otherwise` decided. */
      ruleId: string | null;
      reason: string;
      /** The rules tried before it, which did not hold. */
      passed: string[];
      /** Every fact the rules tried read, as it was read. */
      factsUsed: Array<{ name: CaseFactName } & CaseFact>;
    }
  | { kind: 'waiting'; ruleId: string; passed: string[]; missing: CaseFactName[] };

/** The reason `otherwise` gives. */
export const OTHERWISE_REASON: Record<PolicyDecision, string> = {
  approve: 'No rule of the policy held: the policy approves what no rule stops.',
  review: 'No rule of the policy held: a reviewer decides.',
  reject: 'No rule of the policy held: the policy rejects what no rule approves.',
};

/** The facts a condition reads, in the order it reads them. */
export function factsOf(condition: PolicyCondition): CaseFactName[] {
  if ('all' in condition) return condition.all.flatMap(factsOf);
  if ('any' in condition) return condition.any.flatMap(factsOf);
  if ('not' in condition) return factsOf(condition.not);
  return [condition.fact];
}

const same = (a: string | number, b: string | number): boolean => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b);

function judgeFact(condition: Extract<PolicyCondition, { fact: CaseFactName }>, facts: CaseFacts): Judgement {
  const fact = facts.get(condition.fact);
  if (condition.op === 'known') return fact ? 'holds' : 'fails';
  if (!fact) return 'unknown';
  const value = fact.value;
  const verdict = (ok: boolean): Judgement => (ok ? 'holds' : 'fails');
  switch (condition.op) {
    case 'eq':
      return verdict(value === null || condition.value === null ? value === condition.value : same(value, condition.value));
    case 'ne':
      return verdict(value === null || condition.value === null ? value !== condition.value : !same(value, condition.value));
    case 'in':
      return verdict(value !== null && condition.values.some((v) => same(value, v)));
    case 'not_in':
      return verdict(value === null || !condition.values.some((v) => same(value, v)));
    case 'starts_with':
      return verdict(value !== null && condition.values.some((prefix) => String(value).toLowerCase().startsWith(prefix.toLowerCase())));
    case 'gt':
      return verdict(typeof value === 'number' && value > condition.value);
    case 'gte':
      return verdict(typeof value === 'number' && value >= condition.value);
    case 'lt':
      return verdict(typeof value === 'number' && value < condition.value);
    case 'lte':
      return verdict(typeof value === 'number' && value <= condition.value);
  }
}

/** Whether a condition holds over the facts, fails, or cannot be judged yet. */
export function judge(condition: PolicyCondition, facts: CaseFacts): Judgement {
  if ('all' in condition) {
    const parts = condition.all.map((part) => judge(part, facts));
    return parts.includes('fails') ? 'fails' : parts.includes('unknown') ? 'unknown' : 'holds';
  }
  if ('any' in condition) {
    const parts = condition.any.map((part) => judge(part, facts));
    return parts.includes('holds') ? 'holds' : parts.includes('unknown') ? 'unknown' : 'fails';
  }
  if ('not' in condition) {
    const inner = judge(condition.not, facts);
    return inner === 'holds' ? 'fails' : inner === 'fails' ? 'holds' : 'unknown';
  }
  return judgeFact(condition, facts);
}

/** What the policy decides over the facts, or which facts it waits for. */
export function evaluateCasePolicy(policy: CasePolicy, facts: CaseFacts): PolicyOutcome {
  const passed: string[] = [];
  const read: CaseFactName[] = [];
  const used = () => [...new Set(read)].flatMap((name) => {
    const fact = facts.get(name);
    return fact ? [{ name, ...fact }] : [];
  });
  for (const rule of policy.rules) {
    read.push(...factsOf(rule.when));
    const judgement = judge(rule.when, facts);
    if (judgement === 'holds') return { kind: 'decided', decision: rule.decision, ruleId: rule.id, reason: rule.reason, passed, factsUsed: used() };
    if (judgement === 'unknown') return { kind: 'waiting', ruleId: rule.id, passed, missing: [...new Set(factsOf(rule.when).filter((name) => !facts.has(name)))] };
    passed.push(rule.id);
  }
  return { kind: 'decided', decision: policy.otherwise, ruleId: null, reason: OTHERWISE_REASON[policy.otherwise], passed, factsUsed: used() };
}
