import type { Knex } from '@kyb/db';
import { uuidsOf } from '../case/business-directory';

/** The integration area's read module of MATCH screenings, created by its migrations. */
export const MATCH_SCREENING_DIRECTORY_VIEW = 'integration.match_screening_directory';

/** A business's newest MATCH screening: its state, and its result once COMPLETED. */
export interface MatchScreeningEntry {
  id: string;
  customerId: string;
  businessId: string;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  provider: string;
  /** `No Match`, `Possible Match` or `Match` once COMPLETED; null before, or when it failed. */
  result: string | null;
  createdAt: Date;
  completedAt: Date | null;
  updatedAt: Date;
}

type Row = Record<string, unknown>;

const toEntry = (row: Row): MatchScreeningEntry => ({
  id: row.id as string,
  customerId: row.customer_id as string,
  businessId: row.business_id as string,
  status: row.status as MatchScreeningEntry['status'],
  provider: row.provider as string,
  result: (row.match_result as string | null) ?? null,
  createdAt: row.created_at as Date,
  completedAt: (row.completed_at as Date | null) ?? null,
  updatedAt: row.updated_at as Date,
});

/** Reads businesses' newest MATCH screenings through the integration area's view. */
export function createMatchScreeningDirectory(db: Knex) {
  return {
    /** The newest screening of each business of `ids` that has one, in one statement (a batch). */
    async newestOfMany(ids: readonly string[]): Promise<Map<string, MatchScreeningEntry>> {
      const wanted = uuidsOf(ids);
      if (wanted.length === 0) return new Map();
      const rows: Row[] = await db(MATCH_SCREENING_DIRECTORY_VIEW).whereRaw('business_id = any(?::uuid[])', [wanted]);
      return new Map(rows.map((row) => [row.business_id as string, toEntry(row)]));
    },
  };
}

/** The MATCH screening directory type, for injection. */
export type MatchScreeningDirectory = ReturnType<typeof createMatchScreeningDirectory>;
