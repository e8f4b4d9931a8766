import { recordEvent, type Knex } from '@kyb/db';
import type { DataKeys } from '@kyb/area-views';
import { OUTBOX_SCHEMA, screeningEvent } from './screening.events';
import type { ScreeningListQuery, ScreeningStatus } from './screening.schemas';
import type { MatchResult, ScreeningOutcome } from '../providers/screening.provider';
import type { VendorTrace } from '../providers/verification.providers';
import { createPgVendorAnswerStore } from '../providers/vendor-answers.store';

const TABLE = 'integration.screenings';
/** What an event of a screening names. */
const EVENT_COLUMNS = ['id', 'business_id', 'customer_id'];

/** Where a screening is: PENDING (queued) -> PROCESSING -> COMPLETED | FAILED. */
export type { ScreeningStatus };

/** Statuses of a screening that has not ended yet. */
export const IN_FLIGHT: readonly ScreeningStatus[] = ['PENDING', 'PROCESSING'];

/** A row of `integration.screenings`. */
export interface ScreeningRow {
  id: string;
  customer_id: string;
  business_id: string;
  status: ScreeningStatus;
  icas: string[];
  provider: string;
  match_result: MatchResult | null;
  result: ScreeningOutcome | null;
  failure_reason: string | null;
  attempts: number;
  requested_by: string;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** What a screening ends with: the outcome, and a real adapter's raw answer behind it (MATCH Pro's), kept sealed apart from the result. */
export type TracedScreeningOutcome = ScreeningOutcome & { trace?: VendorTrace };

/** SQL for screening runs and their results; `dataKeys` seals the vendor's raw answer kept beside a result. */
export function createPgScreeningStore(db: Knex, dataKeys: Pick<DataKeys, 'seal' | 'open'>) {
  const vendorAnswers = createPgVendorAnswerStore({ db, dataKeys });
  return {
    /**
     * Serialises requests for one business until the transaction ends, so two simultaneous
     * requests cannot both start a screening.
     */
    async lockBusiness(trx: Knex.Transaction, businessId: string): Promise<void> {
      await trx.raw(`select pg_advisory_xact_lock(hashtext('screening:' || ?))`, [businessId]);
    },

    /** A screening of the business over exactly these ICAs (in any order) that has not ended. */
    async findInFlight(trx: Knex.Transaction, businessId: string, icas: string[]): Promise<ScreeningRow | undefined> {
      const list = JSON.stringify(icas);
      return trx<ScreeningRow>(TABLE)
        .where({ business_id: businessId })
        .whereIn('status', IN_FLIGHT)
        .whereRaw('icas @> ?::jsonb and icas <@ ?::jsonb', [list, list])
        .orderBy('created_at', 'desc')
        .first();
    },

    async insert(
      trx: Knex.Transaction,
      row: Pick<ScreeningRow, 'customer_id' | 'business_id' | 'icas' | 'provider' | 'requested_by' | 'created_at'>,
    ): Promise<ScreeningRow> {
      const [stored] = await trx(TABLE)
        .insert({ ...row, icas: JSON.stringify(row.icas), status: 'PENDING', updated_at: row.created_at })
        .returning<ScreeningRow[]>('*');
      return stored;
    },

    async findById(id: string): Promise<ScreeningRow | undefined> {
      return db<ScreeningRow>(TABLE).where({ id }).first();
    },

    /** The most recent screening of the business. */
    async latest(businessId: string): Promise<ScreeningRow | undefined> {
      return db<ScreeningRow>(TABLE).where({ business_id: businessId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).first();
    },

    async list(query: ScreeningListQuery): Promise<{ items: ScreeningRow[]; total: number }> {
      const base = db<ScreeningRow>(TABLE).where({ business_id: query.businessId });
      if (query.filter.status) base.andWhere('status', query.filter.status);
      const [{ count }] = await base.clone().count<Array<{ count: string }>>({ count: '*' });
      const page = base.clone().select('*');
      for (const [column, direction] of query.sort) page.orderBy(column, direction, direction === 'desc' ? 'last' : 'first');
      page.orderBy('id', 'desc');
      if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
      return { items: await page, total: Number(count) };
    },

    /** Marks a screening that has not ended PROCESSING and counts the attempt; undefined when it has ended. */
    async markProcessing(id: string, now: Date): Promise<ScreeningRow | undefined> {
      const [row] = await db(TABLE)
        .where({ id })
        .whereIn('status', IN_FLIGHT)
        .update({ status: 'PROCESSING', attempts: db.raw('attempts + 1'), updated_at: now })
        .returning<ScreeningRow[]>('*');
      return row;
    },

    /**
     * Ends a screening that has not ended COMPLETED with its result, and writes `screening.completed`
     * in the same transaction, with the vendor's raw answer (when the adapter traced one) sealed
     * beside it, never in the result.
     */
    async complete(id: string, { trace, ...outcome }: TracedScreeningOutcome, now: Date): Promise<void> {
      // Sealed before the transaction (sealing may read or make the tenant's key); the raw text goes no further.
      const tenant = trace ? await db<ScreeningRow>(TABLE).where({ id }).first('customer_id') : undefined;
      const answers = trace && tenant ? await vendorAnswers.seal(tenant.customer_id, [{ check: 'MATCH', trace }]) : [];
      await db.transaction(async (trx) => {
        const [ended] = await trx(TABLE)
          .where({ id })
          .whereIn('status', IN_FLIGHT)
          .update({
            status: 'COMPLETED',
            match_result: outcome.matchResult,
            result: JSON.stringify(outcome),
            failure_reason: null,
            completed_at: now,
            updated_at: now,
          })
          .returning<Array<Pick<ScreeningRow, 'id' | 'business_id' | 'customer_id'>>>(EVENT_COLUMNS);
        if (!ended) return;
        await vendorAnswers.keep([{ subject: { customerId: ended.customer_id, businessId: ended.business_id, screeningId: ended.id }, answers }], trx);
        await recordEvent(trx, OUTBOX_SCHEMA, screeningEvent('screening.completed', ended));
      });
    },

    /** The vendor's raw answer kept for a screening, opened (for an auditor; empty for a sandbox's). */
    keptAnswers: (id: string) => vendorAnswers.ofScreening(id),

    /** Ends a screening that has not ended as FAILED, with a client-safe reason, and writes `screening.failed` in the same transaction. */
    async fail(id: string, reason: string, now: Date): Promise<void> {
      await db.transaction(async (trx) => {
        const [ended] = await trx(TABLE)
          .where({ id })
          .whereIn('status', IN_FLIGHT)
          .update({ status: 'FAILED', failure_reason: reason, completed_at: now, updated_at: now })
          .returning(EVENT_COLUMNS);
        if (ended) await recordEvent(trx, OUTBOX_SCHEMA, screeningEvent('screening.failed', ended));
      });
    },
  };
}

/** The screening store type, for injection. */
export type ScreeningStore = ReturnType<typeof createPgScreeningStore>;
