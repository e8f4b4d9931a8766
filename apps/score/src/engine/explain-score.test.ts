import { computeScore } from './compute-score';
import { inputsFromSnapshot } from './score-snapshot';
import type { WeightageConfig } from './weightage-config-shape';
import { EXAMPLE_CONFIG, exampleSnapshot } from './__fixtures__/explain-example';
import { explainScore, placeOnCurve, scoreAndExplain, scoreWithReasons } from './explain-score';

/*
 * The example by hand (config and inputs in __fixtures__/explain-example.ts):
 *   LIENS   30,000 on the segment [10,000→70, 50,000→40]: 70 + (20,000 / 40,000) × (40 − 70) = 55
 *   REVIEWS 4 on [0→0, 5→100]: 80
 *   BUREAU  70 − 10 × 1 delinquent = 60 on [0→0, 100→100]: 60
 *   GROWTH  one year of statements: MISSING_INPUT, its weight renormalised away
 *   PUBLIC  = 0.5 × 55 + 0.5 × 80 = 67.5;  FIN = 0.6 × 60 / 0.6 = 60
 *   score_100 = 0.5 × 67.5 + 0.5 × 60 = 63.75;  850: 300 + 5.5 × 63.75 = 650.625 → 650.63 (MODERATE)
 * Effective weights: LIENS 0.5 × 0.5 = 0.25, REVIEWS 0.25, BUREAU 0.5 × (0.6 / 0.6) = 0.5, GROWTH 0.
 *   contribution_100: LIENS 55 × 0.25 = 13.75, REVIEWS 80 × 0.25 = 20, BUREAU 60 × 0.5 = 30 (sum 63.75)
 *   contribution_850: LIENS (300 + 5.5 × 55 = 602.5) × 0.25 = 150.625 → 150.63, REVIEWS 740 × 0.25 = 185, BUREAU 630 × 0.5 = 315
 *   points_lost_100:  LIENS 45 × 0.25 = 11.25, REVIEWS 20 × 0.25 = 5, BUREAU 40 × 0.5 = 20 (sum 36.25 = 100 − 63.75)
 *   points_lost_850:  × 5.5: LIENS 61.875 → 61.88, REVIEWS 27.5, BUREAU 110 (sum 199.375 = 850 − 650.625)
 */
