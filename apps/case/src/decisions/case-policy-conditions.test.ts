import fc from 'fast-check';
import { ValidationError } from '@kyb/envelope';
import { compileCheck, compileValidator } from '@kyb/validation';
import { CASE_FACT_NAMES } from './case-facts';
import { casePolicySchema } from './case-policy';
import { conditionProblem } from './case-policy-conditions';

/*
 * A refused policy says where and what (issue 45): the schema nests oneOfs, whose ajv errors name
 * the first branch's complaint; the 400 names the exact place in the policy and what it needs.
 */
const FACTS = CASE_FACT_NAMES.join(', ');
const OPS = 'eq, ne, in, not_in, gt, gte, lt, lte, starts_with, known';
const A_CONDITION = 'a condition is a fact with its op (fact, op, and value or values), or one of all, any and not';

const ok = { fact: 'alerts.open', op: 'gt', value: 0 };
const rule = (id: string, when: unknown) => ({ id, when, decision: 'review', reason: 'Worth a look.' });
/** A policy whose third rule holds `when`: the first two are fine. */
const policyWith = (when: unknown) => ({ rules: [rule('R0', ok), rule('R1', { not: ok }), rule('R2', when)] });
/** `inner` at `all[1].any[0]` of the third rule. */
const deep = (inner: unknown) => policyWith({ all: [ok, { any: [inner, ok] }] });

const validate = compileValidator(casePolicySchema, 'body');
const check = compileCheck(casePolicySchema, 'body');
const refusal = (body: unknown): ValidationError => {
  try {
    validate(body);
  } catch (err) {
    if (err instanceof ValidationError) return err;
    throw err;
  }
  throw new Error(`accepted: ${JSON.stringify(body)}`);
};

