import { emptyInputs, exampleInputs, statement } from './__fixtures__/example-inputs';
import { computeScore } from './compute-score';
import type { FinancialStatement, ScoreInputs } from './score-inputs';
import { InvalidWeightageConfigError, NoScoreInputsError } from './engine.errors';
import type { ComputedScore } from './score-output';
import { DEFAULT_WEIGHTAGE_CONFIG, type WeightageConfig } from './weightage-config';

function category(score: ComputedScore, code: string) {
  const found = score.score_distribution.find((c) => c.code === code);
  if (!found) throw new Error(`no category ${code}`);
  return found;
}

function factor(score: ComputedScore, code: string) {
  const found = score.score_distribution.flatMap((c) => c.factors).find((f) => f.code === code);
  if (!found) throw new Error(`no factor ${code}`);
  return found;
}

function sumOfFactorContributions(score: ComputedScore): number {
  return score.score_distribution.flatMap((c) => c.factors).reduce((sum, f) => sum + f.weighted_score_100, 0);
}

describe('computeScore, the worked example under the default config', () => {
  /*
   * Factor values → curve scores (see the extractor tests for the values):
   *   PUBLIC_RECORDS (0.25): liens USD 10,000 → 70; rating 4 → 80; 7 years since bankruptcy → 85
   *     = 0.4×70 + 0.2×80 + 0.4×85 = 28 + 16 + 34 = 78
   *   BUSINESS_OPERATIONS (0.25): equity/assets 0.4 → 80; net margin 5% → 60; OCF/CL 0.4 → 60
   *     = 0.35×80 + 0.35×60 + 0.3×60 = 28 + 21 + 18 = 67
   *   COMPANY_PROFILE (0.2): bureau 80 − 10×1 = 70 → 70
   *   FINANCIAL_TRENDS (0.15): turnover 1.1 → 70 + 0.1×30 = 73; D/E 1.5 → 80 − 0.5×25 = 67.5;
   *     growth 10% → 80; current ratio 1.5 → 75
   *     = 0.2×73 + 0.3×67.5 + 0.2×80 + 0.3×75 = 14.6 + 20.25 + 16 + 22.5 = 73.35
   *   PERFORMANCE_MEASURES (0.15): ROA 5.5% → 70 + 0.5/5×20 = 72; coverage 3.75 → 70 + 0.75/3×20 = 75;
   *     quick ratio 1 → 70
   *     = 0.4×72 + 0.3×75 + 0.3×70 = 28.8 + 22.5 + 21 = 72.3
   * weighted_score_100 = 0.25×78 + 0.25×67 + 0.2×70 + 0.15×73.35 + 0.15×72.3
   *                    = 19.5 + 16.75 + 14 + 11.0025 + 10.845 = 72.0975 → "72.10"
   * weighted_score_850 = 300 + 5.5×72.0975 = 696.53625 → "696.54" → rounds to 697: MODERATE
   * base_score: mean of the 14 factor scores = 1017.5 / 14 = 72.678571…; 300 + 5.5×that = 699.732… → "699.73"
   */
  const score = computeScore(DEFAULT_WEIGHTAGE_CONFIG, exampleInputs());

  it('gives the hand-computed totals, risk and decision', () => {
    expect(score).toMatchObject({
      weighted_score_100: '72.10',
      weighted_score_850: '696.54',
      base_score: '699.73',
      risk_level: 'MODERATE',
      score_decision: 'FURTHER_REVIEW_NEEDED',
      version: '2.2',
      score_weightage_config: DEFAULT_WEIGHTAGE_CONFIG.id,
      is_score_calculated: true,
    });
  });

  it('gives the hand-computed category scores', () => {
    // score = the category's share of weighted_score_100 (weight × score_100, all categories scored).
    expect(category(score, 'PUBLIC_RECORDS')).toMatchObject({ total_weightage: 25, score: '19.50', score_100: '78.00', score_850: '729.00' });
    expect(category(score, 'BUSINESS_OPERATIONS')).toMatchObject({ total_weightage: 25, score: '16.75', score_100: '67.00', score_850: '668.50' });
    expect(category(score, 'COMPANY_PROFILE')).toMatchObject({ total_weightage: 20, score: '14.00', score_100: '70.00', score_850: '685.00' });
    // 300 + 5.5 × 73.35 = 703.425; 0.15 × 72.3 = 10.845 → "10.85"
    expect(category(score, 'FINANCIAL_TRENDS')).toMatchObject({ total_weightage: 15, score: '11.00', score_100: '73.35', score_850: '703.43' });
    expect(category(score, 'PERFORMANCE_MEASURES')).toMatchObject({ total_weightage: 15, score: '10.85', score_100: '72.30', score_850: '697.65' });
  });

  it('gives the hand-computed factor numbers', () => {
    // Liens: effective weight 0.25 × 0.4 = 0.1; 70 × 0.1 = 7; score_850 = 300 + 5.5×70 = 685; 685 × 0.1 = 68.5.
    expect(factor(score, 'JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER')).toEqual({
      id: 14, code: 'JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER', label: 'Judgements and Liens', category_id: 2, is_deleted: false,
      parent_factor_id: null, weightage: 40, factor_id: 14, value: 10000, score_100: 70, weighted_score_100: 7,
      score_850: 685, weighted_score_850: 68.5, status: 'SUCCESS', log: expect.stringMatching(/^Success: 1 active liens\/judgements totalling USD 10000; score_100 70$/),
    });
    // Solvency: effective weight 0.15 × 0.3 = 0.045; 67.5 × 0.045 = 3.0375 → 3.04; 671.25 × 0.045 = 30.20625 → 30.21.
    expect(factor(score, 'SOLVENCY_RATIOS_AI_PLACEHOLDER')).toMatchObject({
      weightage: 30, value: 1.5, score_100: 67.5, weighted_score_100: 3.04, score_850: 671.25, weighted_score_850: 30.21, status: 'SUCCESS',
    });
    expect(factor(score, 'CREDIT_BUREAU_AI_PLACEHOLDER')).toMatchObject({ weightage: 100, value: 70, score_100: 70, weighted_score_100: 14 });
    expect(factor(score, 'EFFICIENCY_RATIOS_AI_PLACEHOLDER')).toMatchObject({ value: 1.1, score_100: 73 });
    expect(factor(score, 'PROFITABILITY_RATIOS_AI_PLACEHOLDER')).toMatchObject({ value: 5.5, score_100: 72 });
    expect(factor(score, 'VALUATION_RATIOS_AI_PLACEHOLDER')).toMatchObject({ value: 3.75, score_100: 75 });
  });

  it('has factor contributions that add up to the weighted score (up to rounding)', () => {
    expect(sumOfFactorContributions(score)).toBeCloseTo(72.0975, 1);
    const sum850 = score.score_distribution.flatMap((c) => c.factors).reduce((sum, f) => sum + f.weighted_score_850, 0);
    expect(sum850).toBeCloseTo(696.54, 1);
  });
});

