import type { FactorValue } from './factor-value';
import { clamp, formatNumber, isFiniteNumber } from './numeric';
import type { FinancialStatement, ScoreInputs } from './score-inputs';

/**
 * Bounds of the ratio values. A ratio whose denominator is 0 has a meaningful limit in some cases
 * (no current liabilities: nothing to cover); there the bound stands in for "infinitely good" or
 * "infinitely bad", so a stored value is always finite. The curves flatten well inside them.
 */
export const RATIO_BOUNDS = {
  /** Current ratio, quick ratio: capped when there are no current liabilities. */
  coverage: 10,
  /** Operating cash flow / current liabilities. */
  cashFlowCoverage: 5,
  /** Revenue / total assets. */
  assetTurnover: 10,
  /** Debt-to-equity; also the value when equity is 0 or negative (insolvent on the books). */
  debtToEquityWorst: 10,
  /** Interest coverage, ±; also the value when there is no interest expense. */
  interestCoverage: 20,
  /** Percentages (net margin, return on assets), ±. */
  percent: 100,
  /** Revenue growth % upper bound (the lower one is -100 for non-negative revenue). */
  growthPercent: 500,
} as const;

type StatementField = Exclude<keyof FinancialStatement, 'year'>;

/** Looks up the latest year's statement and checks the fields it needs are finite numbers. */
function withLatest(
  inputs: ScoreInputs,
  fields: StatementField[],
  compute: (statement: FinancialStatement, fy: string) => FactorValue,
): FactorValue {
  const statements = inputs.financials?.statements ?? [];
  if (statements.length === 0) return { missing: 'financial statements are not available' };
  const latest = statements.reduce((a, b) => (b.year > a.year ? b : a));
  const fy = `FY${latest.year}`;
  const bad = fields.filter((field) => !isFiniteNumber(latest[field]));
  if (bad.length > 0) return { missing: `${fy} ${bad.join(', ')} not a number` };
  return compute(latest, fy);
}

const n = formatNumber;

/** Equity / total assets of the latest year, within -10..1. Missing when total assets are not positive. */
export function equityToAssets(inputs: ScoreInputs): FactorValue {
  return withLatest(inputs, ['equity', 'totalAssets'], (s, fy) => {
    if (s.totalAssets <= 0) return { missing: `${fy} total assets are ${n(s.totalAssets)}: equity/assets undefined` };
    const value = clamp(s.equity / s.totalAssets, -10, 1);
    return { value, log: `${fy} equity ${n(s.equity)} / total assets ${n(s.totalAssets)} = ${n(value)}` };
  });
}

/** Net margin % = net income / revenue × 100 (latest year), within ±100. Missing when revenue is not positive. */
export function netMarginPercent(inputs: ScoreInputs): FactorValue {
  return withLatest(inputs, ['netIncome', 'revenue'], (s, fy) => {
    if (s.revenue <= 0) return { missing: `${fy} revenue is ${n(s.revenue)}: net margin undefined` };
    const value = clamp((s.netIncome / s.revenue) * 100, -RATIO_BOUNDS.percent, RATIO_BOUNDS.percent);
    return { value, log: `${fy} net income ${n(s.netIncome)} / revenue ${n(s.revenue)} × 100 = ${n(value)}%` };
  });
}

/**
 * Operating cash flow / current liabilities (latest year), within ±5. With no current
 * liabilities: 5 when the cash flow is positive (nothing to cover), 0 when negative; missing when
 * both are 0 (0/0 says nothing, typically an empty statement).
 */
export function operatingCashFlowToCurrentLiabilities(inputs: ScoreInputs): FactorValue {
  const cap = RATIO_BOUNDS.cashFlowCoverage;
  return withLatest(inputs, ['operatingCashFlow', 'currentLiabilities'], (s, fy) => {
    if (s.currentLiabilities <= 0) {
      if (s.operatingCashFlow === 0) return { missing: `${fy} operating cash flow and current liabilities are both 0` };
      const value = s.operatingCashFlow > 0 ? cap : 0;
      return { value, log: `${fy} no current liabilities, operating cash flow ${n(s.operatingCashFlow)}: ${value}` };
    }
    const value = clamp(s.operatingCashFlow / s.currentLiabilities, -cap, cap);
    return { value, log: `${fy} operating cash flow ${n(s.operatingCashFlow)} / current liabilities ${n(s.currentLiabilities)} = ${n(value)}` };
  });
}

/** Asset turnover = revenue / total assets (latest year), within 0..10. Missing when total assets are not positive. */
export function assetTurnover(inputs: ScoreInputs): FactorValue {
  return withLatest(inputs, ['revenue', 'totalAssets'], (s, fy) => {
    if (s.totalAssets <= 0) return { missing: `${fy} total assets are ${n(s.totalAssets)}: asset turnover undefined` };
    const value = clamp(s.revenue / s.totalAssets, 0, RATIO_BOUNDS.assetTurnover);
    return { value, log: `${fy} revenue ${n(s.revenue)} / total assets ${n(s.totalAssets)} = ${n(value)}` };
  });
}

