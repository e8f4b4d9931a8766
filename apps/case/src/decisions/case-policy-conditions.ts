/*
 * A policy rule's condition (case-policy.ts): its JSON schema, and what is wrong with one the schema
 * refuses, both from one table of operators. The schema nests `oneOf`s, so ajv alone answers the
 * first branch's complaint ("op must be equal to one of: eq, ne" for a gt given a text); the words
 * here name the exact place (`rules[2].when.all[1].any[0].value`) and what that place needs.
 */
import { compileCheck, type JsonSchema } from '@kyb/validation';
import { CASE_FACT_NAMES } from './case-facts';

/** What an operator compares a fact with: the key that holds it, its schema and, in words, what it takes. */
interface Operand {
  key: 'value' | 'values';
  schema: JsonSchema;
  /** Follows the operator: "gt compares a number". */
  words: string;
  /** For a list, follows the operator about one item: "starts_with takes prefixes of 1 to 20 characters". */
  itemWords?: string;
}

/** Operators that take the same operand. */
interface OperatorFamily {
  ops: readonly string[];
  operand?: Operand;
}

const scalar: JsonSchema = { type: ['string', 'number'], maxLength: 200 };

/** Every operator with what it compares, in the schema's order. */
const OPERATOR_FAMILIES: readonly OperatorFamily[] = [
  { ops: ['eq', 'ne'], operand: { key: 'value', schema: { type: ['string', 'number', 'null'], maxLength: 200 }, words: 'compares a text of up to 200 characters, a number or null' } },
  {
    ops: ['in', 'not_in'],
    operand: { key: 'values', schema: { type: 'array', minItems: 1, maxItems: 200, items: scalar }, words: 'takes a list of 1 to 200 texts or numbers', itemWords: 'takes texts of up to 200 characters or numbers' },
  },
  { ops: ['gt', 'gte', 'lt', 'lte'], operand: { key: 'value', schema: { type: 'number' }, words: 'compares a number' } },
  {
    ops: ['starts_with'],
    operand: {
      key: 'values',
      schema: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 20 } },
      words: 'takes a list of 1 to 200 prefixes',
      itemWords: 'takes prefixes of 1 to 20 characters',
    },
  },
  { ops: ['known'] },
];

/** How deep `all`, `any` and `not` nest: spelled out (no `$ref`), so every reader of the published documents reads it whole. */
export const CONDITION_NESTING = 2;

/** Most conditions an `all` or `any` holds. */
const MAX_PARTS = 50;

const GROUPS = ['all', 'any', 'not'] as const;

const factName: JsonSchema = { type: 'string', enum: CASE_FACT_NAMES };

/** A condition on one fact with the operators of `family`. */
function leaf(family: OperatorFamily): JsonSchema {
  const operand = family.operand ? { [family.operand.key]: family.operand.schema } : {};
  return {
    type: 'object',
    additionalProperties: false,
    required: ['fact', 'op', ...Object.keys(operand)],
    properties: { fact: factName, op: { type: 'string', enum: [...family.ops] }, ...operand },
  };
}

const FACT_CONDITIONS = OPERATOR_FAMILIES.map(leaf);

/** The schema of a condition nesting `all`, `any` and `not` at most `depth` deep. */
export function conditionSchema(depth: number): JsonSchema {
  if (depth === 0) return { oneOf: FACT_CONDITIONS };
  const inner = conditionSchema(depth - 1);
  const parts: JsonSchema = { type: 'array', minItems: 1, maxItems: MAX_PARTS, items: inner };
  const group = (key: string, schema: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: false, required: [key], properties: { [key]: schema } });
  return { oneOf: [...FACT_CONDITIONS, group('all', parts), group('any', parts), group('not', inner)] };
}

const FACTS = new Set<string>(CASE_FACT_NAMES);
const OPS = OPERATOR_FAMILIES.flatMap((family) => family.ops);
const familyOf = new Map(OPERATOR_FAMILIES.flatMap((family) => family.ops.map((op) => [op, family] as const)));
const operandCheck = new Map(OPERATOR_FAMILIES.flatMap((family) => (family.operand ? [[family, compileCheck(family.operand.schema, 'body')] as const] : [])));

