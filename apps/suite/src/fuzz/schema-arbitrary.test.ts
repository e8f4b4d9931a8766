import fc from 'fast-check';
import { compileCheck } from '@kyb/validation';
import { negatedValue } from './negation';
import { valueOf, type Schema } from './schema-arbitrary';

/*
 * The generators on a body of nested oneOfs, shaped like a case policy's conditions (issue 45): a
 * generator that cannot build a value of a oneOf would send only refused bodies, and the fuzz would
 * never reach the route's handler (a policy stored, a draft dry-run) for all its runs.
 */
const leaf = (ops: string[], operand: Record<string, Schema>): Schema => ({
  type: 'object',
  additionalProperties: false,
  required: ['fact', 'op', ...Object.keys(operand)],
  properties: { fact: { type: 'string', enum: ['alerts.open', 'business.state'] }, op: { type: 'string', enum: ops }, ...operand },
});
const LEAVES = [
  leaf(['eq', 'ne'], { value: { type: ['string', 'number', 'null'], maxLength: 20 } }),
  leaf(['gt'], { value: { type: 'number' } }),
  leaf(['in'], { values: { type: 'array', minItems: 1, maxItems: 5, items: { type: 'string', minLength: 1, maxLength: 4 } } }),
  leaf(['known'], {}),
];
const group = (key: string, inner: Schema): Schema => ({ type: 'object', additionalProperties: false, required: [key], properties: { [key]: inner } });
const condition = (depth: number): Schema =>
  depth === 0 ? { oneOf: LEAVES } : { oneOf: [...LEAVES, group('all', { type: 'array', minItems: 1, maxItems: 5, items: condition(depth - 1) }), group('not', condition(depth - 1))] };
const body: Schema = { type: 'object', additionalProperties: false, required: ['when'], properties: { when: condition(2) } };
const check = compileCheck(body, 'body');

/** How many groups deep a generated condition goes. */
const depthOf = (value: unknown): number => {
  if (typeof value !== 'object' || value === null) return 0;
  const { all, not } = value as { all?: unknown[]; not?: unknown };
  if (Array.isArray(all)) return 1 + Math.max(0, ...all.map(depthOf));
  return not === undefined ? 0 : 1 + depthOf(not);
};

describe('the fuzz generators on nested oneOf bodies', () => {
  it('build values the schema accepts, from every kind of branch and nested to the schema depth', () => {
    const values = fc.sample(valueOf(body), { seed: 45, numRuns: 300 }) as Array<{ when: unknown }>;
    expect(values.map(check).filter((problem) => problem !== null)).toEqual([]);
    const ops = new Set(values.flatMap((v) => JSON.stringify(v.when).match(/"op":"[a-z]+"/g) ?? []));
    expect([...ops].sort()).toEqual(['"op":"eq"', '"op":"gt"', '"op":"in"', '"op":"known"', '"op":"ne"']);
    expect(new Set(values.map((v) => depthOf(v.when)))).toEqual(new Set([0, 1, 2]));
  });

  it('negate them mostly into refused bodies, among them near misses: one branch with one thing wrong', () => {
    const values = fc.sample(negatedValue(body), { seed: 45, numRuns: 300 });
    const refused = values.filter((value) => check(value) !== null);
    expect(refused.length).toBeGreaterThan(values.length * 0.8);
    // A near miss keeps the shape of a condition on a fact (its op) and is still refused.
    const nearMisses = refused.filter((value) => /"op":"(eq|ne|gt|in|known)"/.test(JSON.stringify(value) ?? ''));
    expect(nearMisses.length).toBeGreaterThan(20);
  });
});