/**
 * Debt-to-equity = total liabilities / equity (latest year), within 0..10. Equity of 0 or less
 * gives the worst value, 10: the liabilities exceed the assets; missing when there are neither
 * liabilities nor equity (an empty balance sheet).
 */
export function debtToEquity(inputs: ScoreInputs): FactorValue {
  const worst = RATIO_BOUNDS.debtToEquityWorst;
  return withLatest(inputs, ['totalLiabilities', 'equity'], (s, fy) => {
    if (s.equity <= 0 && s.totalLiabilities <= 0) return { missing: `${fy} has neither liabilities nor equity` };
    if (s.equity <= 0) return { value: worst, log: `${fy} equity is ${n(s.equity)}: worst debt-to-equity ${worst}` };
    const value = clamp(s.totalLiabilities / s.equity, 0, worst);
    return { value, log: `${fy} total liabilities ${n(s.totalLiabilities)} / equity ${n(s.equity)} = ${n(value)}` };
  });
}

/**
 * Revenue growth % = (latest revenue − previous year's) / previous year's × 100, within
 * -100..500. Missing with fewer than two years or when the previous revenue is not positive.
 */
export function revenueGrowthPercent(inputs: ScoreInputs): FactorValue {
  const statements = [...(inputs.financials?.statements ?? [])].sort((a, b) => a.year - b.year);
  if (statements.length === 0) return { missing: 'financial statements are not available' };
  if (statements.length < 2) return { missing: 'revenue growth needs statements of at least two years' };
  const previous = statements[statements.length - 2];
  const latest = statements[statements.length - 1];
  if (!isFiniteNumber(previous.revenue) || !isFiniteNumber(latest.revenue)) {
    return { missing: `FY${previous.year} or FY${latest.year} revenue not a number` };
  }
  if (previous.revenue <= 0) return { missing: `FY${previous.year} revenue is ${n(previous.revenue)}: growth undefined` };
  const growth = ((latest.revenue - previous.revenue) / previous.revenue) * 100;
  const value = clamp(growth, -100, RATIO_BOUNDS.growthPercent);
  return { value, log: `revenue FY${previous.year} ${n(previous.revenue)} → FY${latest.year} ${n(latest.revenue)}: ${n(value)}%` };
}

/**
 * Current ratio = current assets / current liabilities (latest year), within 0..10; 10 with no
 * current liabilities, missing when both are 0 (0/0 says nothing, typically an empty statement).
 */
export function currentRatio(inputs: ScoreInputs): FactorValue {
  return withLatest(inputs, ['currentAssets', 'currentLiabilities'], (s, fy) =>
    coverage(fy, 'current assets', s.currentAssets, s.currentLiabilities),
  );
}

/**
 * Quick ratio (acid test) = (cash + receivables) / current liabilities (latest year), within
 * 0..10; 10 with no current liabilities, missing when both are 0. Unlike the current ratio it
 * leaves out inventory and other current assets, which may not turn into cash in time to meet
 * short-term obligations.
 */
export function quickRatio(inputs: ScoreInputs): FactorValue {
  return withLatest(inputs, ['cash', 'receivables', 'currentLiabilities'], (s, fy) =>
    coverage(fy, 'cash + receivables', s.cash + s.receivables, s.currentLiabilities),
  );
}

function coverage(fy: string, what: string, assets: number, liabilities: number): FactorValue {
  const cap = RATIO_BOUNDS.coverage;
  if (liabilities <= 0 && assets <= 0) return { missing: `${fy} ${what} and current liabilities are both 0` };
  if (liabilities <= 0) return { value: cap, log: `${fy} no current liabilities: capped at ${cap}` };
  const value = clamp(assets / liabilities, 0, cap);
  return { value, log: `${fy} ${what} ${n(assets)} / current liabilities ${n(liabilities)} = ${n(value)}` };
}

/** Return on assets % = net income / total assets × 100 (latest year), within ±100. Missing when total assets are not positive. */
export function returnOnAssetsPercent(inputs: ScoreInputs): FactorValue {
  return withLatest(inputs, ['netIncome', 'totalAssets'], (s, fy) => {
    if (s.totalAssets <= 0) return { missing: `${fy} total assets are ${n(s.totalAssets)}: return on assets undefined` };
    const value = clamp((s.netIncome / s.totalAssets) * 100, -RATIO_BOUNDS.percent, RATIO_BOUNDS.percent);
    return { value, log: `${fy} net income ${n(s.netIncome)} / total assets ${n(s.totalAssets)} × 100 = ${n(value)}%` };
  });
}

/**
 * Interest coverage = (net income + interest expense) / interest expense (latest year), within
 * ±20: earnings before interest over interest. No interest expense gives the cap, 20.
 */
export function interestCoverage(inputs: ScoreInputs): FactorValue {
  const cap = RATIO_BOUNDS.interestCoverage;
  return withLatest(inputs, ['netIncome', 'interestExpense'], (s, fy) => {
    if (s.interestExpense <= 0) return { value: cap, log: `${fy} no interest expense: capped at ${cap}` };
    const value = clamp((s.netIncome + s.interestExpense) / s.interestExpense, -cap, cap);
    return { value, log: `${fy} (net income ${n(s.netIncome)} + interest ${n(s.interestExpense)}) / interest = ${n(value)}` };
  });
}
