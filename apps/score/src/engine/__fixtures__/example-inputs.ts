import type { FinancialStatement, ScoreInputs } from '../score-inputs';

/** When the example score is computed. */
export const AS_OF = new Date('2025-01-01T00:00:00.000Z');

const MS_PER_YEAR = 365.25 * 24 * 60 * 60 * 1000;

/** A date exactly `years` (of 365.25 days) before {@link AS_OF}. */
export function yearsBeforeAsOf(years: number): Date {
  return new Date(AS_OF.getTime() - years * MS_PER_YEAR);
}

/** The example's FY2024 statement; every ratio of the worked example comes from it. */
export function statement(overrides: Partial<FinancialStatement> = {}): FinancialStatement {
  return {
    year: 2024,
    revenue: 1_100_000,
    costOfGoodsSold: 600_000,
    operatingExpenses: 400_000,
    interestExpense: 20_000,
    depreciation: 25_000,
    netIncome: 55_000,
    totalAssets: 1_000_000,
    currentAssets: 375_000,
    cash: 150_000,
    receivables: 100_000,
    inventory: 80_000,
    totalLiabilities: 600_000,
    currentLiabilities: 250_000,
    equity: 400_000,
    operatingCashFlow: 100_000,
    ...overrides,
  };
}

/**
 * The worked example: every input present. Under the default config its factors score
 * liens 70, reviews 80, bankruptcies 85, balance sheet 80, P&L 60, cash flow 60, bureau 70,
 * efficiency 73, solvency 67.5, economics 80, liquidity 75, profitability 72, valuation 75,
 * financial risks 70 (see compute-score.test.ts for the arithmetic).
 */
export function exampleInputs(): ScoreInputs {
  return {
    asOf: AS_OF,
    publicRecords: { averageRating: 4, reviewCount: 20, complaintCount: 1 },
    bjl: [
      { kind: 'LIEN', filingDate: new Date('2023-05-01T00:00:00.000Z'), status: 'active', amount: 10_000 },
      { kind: 'LIEN', filingDate: new Date('2020-05-01T00:00:00.000Z'), status: 'released', amount: 5_000 },
      { kind: 'BANKRUPTCY', filingDate: yearsBeforeAsOf(7), status: 'discharged', amount: null },
    ],
    financials: { statements: [statement({ year: 2023, revenue: 1_000_000 }), statement()] },
    creditBureau: { score: 80, delinquentAccounts: 1 },
  };
}

/** Inputs with nothing at all: no factor can be computed. */
export function emptyInputs(): ScoreInputs {
  return { asOf: AS_OF, publicRecords: null, bjl: null, financials: null, creditBureau: null };
}
