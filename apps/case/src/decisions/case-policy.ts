/*
 * A tenant's case decision policy (issue 45), kept as data like the score's weighting config:
 * rules in order, each with an id, a condition over named facts (case-facts.ts), a decision and a
 * plain-language reason; the first rule that holds decides, and `otherwise` decides when none does.
 * Four eyes is an option: a rejection, or an approval at chosen risk levels, needs a second reviewer.
 */
import { describeErrors, wordFailures, type FailureWording, type JsonSchema } from '@kyb/validation';
import type { CaseFactName } from './case-facts';
import { CONDITION_NESTING, conditionProblem, conditionSchema } from './case-policy-conditions';

/** What a rule decides: the case is approved, goes to a reviewer, or is rejected. */
export const POLICY_DECISIONS = ['approve', 'review', 'reject'] as const;
export type PolicyDecision = (typeof POLICY_DECISIONS)[number];

/** A condition over the facts. */
export type PolicyCondition =
  | { fact: CaseFactName; op: 'eq' | 'ne'; value: string | number | null }
  | { fact: CaseFactName; op: 'in' | 'not_in'; values: Array<string | number> }
  | { fact: CaseFactName; op: 'gt' | 'gte' | 'lt' | 'lte'; value: number }
  | { fact: CaseFactName; op: 'starts_with'; values: string[] }
  | { fact: CaseFactName; op: 'known' }
  | { all: PolicyCondition[] }
  | { any: PolicyCondition[] }
  | { not: PolicyCondition };

/** One rule: its id (shown on the case and in the report), when it holds, what it decides and why, in words. */
export interface PolicyRule {
  id: string;
  when: PolicyCondition;
  decision: PolicyDecision;
  reason: string;
}

/** A policy version's body. */
export interface CasePolicy {
  rules: PolicyRule[];
  otherwise: PolicyDecision;
  four_eyes: {
    /** A reviewer's rejection waits for a second reviewer's confirmation. */
    reject: boolean;
    /** A reviewer's approval of a business whose score has one of these risk levels waits for a second reviewer. */
    approve_risk_levels: string[];
  };
}

/** A rule's condition that the schema refused: `rules.<i>.when` or below it, as ajv's first error names it. */
const IN_CONDITION = /^\/rules\/(\d+)\/when(?:\/|$)/;

/**
 * A refused policy in words: a condition's problem at its exact place (ajv's `oneOf` would name the
 * first branch's complaint), anything else as ajv says it, with list indices in brackets alike.
 */
const wordPolicyFailure: FailureWording = (value, errors, part) => {
  const inCondition = IN_CONDITION.exec(errors[0]?.instancePath ?? '');
  if (inCondition) {
    const index = Number(inCondition[1]);
    const rule = (value as { rules: Array<{ when: unknown }> }).rules[index];
    const problem = conditionProblem(rule.when, `${part}.rules[${index}].when`);
    if (problem !== null) return problem;
  }
  return describeErrors(errors, part).replace(/^\S+/, (subject) => subject.replace(/\.(\d+)(?=\.|$)/g, '[$1]'));
};

/** The JSON schema of a policy body (PUT .../case-policy, POST .../case-policy/dry-run), its refusals worded by `wordPolicyFailure`. */
export const casePolicySchema: JsonSchema = wordFailures({
  type: 'object',
  additionalProperties: false,
  required: ['rules'],
  properties: {
    rules: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'when', 'decision', 'reason'],
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,40}$' },
          when: conditionSchema(CONDITION_NESTING),
          decision: { type: 'string', enum: [...POLICY_DECISIONS] },
          reason: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
        },
      },
    },
    otherwise: { type: 'string', enum: [...POLICY_DECISIONS] },
    four_eyes: {
      type: 'object',
      additionalProperties: false,
      properties: {
        reject: { type: 'boolean' },
        approve_risk_levels: { type: 'array', maxItems: 20, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 40 } },
      },
    },
  },
}, wordPolicyFailure);

/** A body as sent, with the defaults filled in: `otherwise` review, no four eyes. */
export function completePolicy(body: { rules: PolicyRule[]; otherwise?: PolicyDecision; four_eyes?: Partial<CasePolicy['four_eyes']> }): CasePolicy {
  return {
    rules: body.rules,
    otherwise: body.otherwise ?? 'review',
    four_eyes: { reject: body.four_eyes?.reject ?? false, approve_risk_levels: body.four_eyes?.approve_risk_levels ?? [] },
  };
}

/** Rule ids a policy repeats (a policy's ids are unique: the case shows which rule decided). */
export function repeatedRuleIds(policy: Pick<CasePolicy, 'rules'>): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const rule of policy.rules) (seen.has(rule.id) ? repeated : seen).add(rule.id);
  return [...repeated];
}
