import { exampleInputs } from './__fixtures__/example-inputs';
import { computeScore } from './compute-score';
import { DEFAULT_WEIGHTAGE_CONFIG, checkWeightageConfig, type WeightageConfig } from './weightage-config';

/** Version 2.3 as data: public records weigh more, the rest less; nothing else changes. */
const VERSION_2_3: WeightageConfig = {
  ...(JSON.parse(JSON.stringify(DEFAULT_WEIGHTAGE_CONFIG)) as WeightageConfig),
  id: '0d6f2a54-8c1e-4b7a-9e3d-5f2c1b0a9e77',
  version: '2.3',
};
VERSION_2_3.categories.forEach((category) => {
  category.weight = category.code === 'PUBLIC_RECORDS' ? 0.4 : 0.15;
});

describe('a new weightage config version', () => {
  it('is valid data', () => {
    expect(checkWeightageConfig(VERSION_2_3)).toEqual([]);
  });

  it('changes the result without code changes', () => {
    /*
     * Same category scores as the worked example (78, 67, 70, 73.35, 72.3), new weights:
     * 0.4×78 + 0.15×(67 + 70 + 73.35 + 72.3) = 31.2 + 0.15×282.65 = 31.2 + 42.3975 = 73.5975 → "73.60"
     * 300 + 5.5×73.5975 = 704.78625 → "704.79": LOW / APPROVE (2.2 gave 696.54, MODERATE)
     */
    const before = computeScore(DEFAULT_WEIGHTAGE_CONFIG, exampleInputs());
    const after = computeScore(VERSION_2_3, exampleInputs());
    expect(before).toMatchObject({ weighted_score_850: '696.54', risk_level: 'MODERATE', version: '2.2' });
    expect(after).toMatchObject({
      weighted_score_100: '73.60',
      weighted_score_850: '704.79',
      risk_level: 'LOW',
      score_decision: 'APPROVE',
      version: '2.3',
      score_weightage_config: '0d6f2a54-8c1e-4b7a-9e3d-5f2c1b0a9e77',
    });
    expect(after.score_distribution.map((c) => c.total_weightage)).toEqual([40, 15, 15, 15, 15]);
  });

  it('can move the cut-offs too', () => {
    const strict: WeightageConfig = {
      ...DEFAULT_WEIGHTAGE_CONFIG,
      cutoffs: [
        { minScore850: 750, riskLevel: 'LOW', decision: 'APPROVE' },
        { minScore850: 700, riskLevel: 'MODERATE', decision: 'FURTHER_REVIEW_NEEDED' },
        { minScore850: 0, riskLevel: 'HIGH', decision: 'DECLINE' },
      ],
    };
    expect(computeScore(strict, exampleInputs())).toMatchObject({ risk_level: 'HIGH', score_decision: 'DECLINE' });
  });
});