describe('a refused case policy', () => {
  it('answers the contract 400 naming the exact place deep in a condition and what it needs', () => {
    const error = refusal(deep({ fact: 'alerts.open', op: 'gt', value: '5' }));
    expect([error.httpStatus, error.toBody()]).toEqual([
      400,
      { status: 'fail', message: "body.rules[2].when.all[1].any[0].value: gt compares a number, not '5'", errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } },
    ]);
  });

  it.each([
    ['a wrong op', policyWith({ fact: 'alerts.open', op: 'greater', value: 1 }), `body.rules[2].when.op: unknown op 'greater': one of ${OPS}`],
    ['an op that is no text', policyWith({ fact: 'alerts.open', op: 5, value: 1 }), `body.rules[2].when.op: unknown op 5: one of ${OPS}`],
    ['gt without its value, deep', deep({ fact: 'alerts.open', op: 'gt' }), 'body.rules[2].when.all[1].any[0].value: missing: gt compares a number'],
    ['an unknown fact, deep', deep({ fact: 'x', op: 'eq', value: 1 }), `body.rules[2].when.all[1].any[0].fact: unknown fact 'x': one of ${FACTS}`],
    ['a fact that is no text', policyWith({ fact: 5, op: 'eq', value: 1 }), `body.rules[2].when.fact: unknown fact 5: one of ${FACTS}`],
    ['no fact', policyWith({ op: 'gt', value: 1 }), `body.rules[2].when.fact: missing: the fact the condition reads, one of ${FACTS}`],
    ['no op', policyWith({ fact: 'alerts.open', value: 1 }), `body.rules[2].when.op: missing: one of ${OPS}`],
    ['a text where lte compares a number', policyWith({ fact: 'registration.age_months', op: 'lte', value: '12' }), "body.rules[2].when.value: lte compares a number, not '12'"],
    ['null where gte compares a number', policyWith({ fact: 'alerts.open', op: 'gte', value: null }), 'body.rules[2].when.value: gte compares a number, not null'],
    ['an object where eq compares a scalar', policyWith({ fact: 'business.state', op: 'eq', value: { is: 'FL' } }), 'body.rules[2].when.value: eq compares a text of up to 200 characters, a number or null, not {"is":"FL"}'],
    ['a text too long for ne', policyWith({ fact: 'business.state', op: 'ne', value: 'x'.repeat(201) }), `body.rules[2].when.value: ne compares a text of up to 200 characters, a number or null, not '${'x'.repeat(39)}...`],
    ['in with an empty list', policyWith({ fact: 'business.state', op: 'in', values: [] }), 'body.rules[2].when.values: in takes a list of 1 to 200 texts or numbers, not a list of 0'],
    ['in with a text for its list', policyWith({ fact: 'business.state', op: 'in', values: 'FL' }), "body.rules[2].when.values: in takes a list of 1 to 200 texts or numbers, not 'FL'"],
    ['not_in with a true in its list', deep({ fact: 'business.state', op: 'not_in', values: ['FL', true] }), 'body.rules[2].when.all[1].any[0].values[1]: not_in takes texts of up to 200 characters or numbers, not true'],
    ['starts_with with a long prefix', policyWith({ fact: 'business.naics_code', op: 'starts_with', values: ['52', '1'.repeat(21)] }), "body.rules[2].when.values[1]: starts_with takes prefixes of 1 to 20 characters, not '111111111111111111111'"],
    ['starts_with with a number', policyWith({ fact: 'business.naics_code', op: 'starts_with', values: [52] }), 'body.rules[2].when.values[0]: starts_with takes prefixes of 1 to 20 characters, not 52'],
    ['known with a value', policyWith({ fact: 'match.result', op: 'known', value: 'Match' }), 'body.rules[2].when.value: known takes fact and op only'],
    ['gt with values for its value', policyWith({ fact: 'alerts.open', op: 'gt', values: [1] }), 'body.rules[2].when.values: gt takes fact, op and value only'],
    ['another key beside a fact', policyWith({ ...ok, note: 'x' }), 'body.rules[2].when.note: gt takes fact, op and value only'],
    ['no key of a condition', policyWith({}), `body.rules[2].when: ${A_CONDITION}`],
    ['a text for a condition', policyWith('alerts.open > 0'), `body.rules[2].when: ${A_CONDITION}, not 'alerts.open > 0'`],
    ['a list for a condition', policyWith([ok]), `body.rules[2].when: ${A_CONDITION}, not a list of 1`],
    ['not of a text', policyWith({ not: 'x' }), `body.rules[2].when.not: ${A_CONDITION}, not 'x'`],
    ['an empty all', policyWith({ all: [] }), 'body.rules[2].when.all: all takes a list of 1 to 50 conditions, not a list of 0'],
    ['an any of 51', policyWith({ any: Array.from({ length: 51 }, () => ok) }), 'body.rules[2].when.any: any takes a list of 1 to 50 conditions, not a list of 51'],
    ['an any of an object', policyWith({ any: ok }), 'body.rules[2].when.any: any takes a list of 1 to 50 conditions, not {"fact":"alerts.open","op":"gt","value":...'],
    ['a fact beside all', policyWith({ all: [ok], fact: 'alerts.open' }), `body.rules[2].when.fact: nothing goes beside all (${A_CONDITION})`],
    ['all and any in one', policyWith({ any: [ok], all: [ok] }), `body.rules[2].when.any: nothing goes beside all (${A_CONDITION})`],
    ['three groups deep', policyWith({ all: [ok, { any: [{ not: ok }] }] }), 'body.rules[2].when.all[1].any[0].not: all, any and not nest at most 2 deep; here only a condition on a fact goes'],
    ['the first problem of two', deep({ fact: 'x', op: 'gt', value: 'y' }), `body.rules[2].when.all[1].any[0].fact: unknown fact 'x': one of ${FACTS}`],
  ])('for %s names the place and the problem', (_name, body, message) => {
    expect(refusal(body).message).toBe(message);
    expect(check(body)?.message).toBe(message);
  });

  it.each([
    ['no rules', { rules: [] }, 'body.rules must NOT have fewer than 1 items'],
    ['an unknown decision', { rules: [rule('R0', ok), { ...rule('R1', ok), decision: 'escalate' }] }, 'body.rules[1].decision must be equal to one of the allowed values: approve, review, reject'],
    ['a rule without a condition', { rules: [rule('R0', ok), { id: 'R1', decision: 'review', reason: 'x' }] }, "body.rules[1] must have required property 'when'"],
    ['a bad rule id before its condition', { rules: [{ ...rule('R 0', { fact: 'x' }) }] }, 'body.rules[0].id must match pattern "^[A-Za-z0-9_.-]{1,40}$"'],
    ['a repeated risk level', { rules: [rule('R0', ok)], four_eyes: { approve_risk_levels: ['HIGH', 'HIGH'] } }, 'body.four_eyes.approve_risk_levels must NOT have duplicate items (items ## 1 and 0 are identical)'],
    ['another field', { rules: [rule('R0', ok)], draft: true }, "body must NOT have additional properties: 'draft'"],
  ])('outside the conditions, for %s, says what ajv says, its indices in brackets', (_name, body, message) => {
    expect(refusal(body).message).toBe(message);
  });

  it('takes a valid policy nesting every operator two deep', () => {
    const every = [
      { fact: 'verification.status', op: 'eq', value: 'VERIFIED' },
      { fact: 'business.mcc_code', op: 'ne', value: null },
      { fact: 'business.state', op: 'in', values: ['FL', 'NV'] },
      { fact: 'score.risk_level', op: 'not_in', values: ['HIGH', 7] },
      { fact: 'alerts.open', op: 'gt', value: 0 },
      { fact: 'alerts.open_high', op: 'gte', value: 1.5 },
      { fact: 'watchlist.open_hits', op: 'lt', value: -1 },
      { fact: 'registration.age_months', op: 'lte', value: 12 },
      { fact: 'business.naics_code', op: 'starts_with', values: ['52', '5411'] },
      { fact: 'match.result', op: 'known' },
    ];
    const body = { rules: [rule('DEEP', { all: [every[0], { any: every.slice(1, 5) }, { not: every[5] }, { all: every.slice(6) }] }), rule('FLAT', { not: { any: every.slice(8) } })], otherwise: 'approve' };
    expect(check(body)).toBeNull();
    expect(validate(body)).toBe(body);
  });
});

