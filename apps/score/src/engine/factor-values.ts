import type { FactorValue, FactorValueExtractor } from './factor-value';
import {
  assetTurnover,
  currentRatio,
  debtToEquity,
  equityToAssets,
  interestCoverage,
  netMarginPercent,
  operatingCashFlowToCurrentLiabilities,
  quickRatio,
  returnOnAssetsPercent,
  revenueGrowthPercent,
} from './financial-values';
import { clamp, formatNumber, isFiniteNumber } from './numeric';
import { activeLiensAndJudgementsUsd, averageReviewRating, yearsSinceBankruptcy } from './public-record-values';
import type { ScoreInputs } from './score-inputs';

/** Points taken off the bureau score for each account more than 30 days past due. */
export const DELINQUENT_ACCOUNT_PENALTY = 10;

/**
 * Credit bureau score clamped to 0..100, minus {@link DELINQUENT_ACCOUNT_PENALTY} points per
 * delinquent account, floored at 0: a current delinquency is a stronger signal than the bureau's
 * (often lagging) score alone. Missing when the bureau input is null or its score is not finite;
 * a non-finite or negative delinquency count is treated as 0 (and logged).
 */
export function creditBureauAdjustedScore(inputs: ScoreInputs): FactorValue {
  const bureau = inputs.creditBureau;
  if (bureau === null) return { missing: 'the credit bureau report is not available' };
  if (!isFiniteNumber(bureau.score)) return { missing: 'the credit bureau score is not a number' };
  const valid = isFiniteNumber(bureau.delinquentAccounts) && bureau.delinquentAccounts >= 0;
  const delinquent = valid ? bureau.delinquentAccounts : 0;
  const score = clamp(bureau.score, 0, 100);
  const value = Math.max(0, score - DELINQUENT_ACCOUNT_PENALTY * delinquent);
  const note = valid ? '' : ' (delinquent account count invalid, taken as 0)';
  return {
    value,
    log: `bureau score ${formatNumber(score)} − ${DELINQUENT_ACCOUNT_PENALTY} × ${delinquent} delinquent accounts = ${formatNumber(value)}${note}`,
  };
}

/**
 * The value extractors, by the `input` key a config's factor names. A key names a computation,
 * not a factor: a new config version can point any factor at any of them.
 */
export const FACTOR_VALUE_EXTRACTORS = {
  ACTIVE_LIENS_AND_JUDGEMENTS_USD: activeLiensAndJudgementsUsd,
  AVERAGE_REVIEW_RATING: averageReviewRating,
  YEARS_SINCE_BANKRUPTCY: yearsSinceBankruptcy,
  EQUITY_TO_ASSETS: equityToAssets,
  NET_MARGIN_PERCENT: netMarginPercent,
  OPERATING_CASH_FLOW_TO_CURRENT_LIABILITIES: operatingCashFlowToCurrentLiabilities,
  CREDIT_BUREAU_ADJUSTED_SCORE: creditBureauAdjustedScore,
  ASSET_TURNOVER: assetTurnover,
  DEBT_TO_EQUITY: debtToEquity,
  REVENUE_GROWTH_PERCENT: revenueGrowthPercent,
  CURRENT_RATIO: currentRatio,
  RETURN_ON_ASSETS_PERCENT: returnOnAssetsPercent,
  INTEREST_COVERAGE: interestCoverage,
  QUICK_RATIO: quickRatio,
} as const satisfies Record<string, FactorValueExtractor>;

/** The key of a value extractor, as a config's factor names it in `input`. */
export type FactorInputKey = keyof typeof FACTOR_VALUE_EXTRACTORS;

/** True when `key` names a known value extractor. */
export function isFactorInputKey(key: string): key is FactorInputKey {
  return Object.prototype.hasOwnProperty.call(FACTOR_VALUE_EXTRACTORS, key);
}

/**
 * Computes the value `input` names. A thrown extractor or a non-finite result counts as missing,
 * so one bad input can fail one factor but never the score or its numbers.
 */
export function extractFactorValue(input: FactorInputKey, inputs: ScoreInputs): FactorValue {
  let result: FactorValue;
  try {
    result = FACTOR_VALUE_EXTRACTORS[input](inputs);
  } catch (error) {
    return { missing: `${input} could not be computed: ${error instanceof Error ? error.message : String(error)}` };
  }
  if ('value' in result && !isFiniteNumber(result.value)) return { missing: `${input} is not a finite number` };
  return result;
}
