import { jsonFieldsSource, jsonText, type Knex } from '@kyb/db';
import type { PublicRecordsWrite } from './public-records.types';

const RECORDS = 'integration.public_records';
const BJL = 'integration.bjl_records';
const TASKS = 'integration.integration_tasks';
const FINANCIALS = 'integration.financial_profiles';

/** The BJL records of the writes, one per key (a provider listing a record twice keeps its last listing, so the upsert never meets a key twice). */
function bjlRowsOf(writes: readonly PublicRecordsWrite[]) {
  const rows = new Map<string, { write: PublicRecordsWrite; record: PublicRecordsWrite['records'][number] }>();
  for (const write of writes) for (const record of write.records) rows.set(`${write.businessId}\0${record.kind}\0${record.providerRecordId}`, { write, record });
  return [...rows.values()];
}

/**
 * Writes the records of many finished tasks (one per business) in `trx` with four statements,
 * whatever their number, storing exactly what `write` stores for each: the public-records row,
 * then for the businesses whose row was written the BJL records (those no longer reported
 * deleted, the rest upserted by the provider's ids) and the financial profile. As in `write`,
 * the records of an older task never replace those of a newer one: the upsert's condition is
 * checked on the locked current row. Answers the ids of the businesses whose records were written.
 */
export async function writeManyPublicRecords(trx: Knex.Transaction, writes: readonly PublicRecordsWrite[]): Promise<Set<string>> {
  if (writes.length === 0) return new Set();
  if (new Set(writes.map((w) => w.businessId)).size !== writes.length) throw new Error('writeManyPublicRecords takes one write per business');
  // One order for every batch, so two transactions lock the rows they share in the same order.
  const sorted = [...writes].sort((a, b) => (a.businessId < b.businessId ? -1 : a.businessId > b.businessId ? 1 : 0));
  // One JSON array per field (ADR 0029): a summary is kilobytes of JSON, which as an element of a text array pg
  // escaped character by character, and which read field by field from one object per write PostgreSQL parsed
  // again for every field.
  const records = jsonFieldsSource(
    'w',
    ['business_id', 'task_id', 'provider', 'platform_id', 'summary', 'at'],
    sorted.map((w) => ({ business_id: w.businessId, task_id: w.taskId, provider: w.provider, platform_id: w.platformId, summary: w.summary, at: w.at })),
  );
  const { rows } = await trx.raw<{ rows: Array<{ business_id: string }> }>(
    `insert into ${RECORDS} as r (business_id, business_integration_task_id, provider, platform_id, summary, created_at, updated_at)
     select ${jsonText('w.business_id')}::uuid, ${jsonText('w.task_id')}::uuid, ${jsonText('w.provider')}, ${jsonText('w.platform_id')}::int, w.summary,
            ${jsonText('w.at')}::timestamptz, ${jsonText('w.at')}::timestamptz
     from ${records.sql}
     on conflict (business_id) do update set business_integration_task_id = excluded.business_integration_task_id, provider = excluded.provider,
       platform_id = excluded.platform_id, summary = excluded.summary, updated_at = excluded.updated_at
     where r.business_integration_task_id = excluded.business_integration_task_id
       or not coalesce((select incoming.created_at < current.created_at from ${TASKS} incoming, ${TASKS} current
         where incoming.id = excluded.business_integration_task_id and current.id = r.business_integration_task_id), false)
     returning r.business_id`,
    records.bindings,
  );
  const written = new Set(rows.map((r) => r.business_id));
  const kept = sorted.filter((w) => written.has(w.businessId));
  if (kept.length === 0) return written;

  const bjl = bjlRowsOf(kept);
  await trx.raw(
    `delete from ${BJL} b using unnest(?::uuid[]) as w(business_id)
     where b.business_id = w.business_id and not exists (
       select 1 from unnest(?::uuid[], ?::text[], ?::text[]) as k(business_id, kind, provider_record_id)
       where k.business_id = b.business_id and k.kind = b.kind and k.provider_record_id = b.provider_record_id)`,
    [kept.map((w) => w.businessId), bjl.map((r) => r.write.businessId), bjl.map((r) => r.record.kind), bjl.map((r) => r.record.providerRecordId)],
  );
  if (bjl.length > 0) {
    await trx.raw(
      `insert into ${BJL} (business_id, business_integration_task_id, kind, provider_record_id, filing_date, status, amount, created_at, updated_at)
       select k.business_id, k.task_id, k.kind, k.provider_record_id, k.filing_date, k.status, k.amount, k.at, k.at
       from unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::timestamptz[], ?::text[], ?::numeric[], ?::timestamptz[])
         as k(business_id, task_id, kind, provider_record_id, filing_date, status, amount, at)
       on conflict (business_id, kind, provider_record_id) do update set business_integration_task_id = excluded.business_integration_task_id,
         filing_date = excluded.filing_date, status = excluded.status, amount = excluded.amount, updated_at = excluded.updated_at`,
      [
        bjl.map((r) => r.write.businessId),
        bjl.map((r) => r.write.taskId),
        bjl.map((r) => r.record.kind),
        bjl.map((r) => r.record.providerRecordId),
        bjl.map((r) => r.record.filingDate),
        bjl.map((r) => r.record.status),
        bjl.map((r) => r.record.amount),
        bjl.map((r) => r.write.at),
      ],
    );
  }
  const financials = jsonFieldsSource(
    'f',
    ['business_id', 'task_id', 'provider', 'statements', 'credit_bureau', 'at'],
    kept.map((w) => ({
      business_id: w.businessId,
      task_id: w.taskId,
      provider: w.financialsProvider,
      statements: w.financials.statements ?? null,
      credit_bureau: w.financials.creditBureau ?? null,
      at: w.at,
    })),
  );
  // A JSON null is stored as SQL NULL, as a null text element was (the nullif).
  await trx.raw(
    `insert into ${FINANCIALS} (business_id, business_integration_task_id, provider, statements, credit_bureau, created_at, updated_at)
     select ${jsonText('f.business_id')}::uuid, ${jsonText('f.task_id')}::uuid, ${jsonText('f.provider')},
            nullif(f.statements::text, 'null')::json, nullif(f.credit_bureau::text, 'null')::json, ${jsonText('f.at')}::timestamptz, ${jsonText('f.at')}::timestamptz
     from ${financials.sql}
     on conflict (business_id) do update set business_integration_task_id = excluded.business_integration_task_id, provider = excluded.provider,
       statements = excluded.statements, credit_bureau = excluded.credit_bureau, updated_at = excluded.updated_at`,
    financials.bindings,
  );
  return written;
}
