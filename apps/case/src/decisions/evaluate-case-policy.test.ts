import { compileCheck } from '@kyb/validation';
import type { CaseFact, CaseFactName, CaseFactValue } from './case-facts';
import { casePolicySchema, completePolicy, repeatedRuleIds, type CasePolicy, type PolicyCondition } from './case-policy';
import { DEFAULT_CASE_POLICY } from './default-case-policy';
import { evaluateCasePolicy, judge, OTHERWISE_REASON } from './evaluate-case-policy';

const AT = new Date('2026-12-07T09:00:00.000Z');
const factsOf = (values: Partial<Record<CaseFactName, CaseFactValue>>) =>
  new Map(Object.entries(values).map(([name, value]) => [name as CaseFactName, { value: value as CaseFactValue, source: 'test', at: AT } satisfies CaseFact]));

/** The facts of a clean sandbox business once every source answered. */
const CLEAN = {
  'verification.status': 'VERIFIED',
  'verification.check.TIN_MATCH': 'PASS',
  'verification.check.SOS_FILING': 'PASS',
  'verification.check.ADDRESS': 'PASS',
  'verification.check.OFFICERS': 'PASS',
  'verification.check.SANCTIONS': 'PASS',
  'score.decision': 'APPROVE',
  'score.risk_level': 'LOW',
  'match.result': null,
  'watchlist.open_hits': 0,
  'watchlist.confirmed_hits': 0,
  'alerts.open': 0,
  'alerts.open_high': 0,
  'business.naics_code': '621210',
  'business.mcc_code': null,
  'business.state': 'FL',
  'registration.age_months': 40,
} as const;

describe('a condition over the facts', () => {
  const facts = factsOf({ 'business.naics_code': '621210', 'business.mcc_code': null, 'watchlist.open_hits': 2, 'score.decision': 'APPROVE' });
  const cases: Array<[string, PolicyCondition, 'holds' | 'fails' | 'unknown']> = [
    ['eq on text, case aside', { fact: 'score.decision', op: 'eq', value: 'approve' }, 'holds'],
    ['eq null on a fact answered as none', { fact: 'business.mcc_code', op: 'eq', value: null }, 'holds'],
    ['ne null on a fact with a value', { fact: 'business.naics_code', op: 'ne', value: null }, 'holds'],
    ['ne on the same value', { fact: 'score.decision', op: 'ne', value: 'APPROVE' }, 'fails'],
    ['in', { fact: 'score.decision', op: 'in', values: ['DECLINE', 'APPROVE'] }, 'holds'],
    ['in with a null value', { fact: 'business.mcc_code', op: 'in', values: ['5812'] }, 'fails'],
    ['not_in with a null value', { fact: 'business.mcc_code', op: 'not_in', values: ['5812'] }, 'holds'],
    ['starts_with an industry prefix', { fact: 'business.naics_code', op: 'starts_with', values: ['52', '62'] }, 'holds'],
    ['starts_with none of them', { fact: 'business.naics_code', op: 'starts_with', values: ['52'] }, 'fails'],
    ['gt', { fact: 'watchlist.open_hits', op: 'gt', value: 1 }, 'holds'],
    ['gte', { fact: 'watchlist.open_hits', op: 'gte', value: 3 }, 'fails'],
    ['lt', { fact: 'watchlist.open_hits', op: 'lt', value: 3 }, 'holds'],
    ['lte', { fact: 'watchlist.open_hits', op: 'lte', value: 1 }, 'fails'],
    ['a number compared with a null value', { fact: 'business.mcc_code', op: 'gt', value: 0 }, 'fails'],
    ['a fact still to arrive', { fact: 'verification.status', op: 'eq', value: 'VERIFIED' }, 'unknown'],
    ['known, of a fact arrived', { fact: 'business.mcc_code', op: 'known' }, 'holds'],
    ['known, of a fact still to arrive', { fact: 'verification.status', op: 'known' }, 'fails'],
    ['all, one part failing settles it though another is unknown', { all: [{ fact: 'verification.status', op: 'known' }, { fact: 'alerts.open', op: 'gt', value: 0 }] }, 'fails'],
    ['all, a part unknown and none failing', { all: [{ fact: 'watchlist.open_hits', op: 'gt', value: 0 }, { fact: 'alerts.open', op: 'gt', value: 0 }] }, 'unknown'],
    ['any, one part holding settles it though another is unknown', { any: [{ fact: 'alerts.open', op: 'gt', value: 0 }, { fact: 'watchlist.open_hits', op: 'gt', value: 0 }] }, 'holds'],
    ['any, none holding and one unknown', { any: [{ fact: 'alerts.open', op: 'gt', value: 0 }, { fact: 'watchlist.open_hits', op: 'gt', value: 5 }] }, 'unknown'],
    ['any, every part failing', { any: [{ fact: 'watchlist.open_hits', op: 'gt', value: 5 }, { fact: 'score.decision', op: 'eq', value: 'DECLINE' }] }, 'fails'],
    ['not', { not: { fact: 'score.decision', op: 'eq', value: 'DECLINE' } }, 'holds'],
    ['not of an unknown', { not: { fact: 'alerts.open', op: 'gt', value: 0 } }, 'unknown'],
  ];
  it.each(cases)('%s', (_name, condition, expected) => {
    expect(judge(condition, facts)).toBe(expected);
  });
});

