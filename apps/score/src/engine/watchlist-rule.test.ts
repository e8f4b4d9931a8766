import { exampleInputs } from './__fixtures__/example-inputs';
import { EXAMPLE_CONFIG, exampleSnapshot } from './__fixtures__/explain-example';
import { computeScore } from './compute-score';
import { explainScore, scoreWithReasons } from './explain-score';
import { REASON_CODES } from './reason-codes';
import type { WatchlistHitInput } from './score-inputs';
import { VERIFICATION_WEIGHTAGE_CONFIG } from './verification-weightage-config';
import { WATCHLIST_REASON_CODES, applyWatchlistRule, watchlistRuleOf } from './watchlist-rule';
import { DEFAULT_WATCHLIST_RULE, DEFAULT_WEIGHTAGE_CONFIG, checkWeightageConfig, type WatchlistRule, type WeightageConfig } from './weightage-config';

const hit = (overrides: Partial<WatchlistHitInput> = {}): WatchlistHitInput => ({
  id: 'hit-1',
  list: 'ofac-sdn',
  entryId: '36',
  entryName: 'NORTHWIND MARITIME TRADING LLC',
  subjectRole: 'legal_name',
  status: 'CONFIRMED',
  score: 0.97,
  ...overrides,
});
const confirmed = hit();
const open = hit({ id: 'hit-2', status: 'OPEN', subjectRole: 'owner', entryId: '7001', entryName: 'PETROV, Ivan', score: 0.91 });

/** Cut-offs under which the worked example (696.54) is APPROVE, so a cap shows. */
const lenient = (config: WeightageConfig): WeightageConfig => ({
  ...config,
  cutoffs: [
    { minScore850: 650, riskLevel: 'LOW', decision: 'APPROVE' },
    { minScore850: 550, riskLevel: 'MODERATE', decision: 'FURTHER_REVIEW_NEEDED' },
    { minScore850: 300, riskLevel: 'HIGH', decision: 'DECLINE' },
  ],
});
/** The weighting config as stored before sanctions screening: no watchlist rule at all. */
const stored22 = (): WeightageConfig => JSON.parse(JSON.stringify(DEFAULT_WEIGHTAGE_CONFIG)) as WeightageConfig;

describe('applyWatchlistRule', () => {
  it('forces DECLINE with a CONFIRMED hit, whatever the score gave, and says which hit', () => {
    expect(applyWatchlistRule(DEFAULT_WATCHLIST_RULE, 'APPROVE', [confirmed])).toEqual({
      decision: 'DECLINE',
      log: 'Watchlist: 1 confirmed hit(s) (hit-1): decision DECLINE (it was APPROVE)',
      reasons: [{ code: 'R15', reason: 'Confirmed sanctions hit: the legal name matches ofac-sdn entry 36 (NORTHWIND MARITIME TRADING LLC)' }],
    });
  });

  it('caps an OPEN hit at FURTHER_REVIEW_NEEDED, never improving a DECLINE, with its own reason code', () => {
    expect(applyWatchlistRule(DEFAULT_WATCHLIST_RULE, 'APPROVE', [open])).toEqual({
      decision: 'FURTHER_REVIEW_NEEDED',
      log: 'Watchlist: 1 open hit(s) (hit-2): decision FURTHER_REVIEW_NEEDED (it was APPROVE)',
      reasons: [{ code: 'R16', reason: "Sanctions hit awaiting review: an owner's name matches ofac-sdn entry 7001 (PETROV, Ivan)" }],
    });
    expect(applyWatchlistRule(DEFAULT_WATCHLIST_RULE, 'DECLINE', [open])).toMatchObject({ decision: 'DECLINE', log: 'Watchlist: 1 open hit(s) (hit-2): DECLINE is within FURTHER_REVIEW_NEEDED' });
  });

  it('gives both reasons with confirmed and open hits, and counts the others of a kind', () => {
    const another = hit({ id: 'hit-3', subjectRole: 'dba', entryId: '99' });
    const decided = applyWatchlistRule(DEFAULT_WATCHLIST_RULE, 'APPROVE', [confirmed, another, open]);
    expect(decided.decision).toBe('DECLINE');
    expect(decided.reasons.map((r) => r.code)).toEqual(['R15', 'R16']);
    expect(decided.reasons[0].reason).toBe('Confirmed sanctions hit: the legal name matches ofac-sdn entry 36 (NORTHWIND MARITIME TRADING LLC) and 1 more');
    expect(decided.log).toBe('Watchlist: 2 confirmed hit(s) (hit-1, hit-3): decision DECLINE (it was APPROVE); 1 open hit(s) (hit-2): DECLINE is within FURTHER_REVIEW_NEEDED');
  });

  it('does nothing and logs nothing without hits', () => {
    expect(applyWatchlistRule(DEFAULT_WATCHLIST_RULE, 'APPROVE', [])).toEqual({ decision: 'APPROVE', log: null, reasons: [] });
    expect(applyWatchlistRule(DEFAULT_WATCHLIST_RULE, 'APPROVE', undefined)).toEqual({ decision: 'APPROVE', log: null, reasons: [] });
  });

  it('leaves the decision to the score for a part the config turns off (null), and says so without a reason code', () => {
    const off: WatchlistRule = { confirmedHitDecision: null, openHitDecision: null };
    expect(applyWatchlistRule(off, 'APPROVE', [confirmed, open])).toEqual({
      decision: 'APPROVE',
      log: 'Watchlist: 1 confirmed hit(s) (hit-1) left to the score by the config; 1 open hit(s) (hit-2) left to the score by the config',
      reasons: [],
    });
    expect(applyWatchlistRule({ confirmedHitDecision: null, openHitDecision: 'DECLINE' }, 'APPROVE', [confirmed, open])).toMatchObject({ decision: 'DECLINE', reasons: [{ code: 'R16' }] });
  });

  it('never names the name that matched', () => {
    const { log, reasons } = applyWatchlistRule(DEFAULT_WATCHLIST_RULE, 'APPROVE', [{ ...open, matchedName: 'Jane Owner' } as WatchlistHitInput]);
    expect(`${log} ${JSON.stringify(reasons)}`).not.toContain('Jane Owner');
  });

  it('has reason codes that follow the factors’ R01..R14 and reuse none', () => {
    expect(WATCHLIST_REASON_CODES).toEqual({ CONFIRMED: 'R15', OPEN: 'R16' });
    const factorCodes = new Set(Object.values(REASON_CODES));
    expect(Object.values(WATCHLIST_REASON_CODES).some((code) => factorCodes.has(code))).toBe(false);
  });
});

