/** The score area's read module of its configs' factors (what each factor's value is, in which unit), created by its migrations. */
export const WEIGHTAGE_FACTOR_DIRECTORY_VIEW = 'scores.weightage_factor_directory';

/**
 * What kind of number a factor's value is, by the value extractor (`input`) a config names: a
 * reader prints the value with it (`$361,054.24`, `10 years`, `72 of 100`, `12.5%`, `1.3×`).
 * The score area's tests keep it complete: every extractor of the engine has a kind here.
 */
export const FACTOR_VALUE_KINDS = {
  ACTIVE_LIENS_AND_JUDGEMENTS_USD: 'usd',
  AVERAGE_REVIEW_RATING: 'stars',
  YEARS_SINCE_BANKRUPTCY: 'years',
  EQUITY_TO_ASSETS: 'ratio',
  NET_MARGIN_PERCENT: 'percent',
  OPERATING_CASH_FLOW_TO_CURRENT_LIABILITIES: 'ratio',
  CREDIT_BUREAU_ADJUSTED_SCORE: 'score_100',
  ASSET_TURNOVER: 'ratio',
  DEBT_TO_EQUITY: 'ratio',
  REVENUE_GROWTH_PERCENT: 'percent',
  CURRENT_RATIO: 'ratio',
  RETURN_ON_ASSETS_PERCENT: 'percent',
  INTEREST_COVERAGE: 'ratio',
  QUICK_RATIO: 'ratio',
} as const satisfies Record<string, string>;

/** US dollars, years, review stars 0..5, a score 0..100, a percentage, or a ratio (times). */
export type FactorValueKind = (typeof FACTOR_VALUE_KINDS)[keyof typeof FACTOR_VALUE_KINDS];

/** What a factor of a config measures: its extractor, the kind of number it gives, and the config's own words for its unit. */
export interface FactorUnit {
  /** The value extractor the config names (`YEARS_SINCE_BANKRUPTCY`); null when the config names none. */
  input: string | null;
  /** Null for an extractor this module does not know. */
  kind: FactorValueKind | null;
  /** The config's `unit`, e.g. `years since the most recent bankruptcy (10 = none)`; null for a config without one. */
  text: string | null;
}

/** The kind of number an extractor gives, or null for one not known here. */
export function factorValueKind(input: string | null): FactorValueKind | null {
  return input !== null && Object.prototype.hasOwnProperty.call(FACTOR_VALUE_KINDS, input) ? FACTOR_VALUE_KINDS[input as keyof typeof FACTOR_VALUE_KINDS] : null;
}
