import { jsonFieldsSource, jsonText, recordEvents, type Knex } from '@kyb/db';
import { OUTBOX_SCHEMA, verificationEvent } from './verification.events';
import type { NewVerification, VerificationStatus } from './verification.types';

const VERIFICATIONS = 'integration.business_verifications';
const CHANGES = 'integration.business_verification_status_changes';

/** What `recordMany` did for one business. */
export interface RecordedVerification {
  businessId: string;
  recorded: boolean;
  changed: boolean;
  /** The verification stored, null when the task was verified already. */
  verificationId: string | null;
}

/** The ids among `taskIds` whose verification is stored, in one statement. */
export async function verifiedTaskIds(db: Knex, taskIds: readonly string[]): Promise<Set<string>> {
  if (taskIds.length === 0) return new Set();
  const rows: Array<{ task_id: string }> = await db(VERIFICATIONS)
    .whereRaw('business_integration_task_id = any(?::uuid[])', [taskIds])
    .select('business_integration_task_id as task_id');
  return new Set(rows.map((r) => r.task_id));
}

/**
 * Stores many verifications (one per business) in `trx` with four statements, whatever their
 * number, exactly as `record` stores each: the businesses' verifications are serialised (the same
 * advisory locks, taken in one order), a task already verified stores nothing, and a status that
 * differs from the business's latest stores the change (from null for a first verification) and
 * its event.
 */
export async function recordManyVerifications(trx: Knex, entries: readonly NewVerification[]): Promise<RecordedVerification[]> {
  if (entries.length === 0) return [];
  const byBusiness = new Map(entries.map((e) => [e.businessId, e]));
  if (byBusiness.size !== entries.length) throw new Error('recordManyVerifications takes one verification per business');
  const keys = [...byBusiness.keys()].map((id) => `verification:${id}`).sort();
  // unnest yields the keys in the array's order: every batch takes its locks in the same order.
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(k, 13)) from unnest(?::text[]) as k', [keys]);
  // `previous` reads the snapshot before the insert: each business's latest status before this verification.
  // One JSON array per field (ADR 0029): the checks are a kilobyte of JSON each, which as elements of a text array
  // pg escaped character by character and PostgreSQL parsed as an array literal.
  const source = jsonFieldsSource(
    'i',
    ['business_id', 'customer_id', 'task_id', 'status', 'checks', 'at'],
    entries.map((e) => ({ business_id: e.businessId, customer_id: e.customerId, task_id: e.taskId, status: e.status, checks: e.checks, at: e.at })),
  );
  const { rows } = await trx.raw<{ rows: Array<{ id: string; business_id: string; status: VerificationStatus; from_status: VerificationStatus | null }> }>(
    `with incoming as (
       select ${jsonText('i.business_id')}::uuid as business_id, ${jsonText('i.customer_id')}::uuid as customer_id, ${jsonText('i.task_id')}::uuid as task_id,
              ${jsonText('i.status')} as status, i.checks::jsonb as checks, ${jsonText('i.at')}::timestamptz as at
       from ${source.sql}
     ), fresh as (
       select i.* from incoming i where not exists (select 1 from ${VERIFICATIONS} v where v.business_integration_task_id = i.task_id)
     ), previous as (
       select distinct on (v.business_id) v.business_id, v.status from ${VERIFICATIONS} v
       where v.business_id in (select business_id from fresh) order by v.business_id, v.seq desc
     ), inserted as (
       insert into ${VERIFICATIONS} (business_id, customer_id, business_integration_task_id, status, checks, created_at)
       select business_id, customer_id, task_id, status, checks, at from fresh
       returning id, business_id, status
     )
     select n.id, n.business_id, n.status, p.status as from_status from inserted n left join previous p on p.business_id = n.business_id`,
    source.bindings,
  );
  const changes = rows.filter((r) => r.from_status !== r.status);
  if (changes.length > 0) {
    await trx.raw(
      `insert into ${CHANGES} (business_id, verification_id, from_status, to_status, reason, changed_at)
       select * from unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::timestamptz[])`,
      [
        changes.map((r) => r.business_id),
        changes.map((r) => r.id),
        changes.map((r) => r.from_status),
        changes.map((r) => r.status),
        changes.map((r) => (byBusiness.get(r.business_id) as NewVerification).reason),
        changes.map((r) => (byBusiness.get(r.business_id) as NewVerification).at),
      ],
    );
    // The changes' events in the batch's order, in one statement.
    const changed = new Set(changes.map((r) => r.business_id));
    await recordEvents(trx, OUTBOX_SCHEMA, entries.filter((e) => changed.has(e.businessId)).map(verificationEvent));
  }
  const stored = new Map(rows.map((r) => [r.business_id, r]));
  return entries.map((e) => {
    const row = stored.get(e.businessId);
    return { businessId: e.businessId, recorded: row !== undefined, changed: row !== undefined && row.from_status !== row.status, verificationId: row?.id ?? null };
  });
}
