import type { FactorValue } from './factor-value';
import { clamp, formatNumber, isFiniteNumber } from './numeric';
import type { BjlInput, ScoreInputs } from './score-inputs';

/** Years reported when there has never been a bankruptcy: the best value the curve knows. */
export const BANKRUPTCY_FREE_YEARS_CAP = 10;

const MS_PER_YEAR = 365.25 * 24 * 60 * 60 * 1000;
const BJL_NOT_FETCHED = 'bankruptcies, liens and judgements were never fetched (BJL input is null)';

/**
 * Total amount in USD of the liens and judgements whose status is `active` (case-insensitive);
 * 0 is best. Released liens and satisfied judgements do not count. A record without an amount (or
 * with a non-finite one) adds 0 and is counted in the log, since its size is unknown; negative
 * amounts count as 0. Missing when the BJL input is null.
 */
export function activeLiensAndJudgementsUsd(inputs: ScoreInputs): FactorValue {
  if (inputs.bjl === null) return { missing: BJL_NOT_FETCHED };
  const active = inputs.bjl.filter(
    (record) => (record.kind === 'LIEN' || record.kind === 'JUDGEMENT') && record.status.toLowerCase() === 'active',
  );
  let total = 0;
  let withoutAmount = 0;
  for (const record of active) {
    if (isFiniteNumber(record.amount)) total += Math.max(0, record.amount);
    else withoutAmount += 1;
  }
  const unknown = withoutAmount > 0 ? `, ${withoutAmount} without an amount counted as 0` : '';
  return { value: total, log: `${active.length} active liens/judgements totalling USD ${formatNumber(total)}${unknown}` };
}

/**
 * Average review rating on 0..5 (values outside are clamped). Missing when public records are
 * null, when there are no reviews (a rating of nothing says nothing) or the rating is not finite.
 */
export function averageReviewRating(inputs: ScoreInputs): FactorValue {
  const records = inputs.publicRecords;
  if (records === null) return { missing: 'public records are not available' };
  if (!isFiniteNumber(records.reviewCount) || records.reviewCount <= 0) {
    return { missing: 'the business has no reviews' };
  }
  if (!isFiniteNumber(records.averageRating)) return { missing: 'the average rating is not a number' };
  const rating = clamp(records.averageRating, 0, 5);
  return { value: rating, log: `average rating ${formatNumber(rating)} of 5 over ${records.reviewCount} reviews` };
}

/**
 * Years since the most recent bankruptcy filing, measured from `asOf`, within
 * 0..{@link BANKRUPTCY_FREE_YEARS_CAP}. No bankruptcy gives the cap; an `open` bankruptcy gives 0
 * whatever its age, because it is still unresolved; a filing dated after `asOf` counts as 0
 * years. Filings with an invalid date are ignored (and logged). Missing when the BJL input is null.
 */
export function yearsSinceBankruptcy(inputs: ScoreInputs): FactorValue {
  if (inputs.bjl === null) return { missing: BJL_NOT_FETCHED };
  const bankruptcies = inputs.bjl.filter((record) => record.kind === 'BANKRUPTCY');
  const dated = bankruptcies.filter((record) => isFiniteNumber(record.filingDate.getTime()));
  const ignored = bankruptcies.length - dated.length;
  const ignoredNote = ignored > 0 ? ` (${ignored} without a valid filing date ignored)` : '';
  if (dated.some((record) => record.status.toLowerCase() === 'open')) {
    return { value: 0, log: `an open bankruptcy: 0 years${ignoredNote}` };
  }
  const latest = mostRecent(dated);
  if (latest === null) {
    return { value: BANKRUPTCY_FREE_YEARS_CAP, log: `no bankruptcy: capped at ${BANKRUPTCY_FREE_YEARS_CAP} years${ignoredNote}` };
  }
  const years = (inputs.asOf.getTime() - latest.filingDate.getTime()) / MS_PER_YEAR;
  const value = isFiniteNumber(years) ? clamp(years, 0, BANKRUPTCY_FREE_YEARS_CAP) : 0;
  return {
    value,
    log: `most recent bankruptcy filed ${latest.filingDate.toISOString().slice(0, 10)} (${latest.status}): ${formatNumber(value)} years${ignoredNote}`,
  };
}

function mostRecent(records: BjlInput[]): BjlInput | null {
  let latest: BjlInput | null = null;
  for (const record of records) {
    if (latest === null || record.filingDate.getTime() > latest.filingDate.getTime()) latest = record;
  }
  return latest;
}
