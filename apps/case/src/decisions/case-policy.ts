/*
 * A tenant's case decision policy (issue 45), kept as data like the score's weighting config:
 * rules in order, each with an id, a condition over named facts (case-facts.ts), a decision and a
 * plain-language reason; the first rule that holds decides, and `otherwise` decides when none does.
 * Four eyes is an option: a rejection, or an approval at chosen risk levels, needs a second reviewer.
 */
import type { JsonSchema } from '@kyb/validation';
import { CASE_FACT_NAMES, type CaseFactName } from './case-facts';

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

const factName: JsonSchema = { type: 'string', enum: CASE_FACT_NAMES };
const scalar: JsonSchema = { type: ['string', 'number'], maxLength: 200 };
const leaf = (op: string[], value: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: ['fact', 'op', ...Object.keys(value)],
  properties: { fact: factName, op: { type: 'string', enum: op }, ...value },
});

/** A condition on one fact: each operator with what it compares. */
const FACT_CONDITIONS: JsonSchema[] = [
  leaf(['eq', 'ne'], { value: { type: ['string', 'number', 'null'], maxLength: 200 } }),
  leaf(['in', 'not_in'], { values: { type: 'array', minItems: 1, maxItems: 200, items: scalar } }),
  leaf(['gt', 'gte', 'lt', 'lte'], { value: { type: 'number' } }),
  leaf(['starts_with'], { values: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 20 } } }),
  leaf(['known'], {}),
];

/** How deep `all`, `any` and `not` nest: spelled out (no `$ref`), so every reader of the published documents reads it whole. */
export const CONDITION_NESTING = 2;

/** A condition nesting `all`, `any` and `not` at most `depth` deep. */
function conditionSchema(depth: number): JsonSchema {
  if (depth === 0) return { oneOf: FACT_CONDITIONS };
  const inner = conditionSchema(depth - 1);
  const parts: JsonSchema = { type: 'array', minItems: 1, maxItems: 50, items: inner };
  const group = (key: string, schema: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: false, required: [key], properties: { [key]: schema } });
  return { oneOf: [...FACT_CONDITIONS, group('all', parts), group('any', parts), group('not', inner)] };
}

/** The JSON schema of a policy body (PUT .../case-policy, POST .../case-policy/dry-run). */
export const casePolicySchema: JsonSchema = {
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
};

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
