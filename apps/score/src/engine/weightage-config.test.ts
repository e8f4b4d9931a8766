import { DEFAULT_WEIGHTAGE_CONFIG, checkWeightageConfig, type WeightageConfig } from './weightage-config';

/** A deep copy to break, so each test starts from the valid default. */
function copyOfDefault(): WeightageConfig {
  return JSON.parse(JSON.stringify(DEFAULT_WEIGHTAGE_CONFIG)) as WeightageConfig;
}

const FACTOR_CODES_BY_CATEGORY: Record<string, string[]> = {
  PUBLIC_RECORDS: ['JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER', 'SOCIAL_REVIEWS_AI_PLACEHOLDER', 'BANKRUPTCIES_AI_PLACEHOLDER'],
  BUSINESS_OPERATIONS: ['BALANCE_SHEET_AI_PLACEHOLDER', 'PROFIT_AND_LOSS_AI_PLACEHOLDER', 'CASH_FLOW_AI_PLACEHOLDER'],
  COMPANY_PROFILE: ['CREDIT_BUREAU_AI_PLACEHOLDER'],
  FINANCIAL_TRENDS: [
    'EFFICIENCY_RATIOS_AI_PLACEHOLDER', 'SOLVENCY_RATIOS_AI_PLACEHOLDER', 'ECONOMICS_AI_PLACEHOLDER', 'LIQUIDITY_RATIOS_AI_PLACEHOLDER',
  ],
  PERFORMANCE_MEASURES: ['PROFITABILITY_RATIOS_AI_PLACEHOLDER', 'VALUATION_RATIOS_AI_PLACEHOLDER', 'FINANCIAL_RISKS_AI_PLACEHOLDER'],
};

describe('DEFAULT_WEIGHTAGE_CONFIG', () => {
  it('passes its own validator', () => {
    expect(checkWeightageConfig(DEFAULT_WEIGHTAGE_CONFIG)).toEqual([]);
  });

  it('is version 2.2 with a UUID', () => {
    expect(DEFAULT_WEIGHTAGE_CONFIG.version).toBe('2.2');
    expect(DEFAULT_WEIGHTAGE_CONFIG.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('has every category and factor code of contract 2.8, each factor under its category', () => {
    const actual = Object.fromEntries(DEFAULT_WEIGHTAGE_CONFIG.categories.map((c) => [c.code, c.factors.map((f) => f.code).sort()]));
    const expected = Object.fromEntries(Object.entries(FACTOR_CODES_BY_CATEGORY).map(([code, factors]) => [code, [...factors].sort()]));
    expect(actual).toEqual(expected);
  });

  it('is plain data that survives a JSON round trip', () => {
    expect(copyOfDefault()).toEqual(DEFAULT_WEIGHTAGE_CONFIG);
  });

  it('has the default cut-offs 700 LOW/APPROVE, 550 MODERATE/FURTHER_REVIEW_NEEDED, HIGH/DECLINE below', () => {
    expect(DEFAULT_WEIGHTAGE_CONFIG.cutoffs).toEqual([
      { minScore850: 700, riskLevel: 'LOW', decision: 'APPROVE' },
      { minScore850: 550, riskLevel: 'MODERATE', decision: 'FURTHER_REVIEW_NEEDED' },
      { minScore850: 300, riskLevel: 'HIGH', decision: 'DECLINE' },
    ]);
  });
});

describe('checkWeightageConfig', () => {
  const cases: Array<[string, (config: WeightageConfig) => void, string]> = [
    ['category weights not summing to 1', (c) => { c.categories[0].weight = 0.3; }, 'categories: weights sum to 1.05, not 1'],
    ['factor weights not summing to 1', (c) => { c.categories[0].factors[0].weight = 0.5; }, 'category PUBLIC_RECORDS factors: weights sum to 1.1, not 1'],
    ['a negative weight', (c) => { c.categories[2].factors[0].weight = -1; }, 'category COMPANY_PROFILE factors: CREDIT_BUREAU_AI_PLACEHOLDER weight -1 is not a number ≥ 0'],
    ['an unknown input', (c) => { (c.categories[0].factors[0] as { input: string }).input = 'MOON_PHASE'; }, 'factor JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER: input "MOON_PHASE" is unknown'],
    ['an unsorted curve', (c) => { c.categories[2].factors[0].curve = [[100, 100], [0, 0]]; }, 'factor CREDIT_BUREAU_AI_PLACEHOLDER: curve point 1 value 0 does not follow 100 in increasing order'],
    ['a curve score above 100', (c) => { c.categories[2].factors[0].curve = [[0, 0], [100, 101]]; }, 'factor CREDIT_BUREAU_AI_PLACEHOLDER: curve point 1 score 101 is outside 0..100'],
    ['an empty curve', (c) => { c.categories[2].factors[0].curve = []; }, 'factor CREDIT_BUREAU_AI_PLACEHOLDER: the curve has no points'],
    ['unsorted cut-offs', (c) => { c.cutoffs.reverse(); }, 'cut-off 1: minScore850 550 is not below 300 (sort descending)'],
    ['a cut-off gap at the bottom', (c) => { c.cutoffs[2].minScore850 = 400; }, 'the last cut-off (400) leaves scores from 300 without a risk level'],
    ['an unknown risk level', (c) => { (c.cutoffs[0] as { riskLevel: string }).riskLevel = 'TINY'; }, 'cut-off 0: risk level "TINY" is unknown'],
    ['no cut-offs', (c) => { c.cutoffs = []; }, 'there are no cut-offs'],
    ['a duplicate factor id', (c) => { c.categories[1].factors[0].id = 14; }, 'factor id 14 is used more than once'],
    ['a dangling parent factor', (c) => { c.categories[1].factors[0].parentFactorId = 999; }, 'factor BALANCE_SHEET_AI_PLACEHOLDER: parentFactorId 999 is not a factor of this config'],
    ['an id that is not a UUID', (c) => { c.id = 'config-1'; }, 'id "config-1" is not a UUID'],
    ['an empty version', (c) => { c.version = ' '; }, 'version is empty'],
  ];

  it.each(cases)('reports %s', (_name, breakIt, problem) => {
    const config = copyOfDefault();
    breakIt(config);
    expect(checkWeightageConfig(config)).toContainEqual(problem);
  });

  it('accepts a weight sum off by rounding only', () => {
    const config = copyOfDefault();
    config.categories[0].factors = config.categories[0].factors.map((f) => ({ ...f, weight: 1 / 3 }));
    expect(checkWeightageConfig(config)).toEqual([]);
  });
});
