import { AS_OF, emptyInputs, exampleInputs, yearsBeforeAsOf } from './__fixtures__/example-inputs';
import type { FactorValue } from './factor-value';
import {
  BANKRUPTCY_FREE_YEARS_CAP,
  activeLiensAndJudgementsUsd,
  averageReviewRating,
  yearsSinceBankruptcy,
} from './public-record-values';
import type { BjlInput, ScoreInputs } from './score-inputs';

function withBjl(bjl: BjlInput[] | null): ScoreInputs {
  return { ...emptyInputs(), bjl };
}

function valueOf(result: FactorValue): number {
  if ('missing' in result) throw new Error(`expected a value, got missing: ${result.missing}`);
  return result.value;
}

describe('activeLiensAndJudgementsUsd', () => {
  it('sums the amounts of active liens and judgements only', () => {
    const result = activeLiensAndJudgementsUsd(
      withBjl([
        { kind: 'LIEN', filingDate: AS_OF, status: 'active', amount: 10_000 },
        { kind: 'JUDGEMENT', filingDate: AS_OF, status: 'ACTIVE', amount: 2_500.5 },
        { kind: 'LIEN', filingDate: AS_OF, status: 'released', amount: 99_000 },
        { kind: 'JUDGEMENT', filingDate: AS_OF, status: 'satisfied', amount: 99_000 },
        { kind: 'BANKRUPTCY', filingDate: AS_OF, status: 'active', amount: 99_000 },
      ]),
    );
    expect(valueOf(result)).toBe(12_500.5);
    expect(result).toMatchObject({ log: expect.stringContaining('2 active liens/judgements') });
  });

  it('is 0 with a clean record', () => {
    expect(valueOf(activeLiensAndJudgementsUsd(withBjl([])))).toBe(0);
  });

  it('counts an active record without an amount as 0 and says so', () => {
    const result = activeLiensAndJudgementsUsd(
      withBjl([{ kind: 'LIEN', filingDate: AS_OF, status: 'active', amount: null }]),
    );
    expect(result).toEqual({ value: 0, log: expect.stringContaining('1 without an amount') });
  });

  it('is missing when BJL records were never fetched', () => {
    expect(activeLiensAndJudgementsUsd(withBjl(null))).toEqual({ missing: expect.stringContaining('never fetched') });
  });
});

describe('averageReviewRating', () => {
  it('is the average rating', () => {
    expect(valueOf(averageReviewRating(exampleInputs()))).toBe(4);
  });

  it('clamps a rating outside 0..5', () => {
    const inputs = { ...emptyInputs(), publicRecords: { averageRating: 7, reviewCount: 3, complaintCount: 0 } };
    expect(valueOf(averageReviewRating(inputs))).toBe(5);
  });

  it('is missing when there are no reviews (nothing to average, no division by zero)', () => {
    const inputs = { ...emptyInputs(), publicRecords: { averageRating: 0, reviewCount: 0, complaintCount: 0 } };
    expect(averageReviewRating(inputs)).toEqual({ missing: 'the business has no reviews' });
  });

  it('is missing when public records are null or the rating is not a number', () => {
    expect(averageReviewRating(emptyInputs())).toEqual({ missing: 'public records are not available' });
    const inputs = { ...emptyInputs(), publicRecords: { averageRating: Number.NaN, reviewCount: 3, complaintCount: 0 } };
    expect(averageReviewRating(inputs)).toEqual({ missing: expect.stringContaining('not a number') });
  });
});

describe('yearsSinceBankruptcy', () => {
  it('is the years since the most recent filing', () => {
    const result = yearsSinceBankruptcy(
      withBjl([
        { kind: 'BANKRUPTCY', filingDate: yearsBeforeAsOf(8), status: 'discharged', amount: null },
        { kind: 'BANKRUPTCY', filingDate: yearsBeforeAsOf(3.5), status: 'dismissed', amount: null },
      ]),
    );
    expect(valueOf(result)).toBeCloseTo(3.5, 10);
  });

  it('is the cap without any bankruptcy', () => {
    expect(valueOf(yearsSinceBankruptcy(withBjl([])))).toBe(BANKRUPTCY_FREE_YEARS_CAP);
  });

  it('is 0 with an open bankruptcy, however old', () => {
    const bjl: BjlInput[] = [{ kind: 'BANKRUPTCY', filingDate: yearsBeforeAsOf(30), status: 'Open', amount: null }];
    expect(valueOf(yearsSinceBankruptcy(withBjl(bjl)))).toBe(0);
  });

  it('caps old filings and floors future ones', () => {
    expect(valueOf(yearsSinceBankruptcy(withBjl([{ kind: 'BANKRUPTCY', filingDate: yearsBeforeAsOf(25), status: 'discharged', amount: null }])))).toBe(10);
    expect(valueOf(yearsSinceBankruptcy(withBjl([{ kind: 'BANKRUPTCY', filingDate: yearsBeforeAsOf(-1), status: 'discharged', amount: null }])))).toBe(0);
  });

  it('ignores a filing with an invalid date', () => {
    const result = yearsSinceBankruptcy(withBjl([{ kind: 'BANKRUPTCY', filingDate: new Date('nope'), status: 'discharged', amount: null }]));
    expect(result).toEqual({ value: 10, log: expect.stringContaining('1 without a valid filing date ignored') });
  });

  it('is missing when BJL records were never fetched', () => {
    expect(yearsSinceBankruptcy(withBjl(null))).toEqual({ missing: expect.stringContaining('never fetched') });
  });
});
