import type { FactorInputKey } from './factor-values';
import { RATIO_BOUNDS } from './financial-values';
import { BANKRUPTCY_FREE_YEARS_CAP } from './public-record-values';

/**
 * The reason code of each factor input (value extractor), in the manner of adverse-action reason
 * codes. A fixed table: a code, once given, is never renumbered or reused; a new extractor gets the
 * next free code. Keyed by the input, not the factor, so a new config version pointing a factor at
 * an input keeps its code.
 */
export const REASON_CODES: Readonly<Record<FactorInputKey, string>> = {
  ACTIVE_LIENS_AND_JUDGEMENTS_USD: 'R01',
  AVERAGE_REVIEW_RATING: 'R02',
  YEARS_SINCE_BANKRUPTCY: 'R03',
  EQUITY_TO_ASSETS: 'R04',
  NET_MARGIN_PERCENT: 'R05',
  OPERATING_CASH_FLOW_TO_CURRENT_LIABILITIES: 'R06',
  CREDIT_BUREAU_ADJUSTED_SCORE: 'R07',
  ASSET_TURNOVER: 'R08',
  DEBT_TO_EQUITY: 'R09',
  REVENUE_GROWTH_PERCENT: 'R10',
  CURRENT_RATIO: 'R11',
  RETURN_ON_ASSETS_PERCENT: 'R12',
  INTEREST_COVERAGE: 'R13',
  QUICK_RATIO: 'R14',
};

/** Which of a snapshot's sources an input is computed from: public records and BJL, or financials and the bureau. */
export type InputSourceKind = 'PUBLIC_RECORDS' | 'FINANCIALS';

/** The source of each input: public records (and BJL records, fetched with them) or the financial profile (statements and bureau). */
export const INPUT_SOURCE_KINDS: Readonly<Record<FactorInputKey, InputSourceKind>> = {
  ACTIVE_LIENS_AND_JUDGEMENTS_USD: 'PUBLIC_RECORDS',
  AVERAGE_REVIEW_RATING: 'PUBLIC_RECORDS',
  YEARS_SINCE_BANKRUPTCY: 'PUBLIC_RECORDS',
  EQUITY_TO_ASSETS: 'FINANCIALS',
  NET_MARGIN_PERCENT: 'FINANCIALS',
  OPERATING_CASH_FLOW_TO_CURRENT_LIABILITIES: 'FINANCIALS',
  CREDIT_BUREAU_ADJUSTED_SCORE: 'FINANCIALS',
  ASSET_TURNOVER: 'FINANCIALS',
  DEBT_TO_EQUITY: 'FINANCIALS',
  REVENUE_GROWTH_PERCENT: 'FINANCIALS',
  CURRENT_RATIO: 'FINANCIALS',
  RETURN_ON_ASSETS_PERCENT: 'FINANCIALS',
  INTEREST_COVERAGE: 'FINANCIALS',
  QUICK_RATIO: 'FINANCIALS',
};

/** One formatter for every number: `toLocaleString` builds a new one per call, which cost 40% of a bulk's scoring (profiled). */
const READABLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A number as a person reads it: thousands separated, at most two decimals (50000 → "50,000"). */
export function readable(value: number): string {
  const text = READABLE.format(value);
  return text === '-0' ? '0' : text;
}

const times = (value: number) => `${readable(value)} times`;

/**
 * The plain-language reason a factor's value gives, as an adverse-action notice would state it
 * ("Active liens and judgements total USD 50,000"). Says what the value is, not that it is bad:
 * only factors that lowered the score are given as reasons.
 */
export function reasonText(input: FactorInputKey, value: number): string {
  switch (input) {
    case 'ACTIVE_LIENS_AND_JUDGEMENTS_USD':
      return `Active liens and judgements total USD ${readable(value)}`;
    case 'AVERAGE_REVIEW_RATING':
      return `Average review rating is ${readable(value)} of 5`;
    case 'YEARS_SINCE_BANKRUPTCY':
      if (value <= 0) return 'A bankruptcy is open or was filed this year';
      if (value >= BANKRUPTCY_FREE_YEARS_CAP) return `No bankruptcy in the last ${BANKRUPTCY_FREE_YEARS_CAP} years`;
      return `The most recent bankruptcy was filed ${readable(value)} years ago`;
    case 'EQUITY_TO_ASSETS':
      return `Equity is ${readable(value * 100)}% of total assets`;
    case 'NET_MARGIN_PERCENT':
      return `Net profit margin is ${readable(value)}% of revenue`;
    case 'OPERATING_CASH_FLOW_TO_CURRENT_LIABILITIES':
      return `Operating cash flow covers current liabilities ${times(value)}`;
    case 'CREDIT_BUREAU_ADJUSTED_SCORE':
      return `Business credit bureau score, less delinquent accounts, is ${readable(value)} of 100`;
    case 'ASSET_TURNOVER':
      return `Revenue is ${times(value)} total assets`;
    case 'DEBT_TO_EQUITY':
      if (value >= RATIO_BOUNDS.debtToEquityWorst) return 'Total liabilities exceed what equity can carry (equity is zero or negative, or liabilities are 10 times equity or more)';
      return `Total liabilities are ${times(value)} equity`;
    case 'REVENUE_GROWTH_PERCENT':
      return value < 0 ? `Revenue fell ${readable(-value)}% from the previous year` : `Revenue grew ${readable(value)}% from the previous year`;
    case 'CURRENT_RATIO':
      return `Current assets cover current liabilities ${times(value)}`;
    case 'RETURN_ON_ASSETS_PERCENT':
      return `Return on assets is ${readable(value)}%`;
    case 'INTEREST_COVERAGE':
      return `Earnings before interest cover interest expense ${times(value)}`;
    case 'QUICK_RATIO':
      return `Cash and receivables cover current liabilities ${times(value)}`;
  }
}
