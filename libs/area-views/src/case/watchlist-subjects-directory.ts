import type { Knex } from '@kyb/db';
import { BUSINESS_DIRECTORY_VIEW, BUSINESS_OWNER_DIRECTORY_VIEW, uuidsOf } from './business-directory';

/** A business's names other than its legal name (its DBAs), created by the case area's migrations. */
export const BUSINESS_NAME_DIRECTORY_VIEW = 'cases.business_name_directory';

/** What a sanctions screening (issue 44) reads of a business: every name it is known by and each owner's, with the evidence given. */
export interface WatchlistSubjectsEntry {
  businessId: string;
  customerId: string;
  legalName: string;
  /** The business's other names (DBAs), in the order given. */
  otherNames: string[];
  /** The business's address country, as given. */
  country: string | null;
  owners: Array<{ id: string; firstName: string; lastName: string; dateOfBirth: string | null; country: string | null }>;
}

type Row = Record<string, unknown>;

/** What the case area's erasure leaves in an owner's names. */
const ERASED = '[erased]';

/** `YYYY-MM-DD` of a date column (node-postgres reads a date as a local-midnight Date). */
function isoDate(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const date = value as Date;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Reads what sanctions screenings compare with the lists: businesses (not deleted), their other names and their owners. */
export function createWatchlistSubjectsDirectory(db: Knex) {
  return {
    /** Each business of `ids` that exists, with its names and owners, in three statements (values that are not UUIDs are skipped). */
    async subjectsOf(ids: readonly string[]): Promise<Map<string, WatchlistSubjectsEntry>> {
      const wanted = uuidsOf(ids);
      const found = new Map<string, WatchlistSubjectsEntry>();
      if (wanted.length === 0) return found;
      const ofWanted = (view: string, columns: string, order: string) =>
        db.raw<{ rows: Row[] }>(`select ${columns} from unnest(?::uuid[]) as w(business_id) join ${view} as d on d.${order} = w.business_id order by d.${order}${view === BUSINESS_DIRECTORY_VIEW ? '' : ', d.position'}`, [wanted]);
      const [businesses, names, owners] = await Promise.all([
        ofWanted(BUSINESS_DIRECTORY_VIEW, 'd.id, d.customer_id, d.name, d.address_country', 'id'),
        ofWanted(BUSINESS_NAME_DIRECTORY_VIEW, 'd.business_id, d.name', 'business_id'),
        ofWanted(BUSINESS_OWNER_DIRECTORY_VIEW, 'd.business_id, d.id, d.first_name, d.last_name, d.date_of_birth, d.country', 'business_id'),
      ]);
      for (const row of businesses.rows) {
        found.set(row.id as string, {
          businessId: row.id as string,
          customerId: row.customer_id as string,
          legalName: row.name as string,
          otherNames: [],
          country: (row.address_country as string | null) ?? null,
          owners: [],
        });
      }
      for (const row of names.rows) {
        const entry = found.get(row.business_id as string);
        if (entry && row.name !== entry.legalName && !entry.otherNames.includes(row.name as string)) entry.otherNames.push(row.name as string);
      }
      for (const row of owners.rows) {
        // An erased owner keeps its place with its names replaced: nothing of it is screened.
        if (row.first_name === ERASED && row.last_name === ERASED) continue;
        found.get(row.business_id as string)?.owners.push({
          id: row.id as string,
          firstName: row.first_name as string,
          lastName: row.last_name as string,
          dateOfBirth: isoDate(row.date_of_birth),
          country: (row.country as string | null) ?? null,
        });
      }
      return found;
    },
  };
}

/** The watchlist subjects directory type, for injection. */
export type WatchlistSubjectsDirectory = ReturnType<typeof createWatchlistSubjectsDirectory>;
