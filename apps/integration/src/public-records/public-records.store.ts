import type { Knex } from '@kyb/db';
import { businessScopedRead, SCOPED_BUSINESS_ID, type BjlEntry, type BusinessScope, type ScopedRows } from '@kyb/area-views';
import type { PublicRecordsWrite } from './public-records.types';

export type { PublicRecordsWrite };
import { writeManyPublicRecords } from './public-records-batch.store';

/** E1's public records as stored: `data.public_records` as JSON text, written by a trigger (migration 0014). */
export interface PresentedPublicRecords {
  presented: string;
}

const RECORDS = 'integration.public_records';
const BJL = 'integration.bjl_records';
const TASKS = 'integration.integration_tasks';
const FINANCIALS = 'integration.financial_profiles';

/** Code-point order of two texts. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** SQL of public records, the BJL records behind the facts, and the financial profile fetched with them. */
export function createPgPublicRecordsStore(db: Knex) {
  // E1 and E11 read the business (for its access check) in the same statement as their data.
  const recordsWithBusiness = businessScopedRead<PresentedPublicRecords>(db, [], () =>
    db(RECORDS).where('business_id', db.ref(SCOPED_BUSINESS_ID)).select('presented').limit(1),
  );
  type BjlJoined = {
    platform_id: number;
    kind: BjlEntry['kind'] | null;
    provider_record_id: string | null;
    filing_date: Date | null;
    status: BjlEntry['status'] | null;
    amount: string | null;
  };
  const bjlWithBusiness = businessScopedRead<BjlJoined>(db, [], () =>
    db(`${RECORDS} as r`)
      .leftJoin(`${BJL} as k`, 'k.business_id', 'r.business_id')
      .where('r.business_id', db.ref(SCOPED_BUSINESS_ID))
      .select('r.platform_id', 'k.kind', 'k.provider_record_id', 'k.filing_date', 'k.status', 'k.amount'),
  );
  return {
    /** E1's read: the business (for the access check) and its public records as E1 shows them, if it has any. */
    async findWithBusiness(businessId: string): Promise<ScopedRows<PresentedPublicRecords>> {
      return recordsWithBusiness(businessId);
    },
    /**
     * E11's read: the business (for the access check), the platform id of its public records
     * (undefined when none were fetched yet) and its BJL records, newest filing first.
     */
    async bjlWithBusiness(businessId: string): Promise<{ business: BusinessScope | undefined; platformId: number | undefined; records: BjlEntry[] }> {
      const { business, rows } = await bjlWithBusiness(businessId);
      const records: BjlEntry[] = [];
      // Newest filing first, then by the provider's id: ordered here, as a subquery's order is not the statement's.
      rows.sort((a, b) => (b.filing_date?.getTime() ?? 0) - (a.filing_date?.getTime() ?? 0) || byText(a.provider_record_id ?? '', b.provider_record_id ?? ''));
      for (const r of rows) {
        if (r.kind !== null && r.filing_date !== null && r.status !== null) {
          records.push({ kind: r.kind, filingDate: r.filing_date, status: r.status, amount: r.amount === null ? null : Number(r.amount) });
        }
      }
      return { business, platformId: rows[0]?.platform_id, records };
    },
    /**
     * Writes a task's records in `trx`: one public-records and one financial-profile row per
     * business (updated in place) and the BJL records keyed by the provider's ids, so a re-run
     * never duplicates. Records of
     * an older task never replace those of a newer one; answers whether the write happened.
     */
    async write(trx: Knex.Transaction, input: PublicRecordsWrite): Promise<boolean> {
      const current = await trx(RECORDS)
        .join(TASKS, `${TASKS}.id`, `${RECORDS}.business_integration_task_id`)
        .where(`${RECORDS}.business_id`, input.businessId)
        .forUpdate()
        .first<{ task_id: string; task_created_at: Date } | undefined>(`${TASKS}.id as task_id`, `${TASKS}.created_at as task_created_at`);
      if (current && current.task_id !== input.taskId) {
        const incoming = await trx(TASKS).where({ id: input.taskId }).first<{ created_at: Date }>('created_at');
        if (incoming && incoming.created_at < current.task_created_at) return false;
      }
      await trx(RECORDS)
        .insert({
          business_id: input.businessId,
          business_integration_task_id: input.taskId,
          provider: input.provider,
          platform_id: input.platformId,
          summary: JSON.stringify(input.summary),
          created_at: input.at,
          updated_at: input.at,
        })
        .onConflict('business_id')
        .merge(['business_integration_task_id', 'provider', 'platform_id', 'summary', 'updated_at']);
      const keep = input.records.map((r) => `${r.kind}:${r.providerRecordId}`);
      await trx(BJL)
        .where({ business_id: input.businessId })
        .whereRaw(`not (kind || ':' || provider_record_id = any(?::text[]))`, [keep])
        .delete();
      if (input.records.length > 0) {
        await trx(BJL)
          .insert(
            input.records.map((r) => ({
              business_id: input.businessId,
              business_integration_task_id: input.taskId,
              kind: r.kind,
              provider_record_id: r.providerRecordId,
              filing_date: r.filingDate,
              status: r.status,
              amount: r.amount,
              created_at: input.at,
              updated_at: input.at,
            })),
          )
          .onConflict(['business_id', 'kind', 'provider_record_id'])
          .merge(['business_integration_task_id', 'filing_date', 'status', 'amount', 'updated_at']);
      }
      await trx(FINANCIALS)
        .insert({
          business_id: input.businessId,
          business_integration_task_id: input.taskId,
          provider: input.financialsProvider,
          statements: input.financials.statements === null ? null : JSON.stringify(input.financials.statements),
          credit_bureau: input.financials.creditBureau === null ? null : JSON.stringify(input.financials.creditBureau),
          created_at: input.at,
          updated_at: input.at,
        })
        .onConflict('business_id')
        .merge(['business_integration_task_id', 'provider', 'statements', 'credit_bureau', 'updated_at']);
      return true;
    },
    /** `write` for many finished tasks (one per business) with a constant number of statements; answers the businesses whose records were written. */
    writeMany: (trx: Knex.Transaction, inputs: readonly PublicRecordsWrite[]): Promise<Set<string>> => writeManyPublicRecords(trx, inputs),
  };
}

/** The public-records store type, for injection. */
export type PublicRecordsStore = ReturnType<typeof createPgPublicRecordsStore>;
