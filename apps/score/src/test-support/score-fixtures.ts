import { randomUUID } from 'node:crypto';
import type { BjlEntry, FinancialStatement, PublicRecordsSummaryView } from '@kyb/area-views';
import type { ScoreTestApp } from './score-test-app';

/** Public records as the integration area publishes them (only what the score reads matters). */
export function summary(overrides: Partial<PublicRecordsSummaryView> = {}): PublicRecordsSummaryView {
  return {
    number_of_business_liens: '0',
    most_recent_business_lien_status: null,
    number_of_bankruptcies: '0',
    number_of_judgement_fillings: '0',
    corporate_filing_business_name: 'Longwood Dental LLC',
    corporate_filing_filling_date: '2015-03-02T00:00:00.000Z',
    corporate_filing_incorporation_state: 'FL',
    corporate_filing_corporation_type: 'Limited Liability Company',
    corporate_filing_secretary_of_state_status: 'Active',
    average_rating: '4.60',
    reviews: [{ source: 'Google', count: 120, percentage: '100.00' }],
    compalint_statistics: { count_of_complaints_all_time: 1 },
    additional_records: { number_of_employees: '12' },
    ...overrides,
  };
}

/** A year of healthy statements. */
export function statement(year: number, revenue = 1_000_000): FinancialStatement {
  return {
    year,
    revenue,
    costOfGoodsSold: revenue * 0.5,
    operatingExpenses: revenue * 0.3,
    interestExpense: revenue * 0.01,
    depreciation: revenue * 0.02,
    netIncome: revenue * 0.12,
    totalAssets: revenue * 0.9,
    currentAssets: revenue * 0.4,
    cash: revenue * 0.15,
    receivables: revenue * 0.15,
    inventory: revenue * 0.1,
    totalLiabilities: revenue * 0.3,
    currentLiabilities: revenue * 0.2,
    equity: revenue * 0.6,
    operatingCashFlow: revenue * 0.14,
  };
}

/** A business of `customerId` with what the integration area would have published for it. */
export async function scoredBusiness(
  t: ScoreTestApp,
  customerId: string,
  inputs: {
    records?: boolean;
    bjl?: BjlEntry[];
    /** false: no financial profile was published at all. */
    profile?: boolean;
    statements?: FinancialStatement[] | null;
    bureau?: { score: number; delinquentAccounts: number } | null;
  } = {},
): Promise<string> {
  const id = randomUUID();
  await t.business({ id, customerId, name: 'Longwood Dental' });
  await t.integration.put(id, {
    publicRecords: inputs.records === false ? undefined : { taskId: randomUUID(), platformId: 100, summary: summary() },
    bjl: inputs.bjl ?? [],
    financials:
      inputs.profile === false
        ? undefined
        : {
            statements: inputs.statements === undefined ? [statement(2024), statement(2025, 1_100_000)] : inputs.statements,
            creditBureau: inputs.bureau === undefined ? { score: 82, delinquentAccounts: 0 } : inputs.bureau,
          },
  });
  return id;
}

/** What the integration area would publish once the business's situation worsened: its score is HIGH risk under 2.2. */
export async function worsen(t: ScoreTestApp, businessId: string): Promise<void> {
  const liens = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((m) => ({ kind: 'LIEN' as const, filingDate: new Date(`2025-0${m}-01T00:00:00Z`), status: 'active', amount: 50_000 }));
  const collapse = { ...statement(2025, 300_000), netIncome: -200_000, operatingCashFlow: -150_000, totalLiabilities: 900_000, currentLiabilities: 600_000, equity: -100_000, cash: 1_000 };
  await t.integration.put(businessId, {
    publicRecords: {
      taskId: randomUUID(),
      platformId: 100,
      summary: summary({ average_rating: '1.00', reviews: [{ source: 'Google', count: 500, percentage: '100.00' }], compalint_statistics: { count_of_complaints_all_time: 400 } }),
    },
    bjl: liens,
    financials: { statements: [statement(2024), collapse], creditBureau: { score: 5, delinquentAccounts: 9 } },
  });
}