describe('explainScore', () => {
  const explained = explainScore(EXAMPLE_CONFIG, exampleSnapshot());
  const factor = (code: string) => explained.factors.find((f) => f.code === code);

  it('gives the totals the engine computes for the same snapshot', () => {
    const computed = computeScore(EXAMPLE_CONFIG, inputsFromSnapshot(exampleSnapshot()));
    expect(explained).toMatchObject({
      weightage_config_id: EXAMPLE_CONFIG.id,
      version: 'test-1',
      weighted_score_100: 63.75,
      weighted_score_850: 650.63,
      risk_level: 'MODERATE',
      score_decision: 'FURTHER_REVIEW_NEEDED',
    });
    expect(String(explained.weighted_score_850)).toBe(computed.weighted_score_850);
  });

  it('ranks the factors by the points they cost, the missing one last, numbered from 1', () => {
    expect(explained.factors.map((f) => [f.code, f.rank])).toEqual([
      ['BUREAU', 1],
      ['LIENS', 2],
      ['REVIEWS', 3],
      ['GROWTH', null],
    ]);
  });

  it('shows each factor value, source, weight, contribution and cost as computed by hand', () => {
    expect(factor('LIENS')).toEqual({
      category_code: 'PUBLIC_RECORDS',
      category_label: 'Public Records',
      code: 'LIENS',
      label: 'Liens',
      input: 'ACTIVE_LIENS_AND_JUDGEMENTS_USD',
      unit: 'USD',
      status: 'SUCCESS',
      value: 30000,
      log: '1 active liens/judgements totalling USD 30000',
      source: { kind: 'PUBLIC_RECORDS', provider: 'middesk', fetched_at: '2026-10-30T08:00:00.000Z' },
      curve: {
        points: [[0, 100], [10000, 70], [50000, 40]],
        position: 'BETWEEN',
        segment: { from: [10000, 70], to: [50000, 40] },
        interpolation: '70 + (30000 − 10000) / (50000 − 10000) × (40 − 70) = 55',
      },
      score_100: 55,
      effective_weight: 0.25,
      contribution_100: 13.75,
      contribution_850: 150.63,
      points_lost_100: 11.25,
      points_lost_850: 61.88,
      rank: 2,
      reason_code: 'R01',
    });
    expect(factor('REVIEWS')).toMatchObject({ value: 4, score_100: 80, effective_weight: 0.25, contribution_100: 20, contribution_850: 185, points_lost_100: 5, points_lost_850: 27.5 });
    expect(factor('BUREAU')).toMatchObject({
      value: 60,
      source: { kind: 'FINANCIALS', provider: 'codat', fetched_at: '2026-10-29T09:30:00.000Z' },
      score_100: 60,
      effective_weight: 0.5,
      contribution_100: 30,
      contribution_850: 315,
      points_lost_100: 20,
      points_lost_850: 110,
    });
  });

  it('adds the contributions up to the score and the costs up to what the score lacks of perfect', () => {
    const scored = explained.factors.filter((f) => f.status === 'SUCCESS');
    const sum = (pick: (f: (typeof scored)[number]) => number) => scored.reduce((s, f) => s + pick(f), 0);
    expect(sum((f) => f.contribution_100)).toBeCloseTo(63.75, 2);
    expect(sum((f) => f.points_lost_100)).toBeCloseTo(100 - 63.75, 2);
    // 61.88 + 27.5 + 110 = 199.38, the rounded 850 − 650.625 = 199.375
    expect(sum((f) => f.points_lost_850)).toBeCloseTo(199.38, 2);
  });

  it('lists a missing factor with its status and why, costing nothing and never a reason', () => {
    expect(factor('GROWTH')).toMatchObject({
      status: 'MISSING_INPUT',
      value: null,
      log: 'revenue growth needs statements of at least two years',
      curve: null,
      score_100: null,
      effective_weight: 0,
      contribution_100: 0,
      contribution_850: 0,
      points_lost_100: 0,
      points_lost_850: 0,
      rank: null,
      reason_code: null,
    });
    expect(explained.reason_codes.map((r) => r.factor_code)).not.toContain('GROWTH');
  });

  it('gives the factors that cost points as reason codes in plain language, most costly first', () => {
    expect(explained.reason_codes).toEqual([
      { code: 'R07', factor_code: 'BUREAU', reason: 'Business credit bureau score, less delinquent accounts, is 60 of 100', points_lost_850: 110 },
      { code: 'R01', factor_code: 'LIENS', reason: 'Active liens and judgements total USD 30,000', points_lost_850: 61.88 },
      { code: 'R02', factor_code: 'REVIEWS', reason: 'Average review rating is 4 of 5', points_lost_850: 27.5 },
    ]);
  });

  it('gives at most four reason codes, and none for a factor at a perfect 100', () => {
    // Six factors of equal weight in one category, each on a 0→0, 100→100 curve (or the lien curve):
    // LIENS 30,000 → 55, REVIEWS 4 → 80 (curve 0..5), BUREAU 60, and three financial ratios.
    const config: WeightageConfig = {
      ...EXAMPLE_CONFIG,
      categories: [
        {
          id: 1, code: 'ALL', label: 'All', weight: 1,
          factors: [
            { ...EXAMPLE_CONFIG.categories[0].factors[0], weight: 0.2 },
            { ...EXAMPLE_CONFIG.categories[0].factors[1], weight: 0.2 },
            { ...EXAMPLE_CONFIG.categories[1].factors[0], weight: 0.2 },
            // statement(2025): equity 600,000 / assets 900,000 = 0.6667 → 66.67 on 0→0, 1→100
            { id: 5, factorId: 5, code: 'EQUITY', label: 'Equity', weight: 0.2, parentFactorId: null, input: 'EQUITY_TO_ASSETS', curve: [[0, 0], [1, 100]], unit: 'ratio' },
            // net margin 120,000 / 1,000,000 = 12% ≥ 10: a perfect 100, costing nothing
            { id: 6, factorId: 6, code: 'MARGIN', label: 'Margin', weight: 0.1, parentFactorId: null, input: 'NET_MARGIN_PERCENT', curve: [[0, 0], [10, 100]], unit: '%' },
            // current ratio 400,000 / 200,000 = 2 → 90 on 0→0, 2→90, 3→100
            { id: 7, factorId: 7, code: 'CURRENT', label: 'Current', weight: 0.1, parentFactorId: null, input: 'CURRENT_RATIO', curve: [[0, 0], [2, 90], [3, 100]], unit: 'ratio' },
          ],
        },
      ],
    };
    const six = explainScore(config, exampleSnapshot());
    // Costs on the 100 scale: BUREAU 40 × 0.2 = 8, LIENS 45 × 0.2 = 9, EQUITY 33.33 × 0.2 = 6.67, REVIEWS 20 × 0.2 = 4, CURRENT 10 × 0.1 = 1, MARGIN 0.
    expect(six.factors.map((f) => f.code)).toEqual(['LIENS', 'BUREAU', 'EQUITY', 'REVIEWS', 'CURRENT', 'MARGIN']);
    expect(six.reason_codes.map((r) => r.code)).toEqual(['R01', 'R07', 'R04', 'R02']);
    expect(six.factors.find((f) => f.code === 'MARGIN')).toMatchObject({ points_lost_850: 0, reason_code: null, curve: { position: 'ABOVE_LAST' } });
    expect(six.reason_codes[2].reason).toBe('Equity is 66.67% of total assets');
  });
});

