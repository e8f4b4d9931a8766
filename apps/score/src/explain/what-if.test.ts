import { computeScore, inputsFromSnapshot } from '../engine';
import { EXAMPLE_CONFIG, exampleSnapshot } from '../engine/__fixtures__/explain-example';
import { WhatIfOverrideError } from './explain.errors';
import { applyWhatIf, type WhatIfOverrides } from './what-if';

/* The example's score (engine/explain-score.test.ts): LIENS 55, REVIEWS 80, BUREAU 60, GROWTH missing; 63.75 / 650.63. */
const score = (overrides: WhatIfOverrides) => {
  const applied = applyWhatIf(exampleSnapshot(), EXAMPLE_CONFIG, overrides);
  return computeScore(EXAMPLE_CONFIG, inputsFromSnapshot(applied.snapshot), { factorValues: applied.factorValues });
};
const factor = (s: ReturnType<typeof score>, code: string) => s.score_distribution.flatMap((c) => c.factors).find((f) => f.code === code);

describe('applyWhatIf', () => {
  it('"if the open lien were released": LIENS 0 → 100, PUBLIC 90, score 0.5 × 90 + 0.5 × 60 = 75, 850 = 712.50', () => {
    const s = score({ bjl: [{ record_id: 'L-1', status: 'released' }] });
    expect(factor(s, 'LIENS')).toMatchObject({ value: 0, score_100: 100 });
    expect([s.weighted_score_100, s.weighted_score_850, s.risk_level, s.score_decision]).toEqual(['75.00', '712.50', 'LOW', 'APPROVE']);
  });

  it('releases every active lien with release_all_liens, as releasing each would', () => {
    expect(score({ release_all_liens: true })).toEqual(score({ bjl: [{ record_id: 'L-1', status: 'released' }] }));
  });

  it('re-opens a satisfied judgement: USD 30,000 + 8,000 = 38,000 → 70 + (28,000 / 40,000) × −30 = 49', () => {
    expect(factor(score({ bjl: [{ record_id: 'J-1', status: 'active' }] }), 'LIENS')).toMatchObject({ value: 38000, score_100: 49 });
  });

  it('changes the bureau fields given and keeps the others: score 90, 1 delinquent → 80; FIN 80; 0.5 × 67.5 + 0.5 × 80 = 73.75', () => {
    const s = score({ credit_bureau: { score: 90 } });
    expect(factor(s, 'BUREAU')).toMatchObject({ value: 80, score_100: 80 });
    expect(s.weighted_score_100).toBe('73.75');
  });

  it('changes the public records given: rating 2 → 40; PUBLIC 0.5 × 55 + 0.5 × 40 = 47.5; 0.5 × 47.5 + 0.5 × 60 = 53.75', () => {
    expect(score({ public_records: { average_rating: 2 } }).weighted_score_100).toBe('53.75');
  });

  it('takes a factor value outright: BUREAU 90; FIN 90; 0.5 × 67.5 + 0.5 × 90 = 78.75, 850 = 300 + 433.125 = 733.13', () => {
    const s = score({ factor_values: { BUREAU: 90 } });
    expect(factor(s, 'BUREAU')).toMatchObject({ value: 90, score_100: 90, status: 'SUCCESS', log: 'Given: value 90 (what-if); score_100 90' });
    expect([s.weighted_score_100, s.weighted_score_850]).toEqual(['78.75', '733.13']);
  });

  it('gives a missing factor a value: GROWTH 0 → 50; FIN (0.6 × 60 + 0.4 × 50) = 56; 0.5 × 67.5 + 0.5 × 56 = 61.75', () => {
    const s = score({ factor_values: { GROWTH: 0 } });
    expect(factor(s, 'GROWTH')).toMatchObject({ status: 'SUCCESS', score_100: 50 });
    expect(s.weighted_score_100).toBe('61.75');
  });

  it('leaves the snapshot it was given as it was', () => {
    const snapshot = exampleSnapshot();
    applyWhatIf(snapshot, EXAMPLE_CONFIG, { release_all_liens: true, credit_bureau: { score: 1 }, public_records: { review_count: 0 } });
    expect(snapshot).toEqual(exampleSnapshot());
  });

  it.each([
    [{ factor_values: { NOPE: 1 } }, "Unknown factor code 'NOPE': the score's config (version test-1) has LIENS, REVIEWS, BUREAU, GROWTH."],
    [{ bjl: [{ record_id: 'X-9', status: 'released' }] }, "Unknown record id 'X-9': the score has no bankruptcy, lien or judgement with it."],
    [{ bjl: [{ record_id: 'L-1', status: 'satisfied' }] }, "Record 'L-1' is a lien: its status can be active, released, not 'satisfied'."],
    [{ bjl: [{ record_id: 'L-1', status: 'released' }, { record_id: 'L-1', status: 'active' }] }, "Record 'L-1' is given more than once in bjl."],
  ])('refuses %j: %s', (overrides, message) => {
    expect(() => applyWhatIf(exampleSnapshot(), EXAMPLE_CONFIG, overrides)).toThrow(new WhatIfOverrideError(message));
  });

  it('needs both bureau fields, or all public records fields, where the score had none', () => {
    const bare = { ...exampleSnapshot(), creditBureau: null, publicRecords: null };
    expect(() => applyWhatIf(bare, EXAMPLE_CONFIG, { credit_bureau: { score: 50 } })).toThrow(
      'The score had no credit bureau report: credit_bureau needs both score and delinquent_accounts.',
    );
    expect(() => applyWhatIf(bare, EXAMPLE_CONFIG, { public_records: { average_rating: 3 } })).toThrow(
      'The score had no public records: public_records needs average_rating, review_count and complaint_count.',
    );
    expect(applyWhatIf(bare, EXAMPLE_CONFIG, { credit_bureau: { score: 50, delinquent_accounts: 0 } }).snapshot.creditBureau).toEqual({ score: 50, delinquentAccounts: 0 });
  });
});

describe('computeScore with factor values (additive)', () => {
  it('computes exactly as before when none or an empty set is given', () => {
    const inputs = inputsFromSnapshot(exampleSnapshot());
    expect(computeScore(EXAMPLE_CONFIG, inputs, {})).toEqual(computeScore(EXAMPLE_CONFIG, inputs));
    expect(computeScore(EXAMPLE_CONFIG, inputs, { factorValues: {} })).toEqual(computeScore(EXAMPLE_CONFIG, inputs));
  });
});