describe('a policy over a case', () => {
  const policy: CasePolicy = completePolicy({
    rules: [
      { id: 'R1', when: { fact: 'watchlist.confirmed_hits', op: 'gt', value: 0 }, decision: 'reject', reason: 'Confirmed hit.' },
      { id: 'R2', when: { fact: 'verification.status', op: 'eq', value: 'UNVERIFIED' }, decision: 'review', reason: 'Not verified.' },
      { id: 'R3', when: { fact: 'score.decision', op: 'eq', value: 'APPROVE' }, decision: 'approve', reason: 'Score approves.' },
    ],
  });

  it('decides by the first rule that holds, naming the rules passed before it and every fact they read', () => {
    const outcome = evaluateCasePolicy(policy, factsOf({ 'watchlist.confirmed_hits': 0, 'verification.status': 'VERIFIED', 'score.decision': 'APPROVE', 'alerts.open': 3 }));
    expect(outcome).toEqual({
      kind: 'decided',
      decision: 'approve',
      ruleId: 'R3',
      reason: 'Score approves.',
      passed: ['R1', 'R2'],
      factsUsed: [
        { name: 'watchlist.confirmed_hits', value: 0, source: 'test', at: AT },
        { name: 'verification.status', value: 'VERIFIED', source: 'test', at: AT },
        { name: 'score.decision', value: 'APPROVE', source: 'test', at: AT },
      ],
    });
  });

  it('waits at the first rule it cannot judge, even when a later one would hold', () => {
    const outcome = evaluateCasePolicy(policy, factsOf({ 'watchlist.confirmed_hits': 0, 'score.decision': 'APPROVE' }));
    expect(outcome).toEqual({ kind: 'waiting', ruleId: 'R2', passed: ['R1'], missing: ['verification.status'] });
  });

  it('decides by otherwise when no rule holds (review unless the policy says otherwise)', () => {
    const facts = factsOf({ 'watchlist.confirmed_hits': 0, 'verification.status': 'VERIFIED', 'score.decision': 'DECLINE' });
    expect(evaluateCasePolicy(policy, facts)).toMatchObject({ kind: 'decided', decision: 'review', ruleId: null, reason: OTHERWISE_REASON.review, passed: ['R1', 'R2', 'R3'] });
    expect(evaluateCasePolicy({ ...policy, otherwise: 'reject' }, facts)).toMatchObject({ decision: 'reject', ruleId: null });
  });
});

