import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleInputs } from './__fixtures__/example-inputs';
import { computeScore } from './compute-score';
import type { ScoreInputs } from './score-inputs';
import { DEFAULT_WEIGHTAGE_CONFIG } from './weightage-config';

/** The published 200 sample of E10, copied from shared/reference/samples. */
const sample = JSON.parse(readFileSync(join(__dirname, '__fixtures__/business-score.response.200.json'), 'utf8')) as {
  data: Record<string, unknown> & { score_distribution: Array<Record<string, unknown> & { factors: Array<Record<string, unknown>> }> };
};
const sampleScore = sample.data;
const sampleCategory = sampleScore.score_distribution[0];
const sampleFactor = sampleCategory.factors[0];

/** Keys of the stored record that the store, not the engine, provides. */
const RECORD_KEYS = ['id', 'month', 'year', 'created_at', 'business_id', 'customer_id', 'status'];

const NUMERIC_TEXT = /^-?\d+\.\d{2}$/;

const withMissing: ScoreInputs = { ...exampleInputs(), financials: null };
const scores = [computeScore(DEFAULT_WEIGHTAGE_CONFIG, exampleInputs()), computeScore(DEFAULT_WEIGHTAGE_CONFIG, withMissing)];

describe.each(scores.map((score, i) => [i === 0 ? 'all inputs' : 'missing financials', score] as const))('the computed score (%s) against the contract', (_name, score) => {
  it('has the sample key set, with the record keys the store adds', () => {
    expect([...Object.keys(score), ...RECORD_KEYS].sort()).toEqual(Object.keys(sampleScore).sort());
  });

  it('has the sample key set for every category and factor', () => {
    for (const category of score.score_distribution) {
      expect(Object.keys(category).sort()).toEqual(Object.keys(sampleCategory).sort());
      for (const factor of category.factors) expect(Object.keys(factor).sort()).toEqual(Object.keys(sampleFactor).sort());
    }
  });

  it('types every field as the contract does (strings vs numbers)', () => {
    for (const [key, value] of Object.entries(score)) expect([key, typeof value]).toEqual([key, typeof sampleScore[key]]);
    for (const category of score.score_distribution) {
      for (const [key, value] of Object.entries(category)) expect([key, typeof value]).toEqual([key, typeof sampleCategory[key]]);
      expect(Number.isInteger(category.id)).toBe(true);
      for (const factor of category.factors) {
        for (const [key, value] of Object.entries(factor)) {
          if (key === 'parent_factor_id') continue;
          expect([key, typeof value]).toEqual([key, typeof sampleFactor[key]]);
        }
        expect(factor.parent_factor_id === null || Number.isInteger(factor.parent_factor_id)).toBe(true);
        for (const key of ['id', 'category_id', 'factor_id'] as const) expect(Number.isInteger(factor[key])).toBe(true);
        for (const key of ['weightage', 'value', 'score_100', 'weighted_score_100', 'score_850', 'weighted_score_850'] as const) {
          expect(Number.isFinite(factor[key])).toBe(true);
        }
      }
    }
  });

  it('writes score texts with two decimals', () => {
    for (const text of [score.weighted_score_100, score.weighted_score_850, score.base_score]) expect(text).toMatch(NUMERIC_TEXT);
    for (const category of score.score_distribution) {
      for (const text of [category.score, category.score_100, category.score_850]) expect(text).toMatch(NUMERIC_TEXT);
    }
  });

  it('uses the sample category and factor ids, codes and labels', () => {
    type Named = { id: unknown; code: unknown; label: unknown };
    type Shaped = Named & { factors: ReadonlyArray<Named & { factor_id: unknown; category_id: unknown }> };
    const shape = (categories: readonly Shaped[]) =>
      categories.map((c) => [c.id, c.code, c.label, c.factors.map((f) => [f.id, f.factor_id, f.category_id, f.code, f.label])]);
    expect(shape(score.score_distribution)).toEqual(shape(sampleScore.score_distribution as unknown as Shaped[]));
  });
});
