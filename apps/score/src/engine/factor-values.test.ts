import { emptyInputs, exampleInputs } from './__fixtures__/example-inputs';
import {
  DELINQUENT_ACCOUNT_PENALTY,
  FACTOR_VALUE_EXTRACTORS,
  creditBureauAdjustedScore,
  extractFactorValue,
  isFactorInputKey,
} from './factor-values';
import type { ScoreInputs } from './score-inputs';

function withBureau(score: number, delinquentAccounts: number): ScoreInputs {
  return { ...emptyInputs(), creditBureau: { score, delinquentAccounts } };
}

describe('creditBureauAdjustedScore', () => {
  it('is the bureau score less the penalty per delinquent account: 80 − 10 × 1 = 70', () => {
    expect(DELINQUENT_ACCOUNT_PENALTY).toBe(10);
    expect(creditBureauAdjustedScore(exampleInputs())).toEqual({ value: 70, log: expect.stringContaining('1 delinquent') });
  });

  it('never goes below 0 nor above 100', () => {
    expect(creditBureauAdjustedScore(withBureau(30, 5))).toMatchObject({ value: 0 });
    expect(creditBureauAdjustedScore(withBureau(140, 0))).toMatchObject({ value: 100 });
  });

  it('treats an invalid delinquency count as 0 and says so', () => {
    expect(creditBureauAdjustedScore(withBureau(60, Number.NaN))).toEqual({ value: 60, log: expect.stringContaining('invalid') });
  });

  it('is missing without a bureau report or with a score that is not a number', () => {
    expect(creditBureauAdjustedScore(emptyInputs())).toEqual({ missing: 'the credit bureau report is not available' });
    expect(creditBureauAdjustedScore(withBureau(Number.POSITIVE_INFINITY, 0))).toEqual({ missing: expect.stringContaining('not a number') });
  });
});

describe('extractFactorValue', () => {
  it('knows fourteen extractors, one per factor of the default config', () => {
    expect(Object.keys(FACTOR_VALUE_EXTRACTORS)).toHaveLength(14);
    expect(isFactorInputKey('CURRENT_RATIO')).toBe(true);
    expect(isFactorInputKey('toString')).toBe(false);
  });

  it('gives every extractor a finite value for the example and a reason for empty inputs', () => {
    for (const key of Object.keys(FACTOR_VALUE_EXTRACTORS)) {
      if (!isFactorInputKey(key)) throw new Error(key);
      const present = extractFactorValue(key, exampleInputs());
      expect('value' in present && Number.isFinite(present.value)).toBe(true);
      expect(extractFactorValue(key, emptyInputs())).toEqual({ missing: expect.any(String) });
    }
  });

  it('turns an extractor that throws into a missing value', () => {
    const broken = { ...exampleInputs(), bjl: [null] } as unknown as ScoreInputs;
    expect(extractFactorValue('ACTIVE_LIENS_AND_JUDGEMENTS_USD', broken)).toEqual({
      missing: expect.stringContaining('could not be computed'),
    });
  });
});
