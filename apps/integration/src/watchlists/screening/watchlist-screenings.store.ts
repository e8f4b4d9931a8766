import type { Knex } from '@kyb/db';
import { recordScreenings } from './record-screenings';
import type { RecordedScreening, ScreeningRecord, WatchlistHitRow, WatchlistHitStatus, WatchlistScreeningRow } from './watchlist-screening.types';

const SETTINGS = 'integration.watchlist_settings';
const SCREENINGS = 'integration.watchlist_screenings';
const HITS = 'integration.watchlist_hits';

/** A tenant's threshold when it set none (docs/guides/sanctions-screening.md). */
export const DEFAULT_WATCHLIST_THRESHOLD = 0.85;

/** The hits of a tenant a list shows. */
export interface HitListQuery {
  customerId: string;
  statuses: readonly WatchlistHitStatus[];
  businessId?: string;
  list?: string;
  sort: Array<[string, 'asc' | 'desc']>;
  paginate: boolean;
  page: number;
  itemsPerPage: number;
}

/** Sanctions screenings and hits of businesses, and tenants' thresholds. */
export function createPgWatchlistScreeningsStore(db: Knex) {
  return {
    /** The tenant's threshold, else the default. */
    async thresholdOf(customerId: string): Promise<number> {
      const row = await db(SETTINGS).where({ customer_id: customerId }).first('threshold');
      return row ? Number(row.threshold) : DEFAULT_WATCHLIST_THRESHOLD;
    },

    /** The tenant's settings row, if it set one. */
    async settingsOf(customerId: string): Promise<{ threshold: number; updatedAt: Date | null }> {
      const row = await db(SETTINGS).where({ customer_id: customerId }).first('threshold', 'updated_at');
      return row ? { threshold: Number(row.threshold), updatedAt: row.updated_at } : { threshold: DEFAULT_WATCHLIST_THRESHOLD, updatedAt: null };
    },

    async putThreshold(on: Knex | Knex.Transaction, customerId: string, threshold: number, userId: string | null, at: Date): Promise<void> {
      await on(SETTINGS).insert({ customer_id: customerId, threshold, updated_by: userId, updated_at: at }).onConflict('customer_id').merge();
    },

    /**
     * Keeps a batch of screenings, each with its hits, in one transaction (a business at most once
     * a batch): each candidate is a hit of its business (found before: the same hit, its review kept,
     * its candidate brought up to date); hits a screening speaks for ({@link ScreeningScope}) and no
     * longer finds are listed no more. In the records' order.
     */
    recordBatch: (records: readonly ScreeningRecord[], at: Date): Promise<RecordedScreening[]> => recordScreenings(db, records, at),

    /** Keeps a screening that could not run (the matcher refused or failed for good), with why. */
    async recordFailure(record: Pick<ScreeningRecord, 'customerId' | 'businessId' | 'trigger' | 'matcher' | 'threshold'>, reason: string, at: Date): Promise<WatchlistScreeningRow> {
      const [row] = await db(SCREENINGS)
        .insert({
          customer_id: record.customerId,
          business_id: record.businessId,
          trigger: record.trigger,
          status: 'FAILED',
          matcher: record.matcher,
          threshold: record.threshold,
          failure_reason: reason,
          created_at: at,
        })
        .returning<WatchlistScreeningRow[]>('*');
      return row;
    },

    /** Hits of a list's entries that a new version no longer has, across every business: listed no more. Answers each business whose hits changed. */
    async delistEntries(list: string, entryIds: readonly string[], at: Date): Promise<Array<{ businessId: string; customerId: string }>> {
      if (entryIds.length === 0) return [];
      const rows = await db(HITS)
        .where({ list, is_listed: true })
        .whereRaw('entry_id = any(?::text[])', [entryIds])
        .update({ is_listed: false, updated_at: at })
        .returning<Array<{ business_id: string; customer_id: string }>>(['business_id', 'customer_id']);
      const seen = new Map(rows.map((row) => [row.business_id, { businessId: row.business_id, customerId: row.customer_id }]));
      return [...seen.values()];
    },

    /** The business's latest screening, if any. */
    async latest(businessId: string): Promise<WatchlistScreeningRow | undefined> {
      return db<WatchlistScreeningRow>(SCREENINGS).where({ business_id: businessId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).first();
    },

    /** The business's hits still listed (dismissed ones too: a reviewer sees what was set aside), confirmed and open first, best score first. */
    async listedHitsOf(businessId: string): Promise<WatchlistHitRow[]> {
      return db<WatchlistHitRow>(HITS)
        .where({ business_id: businessId, is_listed: true })
        .orderByRaw(`case status when 'CONFIRMED' then 0 when 'OPEN' then 1 else 2 end, score desc, created_at, id`);
    },

    /** One page of a tenant's hits. */
    async listHits(query: HitListQuery): Promise<{ items: WatchlistHitRow[]; total: number }> {
      const base = db<WatchlistHitRow>(HITS).where({ customer_id: query.customerId, is_listed: true }).whereIn('status', [...query.statuses]);
      if (query.businessId) base.andWhere('business_id', query.businessId);
      if (query.list) base.andWhere('list', query.list);
      const [{ count }] = await base.clone().count<Array<{ count: string }>>({ count: '*' });
      const page = base.clone().select('*');
      for (const [column, direction] of query.sort) page.orderBy(column, direction);
      page.orderBy('id', 'desc');
      if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
      return { items: await page, total: Number(count) };
    },

    /** Sets the review of a hit of the customer's; answers the hit after it and its status before, or undefined for none. */
    async review(
      on: Knex | Knex.Transaction,
      id: string,
      customerId: string,
      review: { status: 'CONFIRMED' | 'DISMISSED'; note: string; userId: string | null },
      at: Date,
    ): Promise<{ hit: WatchlistHitRow; before: WatchlistHitStatus } | undefined> {
      const current = await on<WatchlistHitRow>(HITS).where({ id, customer_id: customerId }).forUpdate().first();
      if (!current) return undefined;
      const [hit] = await on(HITS)
        .where({ id })
        .update({ status: review.status, review_note: review.note, reviewed_by: review.userId, reviewed_at: at, updated_at: at })
        .returning<WatchlistHitRow[]>('*');
      return { hit, before: current.status };
    },
  };
}

/** The store type, for injection. */
export type WatchlistScreeningsStore = ReturnType<typeof createPgWatchlistScreeningsStore>;