describe('the default policy', () => {
  it('approves a clean, verified business its score approves', () => {
    expect(evaluateCasePolicy(DEFAULT_CASE_POLICY, factsOf(CLEAN))).toMatchObject({ kind: 'decided', decision: 'approve', ruleId: 'VERIFIED_AND_APPROVED' });
  });

  it('sends a TIN mismatch to review with the failed check as its reason', () => {
    const outcome = evaluateCasePolicy(DEFAULT_CASE_POLICY, factsOf({ ...CLEAN, 'verification.status': 'UNVERIFIED', 'verification.check.TIN_MATCH': 'FAIL' }));
    expect(outcome).toMatchObject({ kind: 'decided', decision: 'review', ruleId: 'TIN_MISMATCH', reason: 'The TIN is not registered to the legal name (the TIN_MATCH check failed).' });
  });

  it('rejects a confirmed sanctions hit before anything else, and a MATCH terminated merchant', () => {
    expect(evaluateCasePolicy(DEFAULT_CASE_POLICY, factsOf({ ...CLEAN, 'watchlist.confirmed_hits': 1, 'score.decision': 'DECLINE' }))).toMatchObject({ decision: 'reject', ruleId: 'SANCTIONS_CONFIRMED' });
    expect(evaluateCasePolicy(DEFAULT_CASE_POLICY, factsOf({ ...CLEAN, 'match.result': 'Match' }))).toMatchObject({ decision: 'reject', ruleId: 'MATCH_TERMINATED' });
  });

  it('waits while the sanctions screening has not answered', () => {
    const { ['watchlist.confirmed_hits']: _confirmed, ...rest } = CLEAN;
    expect(evaluateCasePolicy(DEFAULT_CASE_POLICY, factsOf(rest))).toEqual({ kind: 'waiting', ruleId: 'SANCTIONS_CONFIRMED', passed: [], missing: ['watchlist.confirmed_hits'] });
  });

  it('is a valid policy body with unique rule ids', () => {
    expect(compileCheck(casePolicySchema, 'body')(DEFAULT_CASE_POLICY)).toBeNull();
    expect(repeatedRuleIds(DEFAULT_CASE_POLICY)).toEqual([]);
  });
});

describe('a policy body', () => {
  const check = compileCheck(casePolicySchema, 'body');
  const rule = { id: 'R1', when: { fact: 'alerts.open', op: 'gt', value: 0 }, decision: 'review', reason: 'An alert is open.' };

  it('takes rules alone, otherwise and four eyes filled in by default', () => {
    expect(check({ rules: [rule] })).toBeNull();
    expect(completePolicy({ rules: [rule as never] })).toEqual({ rules: [rule], otherwise: 'review', four_eyes: { reject: false, approve_risk_levels: [] } });
  });

  it.each([
    ['no rules', { rules: [] }],
    ['an unknown fact', { rules: [{ ...rule, when: { fact: 'business.tin', op: 'eq', value: '1' } }] }],
    ['an operator that does not take its value', { rules: [{ ...rule, when: { fact: 'alerts.open', op: 'gt', value: 'many' } }] }],
    ['an unknown decision', { rules: [{ ...rule, decision: 'escalate' }] }],
    ['a blank reason', { rules: [{ ...rule, reason: '   ' }] }],
    ['an id with spaces', { rules: [{ ...rule, id: 'rule one' }] }],
    ['an unknown key', { rules: [rule], shadow: true }],
    ['a nested unknown condition', { rules: [{ ...rule, when: { all: [{ fact: 'alerts.open', op: 'near', value: 1 }] } }] }],
  ])('refuses %s', (_name, body) => {
    expect(check(body)).not.toBeNull();
  });

  it('nests all, any and not two deep, no deeper', () => {
    const leaf = { fact: 'alerts.open', op: 'gt', value: 0 };
    expect(check({ rules: [{ ...rule, when: { all: [{ any: [leaf, leaf] }, { not: leaf }, leaf] } }] })).toBeNull();
    expect(check({ rules: [{ ...rule, when: { all: [{ any: [{ not: leaf }] }] } }] })).not.toBeNull();
  });

  it('names the rule ids it repeats', () => {
    expect(repeatedRuleIds({ rules: [rule, { ...rule }, { ...rule, id: 'R2' }] as never })).toEqual(['R1']);
  });
});
