import { computeScore, inputsFromSnapshot } from '../engine';
import { EXAMPLE_CONFIG, exampleSnapshot } from '../engine/__fixtures__/explain-example';
import { diffScores } from './score-diff';

/*
 * Before: the example (see engine/explain-score.test.ts): LIENS 55, REVIEWS 80, BUREAU 60, GROWTH missing;
 *   score_100 63.75, 850 650.63 MODERATE / FURTHER_REVIEW_NEEDED; LIENS' 850 contribution
 *   (300 + 5.5 × 55) × 0.25 = 150.625 → 150.63, REVIEWS 185, BUREAU 315, GROWTH 0.
 * After: the USD 30,000 lien released, so LIENS is 0 → 100: PUBLIC = 0.5 × 100 + 0.5 × 80 = 90,
 *   score_100 = 0.5 × 90 + 0.5 × 60 = 75, 850 = 300 + 5.5 × 75 = 712.5 (713: LOW / APPROVE);
 *   LIENS' 850 contribution 850 × 0.25 = 212.5: a change of 212.5 − 150.63 = 61.87.
 */
describe('diffScores', () => {
  const before = computeScore(EXAMPLE_CONFIG, inputsFromSnapshot(exampleSnapshot()));
  const released = exampleSnapshot();
  released.bjl![0].status = 'released';
  const after = computeScore(EXAMPLE_CONFIG, inputsFromSnapshot(released));

  it('compares the totals, risk level and decision', () => {
    expect(diffScores(before, after).overall).toEqual({
      weighted_score_100: { before: 63.75, after: 75, change: 11.25 },
      weighted_score_850: { before: 650.63, after: 712.5, change: 61.87 },
      risk_level: { before: 'MODERATE', after: 'LOW', changed: true },
      score_decision: { before: 'FURTHER_REVIEW_NEEDED', after: 'APPROVE', changed: true },
    });
  });

  it('matches factors by code, the largest absolute change first, then by code', () => {
    const { factors } = diffScores(before, after);
    expect(factors.map((f) => f.code)).toEqual(['LIENS', 'BUREAU', 'GROWTH', 'REVIEWS']);
    expect(factors[0]).toEqual({
      code: 'LIENS',
      label: 'Liens',
      before: { label: 'Liens', status: 'SUCCESS', score_100: 55, weighted_score_850: 150.63 },
      after: { label: 'Liens', status: 'SUCCESS', score_100: 100, weighted_score_850: 212.5 },
      change: { score_100: 45, weighted_score_850: 61.87 },
    });
    expect(factors[1].change).toEqual({ score_100: 0, weighted_score_850: 0 });
  });

  it('shows a factor missing its input with a null score_100 and no change of it', () => {
    const growth = diffScores(before, after).factors.find((f) => f.code === 'GROWTH');
    expect(growth).toEqual({
      code: 'GROWTH',
      label: 'Growth',
      before: { label: 'Growth', status: 'MISSING_INPUT', score_100: null, weighted_score_850: 0 },
      after: { label: 'Growth', status: 'MISSING_INPUT', score_100: null, weighted_score_850: 0 },
      change: { score_100: null, weighted_score_850: 0 },
    });
  });

  it('shows a factor in only one score with the other side null, its contribution gone in full', () => {
    const without = { ...after, score_distribution: after.score_distribution.map((c) => ({ ...c, factors: c.factors.filter((f) => f.code !== 'REVIEWS') })) };
    const { factors } = diffScores(before, without);
    // REVIEWS: 185 before, nothing after: −185, the largest change.
    expect(factors[0]).toEqual({
      code: 'REVIEWS',
      label: 'Reviews',
      before: { label: 'Reviews', status: 'SUCCESS', score_100: 80, weighted_score_850: 185 },
      after: null,
      change: { score_100: null, weighted_score_850: -185 },
    });
    expect(diffScores(without, before).factors[0]).toMatchObject({ code: 'REVIEWS', before: null, change: { weighted_score_850: 185 } });
  });

  it('reads stored scores, whose totals are numeric text, and says when nothing changed', () => {
    const diff = diffScores(before, before);
    expect(diff.overall.weighted_score_850).toEqual({ before: 650.63, after: 650.63, change: 0 });
    expect(diff.overall.risk_level.changed).toBe(false);
    expect(diff.factors.every((f) => f.change.weighted_score_850 === 0)).toBe(true);
  });
});
