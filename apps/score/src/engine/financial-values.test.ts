import { emptyInputs, exampleInputs, statement } from './__fixtures__/example-inputs';
import type { FactorValue, FactorValueExtractor } from './factor-value';
import {
  RATIO_BOUNDS,
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
import type { FinancialStatement, ScoreInputs } from './score-inputs';

function latestOnly(overrides: Partial<FinancialStatement>): ScoreInputs {
  return { ...emptyInputs(), financials: { statements: [statement(overrides)] } };
}

function valueOf(result: FactorValue): number {
  if ('missing' in result) throw new Error(`expected a value, got missing: ${result.missing}`);
  return result.value;
}

// Worked examples on the example's FY2024 statement (see __fixtures__/example-inputs.ts).
const worked: Array<[string, FactorValueExtractor, number]> = [
  ['equity / total assets = 400,000 / 1,000,000', equityToAssets, 0.4],
  ['net margin = 55,000 / 1,100,000 × 100', netMarginPercent, 5],
  ['operating cash flow / current liabilities = 100,000 / 250,000', operatingCashFlowToCurrentLiabilities, 0.4],
  ['asset turnover = 1,100,000 / 1,000,000', assetTurnover, 1.1],
  ['debt-to-equity = 600,000 / 400,000', debtToEquity, 1.5],
  ['revenue growth = (1,100,000 − 1,000,000) / 1,000,000 × 100', revenueGrowthPercent, 10],
  ['current ratio = 375,000 / 250,000', currentRatio, 1.5],
  ['return on assets = 55,000 / 1,000,000 × 100', returnOnAssetsPercent, 5.5],
  ['interest coverage = (55,000 + 20,000) / 20,000', interestCoverage, 3.75],
  ['quick ratio = (150,000 + 100,000) / 250,000', quickRatio, 1],
];

describe('financial value extractors', () => {
  it.each(worked)('%s', (_formula, extract, expected) => {
    const result = extract(exampleInputs());
    expect(valueOf(result)).toBeCloseTo(expected, 10);
    expect(result).toMatchObject({ log: expect.stringContaining('FY2024') });
  });

  it.each(worked)('is missing without financial statements (%s)', (_formula, extract) => {
    expect(extract(emptyInputs())).toEqual({ missing: expect.any(String) });
    expect(extract({ ...emptyInputs(), financials: { statements: [] } })).toEqual({ missing: expect.any(String) });
  });

  it.each(worked)('is missing when a needed figure is not a number (%s)', (_formula, extract) => {
    const allNaN = Object.fromEntries(Object.keys(statement()).map((key) => [key, Number.NaN]));
    const latest = { ...statement(allNaN), year: 2024 };
    const twoYears: ScoreInputs = { ...emptyInputs(), financials: { statements: [statement({ year: 2023 }), latest] } };
    expect(extract(twoYears)).toEqual({ missing: expect.stringContaining('not a number') });
  });

  it('uses the latest year even when statements are not sorted', () => {
    const inputs = { ...emptyInputs(), financials: { statements: [statement({ equity: 500_000 }), statement({ year: 2022, equity: 0 })] } };
    expect(valueOf(equityToAssets(inputs))).toBe(0.5);
  });

  describe('division by zero', () => {
    it('equity / assets, net margin, asset turnover and return on assets are missing (ratio undefined)', () => {
      expect(equityToAssets(latestOnly({ totalAssets: 0 }))).toEqual({ missing: expect.stringContaining('total assets are 0') });
      expect(netMarginPercent(latestOnly({ revenue: 0 }))).toEqual({ missing: expect.stringContaining('revenue is 0') });
      expect(assetTurnover(latestOnly({ totalAssets: 0 }))).toEqual({ missing: expect.stringContaining('total assets are 0') });
      expect(returnOnAssetsPercent(latestOnly({ totalAssets: 0 }))).toEqual({ missing: expect.stringContaining('total assets are 0') });
    });

    it('cash flow coverage is capped with no current liabilities, 0 when burning cash', () => {
      expect(valueOf(operatingCashFlowToCurrentLiabilities(latestOnly({ currentLiabilities: 0 })))).toBe(RATIO_BOUNDS.cashFlowCoverage);
      expect(valueOf(operatingCashFlowToCurrentLiabilities(latestOnly({ currentLiabilities: 0, operatingCashFlow: -1 })))).toBe(0);
      expect(operatingCashFlowToCurrentLiabilities(latestOnly({ currentLiabilities: 0, operatingCashFlow: 0 }))).toEqual({
        missing: 'FY2024 operating cash flow and current liabilities are both 0',
      });
    });

    it('debt-to-equity takes the worst value when equity is 0 or negative', () => {
      expect(valueOf(debtToEquity(latestOnly({ equity: 0 })))).toBe(RATIO_BOUNDS.debtToEquityWorst);
      expect(valueOf(debtToEquity(latestOnly({ equity: -50_000 })))).toBe(RATIO_BOUNDS.debtToEquityWorst);
      expect(debtToEquity(latestOnly({ equity: 0, totalLiabilities: 0 }))).toEqual({ missing: 'FY2024 has neither liabilities nor equity' });
    });

    it('revenue growth is missing with fewer than two years or a previous revenue of 0', () => {
      expect(revenueGrowthPercent(latestOnly({}))).toEqual({ missing: expect.stringContaining('two years') });
      const inputs = { ...emptyInputs(), financials: { statements: [statement({ year: 2023, revenue: 0 }), statement()] } };
      expect(revenueGrowthPercent(inputs)).toEqual({ missing: expect.stringContaining('FY2023 revenue is 0') });
    });

    it('current and quick ratios are capped with no current liabilities', () => {
      expect(valueOf(currentRatio(latestOnly({ currentLiabilities: 0 })))).toBe(RATIO_BOUNDS.coverage);
      expect(valueOf(quickRatio(latestOnly({ currentLiabilities: 0 })))).toBe(RATIO_BOUNDS.coverage);
      expect(currentRatio(latestOnly({ currentLiabilities: 0, currentAssets: 0 }))).toEqual({ missing: expect.stringContaining('both 0') });
      expect(quickRatio(latestOnly({ currentLiabilities: 0, cash: 0, receivables: 0 }))).toEqual({ missing: expect.stringContaining('both 0') });
    });

    it('interest coverage is capped with no interest expense', () => {
      expect(valueOf(interestCoverage(latestOnly({ interestExpense: 0 })))).toBe(RATIO_BOUNDS.interestCoverage);
    });
  });

  it('keeps extreme ratios within their bounds', () => {
    expect(valueOf(debtToEquity(latestOnly({ equity: 1e-300, totalLiabilities: 1e300 })))).toBe(RATIO_BOUNDS.debtToEquityWorst);
    expect(valueOf(interestCoverage(latestOnly({ interestExpense: 1e-300, netIncome: -1e300 })))).toBe(-RATIO_BOUNDS.interestCoverage);
    expect(valueOf(returnOnAssetsPercent(latestOnly({ totalAssets: 1e-300 })))).toBe(RATIO_BOUNDS.percent);
    const growth = { ...emptyInputs(), financials: { statements: [statement({ year: 2023, revenue: 1 }), statement({ revenue: 1e12 })] } };
    expect(valueOf(revenueGrowthPercent(growth))).toBe(RATIO_BOUNDS.growthPercent);
  });
});
