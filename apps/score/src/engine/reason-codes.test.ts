import { FACTOR_VALUE_EXTRACTORS } from './factor-values';
import { INPUT_SOURCE_KINDS, REASON_CODES, reasonText } from './reason-codes';

describe('reason codes', () => {
  it('has one stable code per value extractor, never renumbered: R01..R14 in the order they were given', () => {
    // A new extractor gets R15; these must never change, as notices already sent name them.
    expect(REASON_CODES).toEqual({
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
    });
    expect(Object.keys(REASON_CODES).sort()).toEqual(Object.keys(FACTOR_VALUE_EXTRACTORS).sort());
    expect(Object.keys(INPUT_SOURCE_KINDS).sort()).toEqual(Object.keys(FACTOR_VALUE_EXTRACTORS).sort());
    expect(new Set(Object.values(REASON_CODES)).size).toBe(Object.keys(REASON_CODES).length);
  });

  it.each([
    ['ACTIVE_LIENS_AND_JUDGEMENTS_USD', 50000, 'Active liens and judgements total USD 50,000'],
    ['AVERAGE_REVIEW_RATING', 2.5, 'Average review rating is 2.5 of 5'],
    ['YEARS_SINCE_BANKRUPTCY', 0, 'A bankruptcy is open or was filed this year'],
    ['YEARS_SINCE_BANKRUPTCY', 3.256, 'The most recent bankruptcy was filed 3.26 years ago'],
    ['EQUITY_TO_ASSETS', 0.125, 'Equity is 12.5% of total assets'],
    ['NET_MARGIN_PERCENT', -4, 'Net profit margin is -4% of revenue'],
    ['OPERATING_CASH_FLOW_TO_CURRENT_LIABILITIES', 0.3, 'Operating cash flow covers current liabilities 0.3 times'],
    ['CREDIT_BUREAU_ADJUSTED_SCORE', 40, 'Business credit bureau score, less delinquent accounts, is 40 of 100'],
    ['ASSET_TURNOVER', 0.5, 'Revenue is 0.5 times total assets'],
    ['DEBT_TO_EQUITY', 3, 'Total liabilities are 3 times equity'],
    ['DEBT_TO_EQUITY', 10, 'Total liabilities exceed what equity can carry (equity is zero or negative, or liabilities are 10 times equity or more)'],
    ['REVENUE_GROWTH_PERCENT', -12, 'Revenue fell 12% from the previous year'],
    ['REVENUE_GROWTH_PERCENT', 2, 'Revenue grew 2% from the previous year'],
    ['CURRENT_RATIO', 0.8, 'Current assets cover current liabilities 0.8 times'],
    ['RETURN_ON_ASSETS_PERCENT', 1.5, 'Return on assets is 1.5%'],
    ['INTEREST_COVERAGE', 1.2, 'Earnings before interest cover interest expense 1.2 times'],
    ['QUICK_RATIO', 0.6, 'Cash and receivables cover current liabilities 0.6 times'],
  ] as const)('%s %d reads "%s"', (input, value, text) => {
    expect(reasonText(input, value)).toBe(text);
  });
});