describe('scoreWithReasons (what a stored score keeps)', () => {
  it('gives the score and reason codes the full explanation gives, for every kind of factor', () => {
    const snapshots = [exampleSnapshot(), { ...exampleSnapshot(), sources: { ...exampleSnapshot().sources, financials: null } }];
    for (const snapshot of snapshots) {
      const full = scoreAndExplain(EXAMPLE_CONFIG, snapshot);
      const kept = scoreWithReasons(EXAMPLE_CONFIG, snapshot);
      expect(kept.score).toEqual(full.score);
      expect(kept.reasonCodes).toEqual(full.explanation.reason_codes);
    }
    expect(scoreWithReasons(EXAMPLE_CONFIG, exampleSnapshot()).reasonCodes.map((r) => r.code)).toEqual(['R07', 'R01', 'R02']);
    // The words of each factor's place on its curve are only in the full explanation.
    expect(scoreAndExplain(EXAMPLE_CONFIG, exampleSnapshot(), false).explanation.factors.every((f) => f.curve === null)).toBe(true);
  });
});

describe('explainScore when a category has input only for factors without weight', () => {
  it('leaves the category out as the engine does: BUREAU (weight 0) costs nothing, the score is PUBLIC alone', () => {
    // FIN: BUREAU weight 0 (has input), GROWTH weight 1 (missing): no weight available, FIN has no score.
    // score_100 = PUBLIC = 67.5; 850 = 300 + 5.5 × 67.5 = 671.25; LIENS' weight 1 × 0.5 = 0.5, cost 45 × 0.5 = 22.5.
    const config: WeightageConfig = {
      ...EXAMPLE_CONFIG,
      categories: [
        EXAMPLE_CONFIG.categories[0],
        { ...EXAMPLE_CONFIG.categories[1], factors: [{ ...EXAMPLE_CONFIG.categories[1].factors[0], weight: 0 }, { ...EXAMPLE_CONFIG.categories[1].factors[1], weight: 1 }] },
      ],
    };
    const explained = explainScore(config, exampleSnapshot());
    expect([explained.weighted_score_100, explained.weighted_score_850]).toEqual([67.5, 671.25]);
    expect(explained.factors.find((f) => f.code === 'BUREAU')).toMatchObject({ status: 'SUCCESS', score_100: 60, effective_weight: 0, contribution_850: 0, points_lost_850: 0, reason_code: null });
    expect(explained.factors.find((f) => f.code === 'LIENS')).toMatchObject({ effective_weight: 0.5, points_lost_100: 22.5 });
  });
});

describe('placeOnCurve', () => {
  const curve: [number, number][] = [[0, 100], [10000, 70], [50000, 40]];

  it('clamps a value below the first point to its score', () => {
    expect(placeOnCurve(curve, -5)).toEqual({ points: curve, position: 'BELOW_FIRST', segment: null, interpolation: '-5 ≤ 0, the first point: score 100' });
  });

  it('clamps a value beyond the last point to its score', () => {
    expect(placeOnCurve(curve, 60000)).toMatchObject({ position: 'ABOVE_LAST', segment: null, interpolation: '60000 ≥ 50000, the last point: score 40' });
  });

  it('puts a value equal to an inner point on the segment ending there: 100 + (10000 − 0) / (10000 − 0) × (70 − 100) = 70', () => {
    expect(placeOnCurve(curve, 10000)).toMatchObject({ segment: { from: [0, 100], to: [10000, 70] }, interpolation: '100 + (10000 − 0) / (10000 − 0) × (70 − 100) = 70' });
  });
});
