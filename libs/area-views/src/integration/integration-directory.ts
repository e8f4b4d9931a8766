import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';
import { uuidsOf } from '../case/business-directory';

/** The integration area's read modules, created by its migrations. */
export const PUBLIC_RECORDS_DIRECTORY_VIEW = 'integration.public_records_directory';
export const BJL_RECORD_DIRECTORY_VIEW = 'integration.bjl_record_directory';
export const FINANCIAL_PROFILE_DIRECTORY_VIEW = 'integration.financial_profile_directory';

/** One fiscal year's statements, in USD (the shape the integration area stores and publishes). */
export interface FinancialStatement {
  year: number;
  revenue: number;
  costOfGoodsSold: number;
  operatingExpenses: number;
  interestExpense: number;
  depreciation: number;
  netIncome: number;
  totalAssets: number;
  currentAssets: number;
  cash: number;
  receivables: number;
  inventory: number;
  totalLiabilities: number;
  currentLiabilities: number;
  equity: number;
  operatingCashFlow: number;
}

/** The business credit bureau's view of a business. */
export interface CreditBureauReport {
  /** Business credit score 0..100, higher is better. */
  score: number;
  /** Accounts currently more than 30 days past due. */
  delinquentAccounts: number;
}

/**
 * The public records of contract 2.2 as the integration area publishes them: every field of
 * `data.public_records` but the ids and timestamps (only the ones other areas read are typed).
 */
export interface PublicRecordsSummaryView {
  number_of_business_liens: string;
  most_recent_business_lien_status: string | null;
  number_of_bankruptcies: string;
  number_of_judgement_fillings: string;
  corporate_filing_business_name: string | null;
  corporate_filing_filling_date: string | null;
  corporate_filing_incorporation_state: string | null;
  corporate_filing_corporation_type: string | null;
  corporate_filing_secretary_of_state_status: string | null;
  average_rating: string;
  reviews: Array<{ source: string; count: number; percentage: string }>;
  compalint_statistics: { count_of_complaints_all_time: number };
  additional_records: { number_of_employees: string };
  [field: string]: unknown;
}

/** A business's newest public records. */
export interface PublicRecordsEntry {
  taskId: string;
  /** Cited by facts as `source.platformId`. */
  platformId: number;
  summary: PublicRecordsSummaryView;
  /** The provider that fetched them. */
  provider: string;
  updatedAt: Date;
}

/** One bankruptcy, lien or judgement. */
export interface BjlEntry {
  kind: 'BANKRUPTCY' | 'LIEN' | 'JUDGEMENT';
  filingDate: Date;
  status: string;
  amount: number | null;
  /** The provider's id of the record (stable across fetches); absent where not known. */
  recordId?: string;
  /** The provider that fetched the record; absent where not known. */
  provider?: string;
}

/** A business's newest financial statements (oldest year first) and bureau report; null where unknown. */
export interface FinancialProfileEntry {
  statements: FinancialStatement[] | null;
  creditBureau: CreditBureauReport | null;
  /** The provider that fetched them. */
  provider: string;
  updatedAt: Date;
}

type Row = Record<string, unknown>;

const toPublicRecords = (row: Row): PublicRecordsEntry => ({
  taskId: row.business_integration_task_id as string,
  platformId: row.platform_id as number,
  summary: row.summary as PublicRecordsSummaryView,
  provider: row.provider as string,
  updatedAt: row.updated_at as Date,
});
const toBjl = (row: Row): BjlEntry => ({
  kind: row.kind as BjlEntry['kind'],
  filingDate: row.filing_date as Date,
  status: row.status as string,
  amount: row.amount === null ? null : Number(row.amount),
  ...(typeof row.record_id === 'string' ? { recordId: row.record_id } : {}),
  ...(typeof row.provider === 'string' ? { provider: row.provider } : {}),
});
const toFinancialProfile = (row: Row): FinancialProfileEntry => ({
  statements: row.statements as FinancialStatement[] | null,
  creditBureau: row.credit_bureau as CreditBureauReport | null,
  provider: row.provider as string,
  updatedAt: row.updated_at as Date,
});

/** Reads what the integration area knows of a business through its directory views. */
export function createIntegrationDirectory(db: Knex) {
  /** The rows of `view` of the businesses of `ids`, in one statement. */
  const rowsOfMany = async (view: string, ids: readonly string[], order?: string): Promise<Row[]> => {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const query = db(view).whereRaw('business_id = any(?::uuid[])', [wanted]);
    if (order) query.orderBy('business_id').orderBy(order, 'desc');
    return query;
  };
  return {
    async publicRecords(businessId: string): Promise<PublicRecordsEntry | undefined> {
      if (!isUuid(businessId)) return undefined;
      const row = await db(PUBLIC_RECORDS_DIRECTORY_VIEW).where({ business_id: businessId }).first();
      return row ? toPublicRecords(row) : undefined;
    },
    /** Newest filing first. */
    async bjlRecords(businessId: string): Promise<BjlEntry[]> {
      if (!isUuid(businessId)) return [];
      const rows = await db(BJL_RECORD_DIRECTORY_VIEW).where({ business_id: businessId }).orderBy('filing_date', 'desc');
      return rows.map(toBjl);
    },
    async financialProfile(businessId: string): Promise<FinancialProfileEntry | undefined> {
      if (!isUuid(businessId)) return undefined;
      const row = await db(FINANCIAL_PROFILE_DIRECTORY_VIEW).where({ business_id: businessId }).first();
      return row ? toFinancialProfile(row) : undefined;
    },
    /** The public records of each business of `ids` that has some, in one statement (a batch). */
    async publicRecordsOfMany(ids: readonly string[]): Promise<Map<string, PublicRecordsEntry>> {
      const rows = await rowsOfMany(PUBLIC_RECORDS_DIRECTORY_VIEW, ids);
      return new Map(rows.map((row) => [row.business_id as string, toPublicRecords(row)]));
    },
    /** The BJL records of each business of `ids`, newest filing first, in one statement (a business without any is absent). */
    async bjlRecordsOfMany(ids: readonly string[]): Promise<Map<string, BjlEntry[]>> {
      const records = new Map<string, BjlEntry[]>();
      for (const row of await rowsOfMany(BJL_RECORD_DIRECTORY_VIEW, ids, 'filing_date')) {
        const list = records.get(row.business_id as string) ?? [];
        if (list.length === 0) records.set(row.business_id as string, list);
        list.push(toBjl(row));
      }
      return records;
    },
    /** The financial profile of each business of `ids` that has one, in one statement. */
    async financialProfilesOfMany(ids: readonly string[]): Promise<Map<string, FinancialProfileEntry>> {
      const rows = await rowsOfMany(FINANCIAL_PROFILE_DIRECTORY_VIEW, ids);
      return new Map(rows.map((row) => [row.business_id as string, toFinancialProfile(row)]));
    },
  };
}

/** The integration directory type, for injection. */
export type IntegrationDirectory = ReturnType<typeof createIntegrationDirectory>;
