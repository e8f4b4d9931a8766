import { AS_OF } from './__fixtures__/example-inputs';
import { computeScore, riskFor } from './compute-score';
import type { ScoreInputs } from './score-inputs';
import { DEFAULT_WEIGHTAGE_CONFIG, type WeightageConfig } from './weightage-config';

/**
 * A one-factor config whose flat curve gives every value the same `score100`, so the score on the
 * 850 scale is exactly 300 + 5.5 × score100 whatever the input.
 */
function configForcing(score850: number): WeightageConfig {
  const score100 = (score850 - 300) / 5.5;
  const bureau = DEFAULT_WEIGHTAGE_CONFIG.categories[2];
  return {
    ...DEFAULT_WEIGHTAGE_CONFIG,
    categories: [{ ...bureau, weight: 1, factors: [{ ...bureau.factors[0], curve: [[0, score100], [100, score100]] }] }],
  };
}

const inputs: ScoreInputs = { asOf: AS_OF, publicRecords: null, bjl: null, financials: null, creditBureau: { score: 50, delinquentAccounts: 0 } };

const boundaries: Array<[number, string, string]> = [
  [300, 'HIGH', 'DECLINE'],
  [549, 'HIGH', 'DECLINE'],
  [550, 'MODERATE', 'FURTHER_REVIEW_NEEDED'],
  [699, 'MODERATE', 'FURTHER_REVIEW_NEEDED'],
  [700, 'LOW', 'APPROVE'],
  [850, 'LOW', 'APPROVE'],
];

describe('riskFor under the default cut-offs', () => {
  it.each(boundaries)('%d is %s / %s', (score850, riskLevel, decision) => {
    expect(riskFor(DEFAULT_WEIGHTAGE_CONFIG, score850)).toEqual({ riskLevel, decision });
  });

  it('rounds to a whole score first, half up', () => {
    expect(riskFor(DEFAULT_WEIGHTAGE_CONFIG, 549.49).riskLevel).toBe('HIGH');
    expect(riskFor(DEFAULT_WEIGHTAGE_CONFIG, 549.5).riskLevel).toBe('MODERATE');
    expect(riskFor(DEFAULT_WEIGHTAGE_CONFIG, 699.49).riskLevel).toBe('MODERATE');
    expect(riskFor(DEFAULT_WEIGHTAGE_CONFIG, 699.5).riskLevel).toBe('LOW');
  });

  it('gives a score below every cut-off the last one, and refuses a non-finite score', () => {
    expect(riskFor(DEFAULT_WEIGHTAGE_CONFIG, 12)).toEqual({ riskLevel: 'HIGH', decision: 'DECLINE' });
    expect(() => riskFor(DEFAULT_WEIGHTAGE_CONFIG, Number.NaN)).toThrow(RangeError);
  });
});

describe('computeScore at the cut-offs (curves forcing exact scores)', () => {
  it.each(boundaries)('a score of %d is %s / %s', (score850, riskLevel, decision) => {
    const score = computeScore(configForcing(score850), inputs);
    expect(score.weighted_score_850).toBe(`${score850}.00`);
    expect(score).toMatchObject({ risk_level: riskLevel, score_decision: decision });
  });
});
