import type { Knex } from '@kyb/db';
import { uuidsOf } from '../case/business-directory';

/** The integration area's read module of sanctions hits (issue 44), created by its migrations. */
export const WATCHLIST_HIT_DIRECTORY_VIEW = 'integration.watchlist_hit_directory';

/** A sanctions hit on a business that is not dismissed and still listed: OPEN (to review) or CONFIRMED. */
export interface WatchlistHitEntry {
  id: string;
  businessId: string;
  /** Whose name matched: the legal name, a DBA, or an owner (`subjectRef` is then the owner's id). */
  subjectRole: 'legal_name' | 'dba' | 'owner';
  subjectRef: string;
  list: string;
  listVersion: string;
  entryId: string;
  entryName: string;
  entryType: string;
  programs: string[];
  matchedName: string;
  alias: { id: string; kind: string; strength: string } | null;
  /** 0..1. */
  score: number;
  reason: string;
  status: 'OPEN' | 'CONFIRMED';
  reviewedAt: Date | null;
  createdAt: Date;
}

type Row = Record<string, unknown>;

const toHit = (row: Row): WatchlistHitEntry => ({
  id: row.id as string,
  businessId: row.business_id as string,
  subjectRole: row.subject_role as WatchlistHitEntry['subjectRole'],
  subjectRef: row.subject_ref as string,
  list: row.list as string,
  listVersion: row.list_version as string,
  entryId: row.entry_id as string,
  entryName: row.entry_name as string,
  entryType: row.entry_type as string,
  programs: (row.programs as string[] | null) ?? [],
  matchedName: row.matched_name as string,
  alias: (row.alias as WatchlistHitEntry['alias']) ?? null,
  score: Number(row.score),
  reason: row.reason as string,
  status: row.status as WatchlistHitEntry['status'],
  reviewedAt: (row.reviewed_at as Date | null) ?? null,
  createdAt: row.created_at as Date,
});

/** Reads the sanctions hits a business has (not dismissed, still listed), confirmed first, then the highest score. */
export function createWatchlistHitDirectory(db: Knex) {
  const ordered = (query: Knex.QueryBuilder) => query.orderByRaw(`business_id, (status = 'CONFIRMED') desc, score desc, created_at, id`);
  return {
    /** The business's hits; [] for a value that is not a UUID. */
    async hitsOf(businessId: string): Promise<WatchlistHitEntry[]> {
      const [wanted] = uuidsOf([businessId]);
      if (!wanted) return [];
      return (await ordered(db(WATCHLIST_HIT_DIRECTORY_VIEW).where({ business_id: wanted }).select('*'))).map(toHit);
    },
    /** The hits of each business of `ids` in one statement (a business without any is absent). */
    async hitsOfMany(ids: readonly string[]): Promise<Map<string, WatchlistHitEntry[]>> {
      const wanted = uuidsOf(ids);
      const found = new Map<string, WatchlistHitEntry[]>();
      if (wanted.length === 0) return found;
      const rows: Row[] = await ordered(db(WATCHLIST_HIT_DIRECTORY_VIEW).whereRaw('business_id = any(?::uuid[])', [wanted]).select('*'));
      for (const row of rows) {
        const hit = toHit(row);
        const list = found.get(hit.businessId) ?? [];
        if (list.length === 0) found.set(hit.businessId, list);
        list.push(hit);
      }
      return found;
    },
  };
}

/** The watchlist hit directory type, for injection. */
export type WatchlistHitDirectory = ReturnType<typeof createWatchlistHitDirectory>;