const A_CONDITION = 'a condition is a fact with its op (fact, op, and value or values), or one of all, any and not';

const has = (object: object, key: string) => Object.hasOwn(object, key);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as the message shows it: short, quoted like the schema messages quote names. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return `a list of ${value.length}`;
  const text = typeof value === 'string' ? `'${JSON.stringify(value).slice(1, -1)}'` : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

/** `a, b and c` */
const listed = (words: readonly string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);

/** What is wrong with a condition on one fact, or null. */
function factConditionProblem(condition: Record<string, unknown>, path: string): string | null {
  if (!has(condition, 'fact') && !has(condition, 'op')) return `${path}: ${A_CONDITION}`;
  if (!has(condition, 'fact')) return `${path}.fact: missing: the fact the condition reads, one of ${CASE_FACT_NAMES.join(', ')}`;
  const { fact, op } = condition;
  if (typeof fact !== 'string' || !FACTS.has(fact)) return `${path}.fact: unknown fact ${shown(fact)}: one of ${CASE_FACT_NAMES.join(', ')}`;
  if (!has(condition, 'op')) return `${path}.op: missing: one of ${OPS.join(', ')}`;
  const family = typeof op === 'string' ? familyOf.get(op) : undefined;
  if (!family) return `${path}.op: unknown op ${shown(op)}: one of ${OPS.join(', ')}`;
  const keys = ['fact', 'op', ...(family.operand ? [family.operand.key] : [])];
  const extra = Object.keys(condition).find((key) => !keys.includes(key));
  if (extra !== undefined) return `${path}.${extra}: ${op} takes ${listed(keys)} only`;
  if (!family.operand) return null;
  const { key, words, itemWords } = family.operand;
  if (!has(condition, key)) return `${path}.${key}: missing: ${op} ${words}`;
  const operand = condition[key];
  const problem = operandCheck.get(family)?.(operand);
  if (!problem) return null;
  // A list's item at fault: ajv names its index as the property.
  const index = Array.isArray(operand) && problem.property !== null ? Number(problem.property) : NaN;
  if (Number.isInteger(index) && itemWords) return `${path}.${key}[${index}]: ${op} ${itemWords}, not ${shown((operand as unknown[])[index])}`;
  return `${path}.${key}: ${op} ${words}, not ${shown(operand)}`;
}

/**
 * What is wrong with `condition`, at `path` (`body.rules[2].when`), nesting at most `depth` deep:
 * the first problem in reading order, worded for the place, or null where the schema accepts it.
 * Total over any JSON value: it judges what the validator refused.
 */
export function conditionProblem(condition: unknown, path: string, depth = CONDITION_NESTING): string | null {
  if (!isObject(condition)) return `${path}: ${A_CONDITION}, not ${shown(condition)}`;
  const group = GROUPS.find((key) => has(condition, key));
  if (group === undefined) return factConditionProblem(condition, path);
  const beside = Object.keys(condition).find((key) => key !== group);
  if (beside !== undefined) return `${path}.${beside}: nothing goes beside ${group} (${A_CONDITION})`;
  if (depth === 0) return `${path}.${group}: all, any and not nest at most ${CONDITION_NESTING} deep; here only a condition on a fact goes`;
  const inner = condition[group];
  if (group === 'not') return conditionProblem(inner, `${path}.not`, depth - 1);
  if (!Array.isArray(inner) || inner.length < 1 || inner.length > MAX_PARTS) return `${path}.${group}: ${group} takes a list of 1 to ${MAX_PARTS} conditions, not ${shown(inner)}`;
  for (const [i, part] of inner.entries()) {
    const problem = conditionProblem(part, `${path}.${group}[${i}]`, depth - 1);
    if (problem !== null) return problem;
  }
  return null;
}
