import type { CreditBureauReport, FinancialStatement } from '@kyb/area-views';
import type { BusinessProfile } from './business-profile';

export type { CreditBureauReport, FinancialStatement };

/** What a financial data provider knows; null parts are unknown to it. */
export interface ProviderFinancials {
  /** Oldest year first. */
  statements: FinancialStatement[] | null;
  creditBureau: CreditBureauReport | null;
}

/**
 * A source of financial statements and a business credit bureau report. Adding a vendor means
 * one class implementing this. Throws `ProviderError` when it cannot answer.
 */
export interface FinancialsProvider {
  readonly name: string;
  fetchFinancials(business: BusinessProfile): Promise<ProviderFinancials>;
}