describe('the watchlist rule in the versioned weighting config', () => {
  it('applies the default rule to a config that states none: every config stored before (2.2, 2.3) keeps working', () => {
    expect(watchlistRuleOf(stored22())).toEqual({ confirmedHitDecision: 'DECLINE', openHitDecision: 'FURTHER_REVIEW_NEEDED' });
    expect(checkWeightageConfig(stored22())).toEqual([]);
    expect(checkWeightageConfig(VERIFICATION_WEIGHTAGE_CONFIG)).toEqual([]);
    expect(computeScore(lenient(stored22()), { ...exampleInputs(), watchlistHits: [confirmed] })).toMatchObject({ score_decision: 'DECLINE', risk_level: 'LOW', version: '2.2' });
    expect(computeScore(lenient(stored22()), { ...exampleInputs(), watchlistHits: [open] })).toMatchObject({ score_decision: 'FURTHER_REVIEW_NEEDED', risk_level: 'LOW' });
  });

  it('changes neither the scores nor the risk level, only the decision and its log', () => {
    const without = computeScore(lenient(stored22()), exampleInputs());
    const withHit = computeScore(lenient(stored22()), { ...exampleInputs(), watchlistHits: [confirmed] });
    expect(without.score_decision).toBe('APPROVE');
    expect(without).not.toHaveProperty('decision_log');
    const { score_decision: _decision, decision_log: log, ...rest } = withHit;
    expect(rest).toEqual((({ score_decision: _d, ...other }) => other)(without));
    expect(log).toBe('Watchlist: 1 confirmed hit(s) (hit-1): decision DECLINE (it was APPROVE)');
  });

  it('states the contract fields of a score exactly, with or without hits', () => {
    const keys = Object.keys(computeScore(DEFAULT_WEIGHTAGE_CONFIG, exampleInputs()));
    expect(Object.keys(computeScore(DEFAULT_WEIGHTAGE_CONFIG, { ...exampleInputs(), watchlistHits: [confirmed] }))).toEqual([...keys, 'decision_log']);
  });

  it('follows the verification rule: the cap of 2.3 first, then the hits, both in decision_log', () => {
    const score = computeScore(lenient(VERIFICATION_WEIGHTAGE_CONFIG), { ...exampleInputs(), verification: null, watchlistHits: [confirmed] });
    expect(score.score_decision).toBe('DECLINE');
    expect(score.decision_log).toBe(
      'Verification: never verified; decision capped at FURTHER_REVIEW_NEEDED (the score gave APPROVE). Watchlist: 1 confirmed hit(s) (hit-1): decision DECLINE (it was FURTHER_REVIEW_NEEDED)',
    );
  });

  it('can be turned off, or made stricter, by a version of its own (checked like the rest of the config)', () => {
    const off: WeightageConfig = { ...lenient(stored22()), id: '1c9e7b52-3d4f-4a6b-8c7d-9e0f1a2b3c4d', version: '2.4-off', watchlistRule: { confirmedHitDecision: null, openHitDecision: null } };
    const strict: WeightageConfig = { ...off, version: '2.4-strict', watchlistRule: { confirmedHitDecision: 'DECLINE', openHitDecision: 'DECLINE' } };
    expect(checkWeightageConfig(off)).toEqual([]);
    expect(checkWeightageConfig(strict)).toEqual([]);
    expect(computeScore(off, { ...exampleInputs(), watchlistHits: [confirmed] }).score_decision).toBe('APPROVE');
    expect(computeScore(strict, { ...exampleInputs(), watchlistHits: [open] }).score_decision).toBe('DECLINE');
    // A version stored as JSON reads back the same.
    expect(computeScore(JSON.parse(JSON.stringify(off)) as WeightageConfig, { ...exampleInputs(), watchlistHits: [confirmed] }).score_decision).toBe('APPROVE');
  });

  it('refuses a rule whose decisions are unknown or missing', () => {
    const bad = { ...stored22(), watchlistRule: { confirmedHitDecision: 'BLOCK', openHitDecision: undefined } } as unknown as WeightageConfig;
    expect(checkWeightageConfig(bad)).toEqual([
      'watchlistRule: confirmedHitDecision "BLOCK" is neither a decision nor null',
      'watchlistRule: openHitDecision "undefined" is neither a decision nor null',
    ]);
    expect(checkWeightageConfig({ ...stored22(), watchlistRule: null } as unknown as WeightageConfig)).toEqual(['watchlistRule is not an object']);
  });
});

