import type { ScoreEntry } from '@kyb/area-views';
import { scoreChange } from './score-change';

const entry = (year: number, month: number, score850: number, factors: Array<[code: string, points: number, status?: string]>): ScoreEntry => ({
  id: `${year}-${month}`,
  businessId: 'b',
  version: '2.2',
  weightageConfigId: 'c',
  weightedScore100: (score850 - 300) / 5.5,
  weightedScore850: score850,
  riskLevel: score850 >= 700 ? 'LOW' : 'MODERATE',
  decision: score850 >= 700 ? 'APPROVE' : 'FURTHER_REVIEW_NEEDED',
  distribution: [
    {
      code: 'ALL',
      label: 'All',
      total_weightage: 100,
      score_100: '0',
      factors: factors.map(([code, points, status = 'SUCCESS']) => ({ code, label: `${code} label`, value: 0, score_100: 0, weighted_score_850: points, weightage: 10, status })),
    },
  ],
  reasonCodes: [],
  year,
  month,
  createdAt: new Date(Date.UTC(year, month - 1, 10)),
});

describe('scoreChange: how the latest score moved since an earlier month', () => {
  it('answers the points moved overall and per factor, largest move first, leaving out factors that did not move', () => {
    // Liens 120 -> 161.25 (+41.25), bureau 90 -> 82.5 (-7.5), reviews 50 -> 50 (0), total 651.5 -> 712 (+60.5).
    const then = entry(2025, 2, 651.5, [['LIENS', 120], ['BUREAU', 90], ['REVIEWS', 50]]);
    const now = entry(2025, 3, 712, [['LIENS', 161.25], ['BUREAU', 82.5], ['REVIEWS', 50]]);
    expect(scoreChange(now, then)).toEqual({
      period: '2025-02',
      weightedScore850: 651.5,
      riskLevel: 'MODERATE',
      decision: 'FURTHER_REVIEW_NEEDED',
      change850: 60.5,
      factors: [
        { code: 'LIENS', label: 'LIENS label', change850: 41.25 },
        { code: 'BUREAU', label: 'BUREAU label', change850: -7.5 },
      ],
    });
  });

  it('counts a factor without input, or only in one of the scores, as contributing 0 there; lists at most five', () => {
    const then = entry(2024, 12, 600, [['A', 30, 'MISSING_INPUT'], ['GONE', 12], ['B', 1], ['C', 1], ['D', 1], ['E', 1]]);
    const now = entry(2025, 1, 610, [['A', 30], ['NEW', 5], ['B', 2], ['C', 3], ['D', 4], ['E', 1]]);
    expect(scoreChange(now, then).factors).toEqual([
      { code: 'A', label: 'A label', change850: 30 },
      { code: 'GONE', label: 'GONE label', change850: -12 },
      { code: 'NEW', label: 'NEW label', change850: 5 },
      { code: 'D', label: 'D label', change850: 3 },
      { code: 'C', label: 'C label', change850: 2 },
    ]);
  });
});