describe('computeScore when inputs are missing', () => {
  /*
   * No financials and no public records (BJL still there):
   *   PUBLIC_RECORDS: reviews missing, liens and bankruptcies renormalised 0.4/0.8 = 0.5 each:
   *     0.5×70 + 0.5×85 = 77.5
   *   COMPANY_PROFILE: 70. The three financial categories have no score.
   *   weighted_score_100 = (0.25×77.5 + 0.2×70) / (0.25 + 0.2) = (19.375 + 14) / 0.45 = 74.1666… → "74.17"
   *   weighted_score_850 = 300 + 5.5×74.1666… = 707.9166… → "707.92" (LOW, APPROVE)
   *   base_score = 300 + 5.5 × (70 + 85 + 70)/3 = 300 + 5.5×75 = 712.5 → "712.50"
   */
  const inputs: ScoreInputs = { ...exampleInputs(), financials: null, publicRecords: null };
  const score = computeScore(DEFAULT_WEIGHTAGE_CONFIG, inputs);

  it('renormalises the remaining factor and category weights', () => {
    expect(score).toMatchObject({ weighted_score_100: '74.17', weighted_score_850: '707.92', base_score: '712.50', risk_level: 'LOW', score_decision: 'APPROVE' });
    expect(category(score, 'PUBLIC_RECORDS')).toMatchObject({ score_100: '77.50', score: '43.06' }); // 77.5 × 0.25/0.45
    expect(category(score, 'COMPANY_PROFILE')).toMatchObject({ score_100: '70.00', score: '31.11' }); // 70 × 0.2/0.45
    // Liens: effective weight (0.25/0.45) × 0.5 = 0.2777…; 70 × that = 19.444… → 19.44
    expect(factor(score, 'JUDGEMENTS_AND_LIENS_AI_PLACEHOLDER').weighted_score_100).toBe(19.44);
    expect(sumOfFactorContributions(score)).toBeCloseTo(74.1667, 1);
  });

  it('marks the missing factors MISSING_INPUT with zeros and a log saying why', () => {
    expect(factor(score, 'SOCIAL_REVIEWS_AI_PLACEHOLDER')).toMatchObject({
      status: 'MISSING_INPUT', value: 0, score_100: 0, weighted_score_100: 0, score_850: 0, weighted_score_850: 0, weightage: 20,
      log: 'MISSING_INPUT: public records are not available; left out, the other weights renormalised',
    });
    for (const code of ['BUSINESS_OPERATIONS', 'FINANCIAL_TRENDS', 'PERFORMANCE_MEASURES']) {
      const missing = category(score, code);
      expect(missing).toMatchObject({ score: '0.00', score_100: '0.00', score_850: '0.00' });
      for (const f of missing.factors) {
        expect(f).toMatchObject({ status: 'MISSING_INPUT', log: expect.stringMatching(/^MISSING_INPUT: financial statements are not available/) });
      }
    }
  });

  it('renormalises within a category when only some of its factors are missing', () => {
    // One year of statements: ECONOMICS is missing; FINANCIAL_TRENDS = (14.6 + 20.25 + 22.5) / 0.8 = 71.6875 → "71.69"
    const oneYear = { ...exampleInputs(), financials: { statements: [statement()] } };
    const partial = computeScore(DEFAULT_WEIGHTAGE_CONFIG, oneYear);
    expect(factor(partial, 'ECONOMICS_AI_PLACEHOLDER')).toMatchObject({ status: 'MISSING_INPUT', log: expect.stringContaining('two years') });
    expect(category(partial, 'FINANCIAL_TRENDS').score_100).toBe('71.69');
  });

  it('throws NoScoreInputsError when no factor has input', () => {
    expect(() => computeScore(DEFAULT_WEIGHTAGE_CONFIG, emptyInputs())).toThrow(NoScoreInputsError);
    try {
      computeScore(DEFAULT_WEIGHTAGE_CONFIG, emptyInputs());
    } catch (error) {
      expect(error).toMatchObject({ name: 'NoScoreInputsError', message: 'no factor of the score has input' });
      expect((error as NoScoreInputsError).missing).toHaveLength(14);
    }
  });

  it('never emits NaN or Infinity, even with statements full of zeros', () => {
    const zeros = Object.fromEntries(Object.keys(statement()).map((key) => [key, 0])) as Partial<FinancialStatement>;
    const inputs: ScoreInputs = {
      ...emptyInputs(),
      financials: { statements: [statement({ ...zeros, year: 2023 }), statement({ ...zeros, year: 2024 })] },
      publicRecords: { averageRating: 0, reviewCount: 0, complaintCount: 0 },
    };
    const text = JSON.stringify(computeScore(DEFAULT_WEIGHTAGE_CONFIG, inputs));
    expect(text).not.toMatch(/NaN|Infinity/);
    expect(text).not.toContain('"-0.00"');
  });
});

describe('computeScore with a broken config', () => {
  it('refuses to score and lists the problems', () => {
    const broken: WeightageConfig = { ...DEFAULT_WEIGHTAGE_CONFIG, cutoffs: [] };
    expect(() => computeScore(broken, exampleInputs())).toThrow(InvalidWeightageConfigError);
    expect(() => computeScore(broken, exampleInputs())).toThrow('the weightage config is invalid: there are no cut-offs');
  });
});