describe('the words on a condition and the schema', () => {
  const facts = fc.oneof({ weight: 6, arbitrary: fc.constantFrom<unknown>(...CASE_FACT_NAMES) }, { weight: 1, arbitrary: fc.constantFrom<unknown>('business.tin', 5, null, '') });
  const ops = fc.oneof({ weight: 8, arbitrary: fc.constantFrom<unknown>(...OPS.split(', ')) }, { weight: 1, arbitrary: fc.constantFrom<unknown>('GT', 'between', 1) });
  const operands = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<unknown>(0, -2.5, 7, 'FL', '52', null) },
    { weight: 3, arbitrary: fc.array(fc.constantFrom<unknown>('FL', '52', 7), { minLength: 1, maxLength: 3 }) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>('', true, {}, [], 'x'.repeat(201), [''], [true], ['1'.repeat(21)], [null]) },
  );
  const operandKey = (op: unknown) => (op === 'known' ? undefined : ['in', 'not_in', 'starts_with'].includes(op as string) ? 'values' : 'value');
  // Mostly the keys the op takes; sometimes one missing, another beside them, or the other operand's key.
  const factCondition = fc.record({ fact: facts, op: ops, operand: operands, shape: fc.nat(11) }).map(({ fact, op, operand, shape }) => {
    const key = operandKey(op);
    const other = key === 'values' ? 'value' : 'values';
    if (shape === 0) return { op, [key ?? other]: operand };
    if (shape === 1) return { fact, [key ?? other]: operand };
    if (shape === 2) return { fact, op, ...(key ? { [key]: operand } : {}), note: 'x' };
    if (shape === 3) return { fact, op, [other]: operand };
    if (shape === 4) return { fact, op };
    return key ? { fact, op, [key]: operand } : { fact, op };
  });
  const condition: fc.Arbitrary<unknown> = fc.letrec<{ condition: unknown }>((tie) => ({
    condition: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: factCondition },
      { weight: 2, arbitrary: fc.record({ all: fc.array(tie('condition'), { minLength: 0, maxLength: 3 }) }) },
      { weight: 2, arbitrary: fc.record({ any: fc.array(tie('condition'), { minLength: 1, maxLength: 3 }) }) },
      { weight: 2, arbitrary: fc.record({ not: tie('condition') }) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>('x', 3, null, [], { all: [ok], any: [ok] }) },
    ),
  })).condition;

  it('agree on every condition: the words find a problem exactly where the schema refuses, and the 400 carries them', () => {
    const seen = { accepted: 0, refused: 0, tooDeep: 0, deepPlace: 0 };
    fc.assert(
      fc.property(condition, (when) => {
        const body = { rules: [rule('R0', when)] };
        const problem = conditionProblem(when, 'body.rules[0].when');
        const refused = check(body);
        expect(refused === null).toBe(problem === null);
        if (refused) expect(refused.message).toBe(problem);
        seen[refused ? 'refused' : 'accepted']++;
        if (problem?.includes('nest at most')) seen.tooDeep++;
        if (/when\.(all|any)\[\d+\]\.(all|any|not)/.test(problem ?? '')) seen.deepPlace++;
      }),
      { numRuns: 3000, seed: 45 },
    );
    // Not vacuous: both verdicts, conditions past the nesting limit, and problems two groups down.
    expect(Math.min(seen.accepted, seen.refused, seen.tooDeep, seen.deepPlace)).toBeGreaterThan(50);
  });
});