describe('the explanation of a score with sanctions hits', () => {
  const withHits = () => ({ ...exampleSnapshot(), watchlistHits: [confirmed, open] });

  it('gives the rule’s reason codes first (factor code WATCHLIST_HIT, no points), then the factors’, four at most', () => {
    const explained = explainScore(EXAMPLE_CONFIG, withHits());
    expect(explained.score_decision).toBe('DECLINE');
    expect(explained.reason_codes).toEqual([
      { code: 'R15', factor_code: 'WATCHLIST_HIT', reason: 'Confirmed sanctions hit: the legal name matches ofac-sdn entry 36 (NORTHWIND MARITIME TRADING LLC)', points_lost_850: 0 },
      { code: 'R16', factor_code: 'WATCHLIST_HIT', reason: "Sanctions hit awaiting review: an owner's name matches ofac-sdn entry 7001 (PETROV, Ivan)", points_lost_850: 0 },
      { code: 'R07', factor_code: 'BUREAU', reason: 'Business credit bureau score, less delinquent accounts, is 60 of 100', points_lost_850: 110 },
      { code: 'R01', factor_code: 'LIENS', reason: 'Active liens and judgements total USD 30,000', points_lost_850: 61.88 },
    ]);
    expect(scoreWithReasons(EXAMPLE_CONFIG, withHits()).reasonCodes).toEqual(explained.reason_codes);
    // The factors themselves do not change; only REVIEWS, fifth reason now, is no longer given one.
    const without = explainScore(EXAMPLE_CONFIG, exampleSnapshot()).factors;
    expect(explained.factors.map((f) => ({ ...f, reason_code: null }))).toEqual(without.map((f) => ({ ...f, reason_code: null })));
    expect(explained.factors.find((f) => f.code === 'REVIEWS')?.reason_code).toBeNull();
  });

  it('explains a snapshot older than sanctions screening (no hits kept) exactly as before', () => {
    const old = exampleSnapshot();
    expect(old).not.toHaveProperty('watchlistHits');
    expect(explainScore(EXAMPLE_CONFIG, old)).toEqual(explainScore(EXAMPLE_CONFIG, { ...old, watchlistHits: [] }));
    expect(explainScore(EXAMPLE_CONFIG, old).reason_codes.map((r) => r.code)).toEqual(['R07', 'R01', 'R02']);
  });
});
