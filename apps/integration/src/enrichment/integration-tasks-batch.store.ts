import { recordEvents, type Knex } from '@kyb/db';
import { enrichmentEvent, OUTBOX_SCHEMA } from './enrichment.events';
import type { TaskRow } from './integration-task-row';

const TABLE = 'integration.integration_tasks';

/** What an event of a task names. */
type EventTask = Pick<TaskRow, 'id' | 'business_id' | 'customer_id'>;

/** `rows` in the order of `ids` (an UPDATE ... RETURNING answers in no set order), so a batch's events follow the batch. */
function inOrderOf<Row extends { id: string }>(ids: readonly string[], rows: readonly Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How a task of a batch ends outside the batch's transaction: FAILED for good, or PENDING with the reason of an attempt its own job retries. */
export interface TaskSettlement {
  id: string;
  status: 'FAILED' | 'PENDING';
  reason: string;
}

/**
 * The set-based statements of integration tasks an enrichment batch uses: each takes every task
 * of the batch and costs one statement, whatever the batch's size. Their single counterparts are
 * in integration-tasks.store.ts and write exactly the same columns.
 */
export function taskBatchQueries(db: Knex) {
  return {
    /**
     * The tasks of the queue jobs `jobs` (one per business), each created PENDING if it has none,
     * in two statements: the second one sees tasks a racing job created meanwhile.
     */
    async findOrCreateMany(input: { jobs: Array<{ jobId: string; businessId: string }>; customerId: string; provider: string }): Promise<TaskRow[]> {
      if (input.jobs.length === 0) return [];
      const jobIds = input.jobs.map((j) => j.jobId);
      await db.raw(
        `insert into ${TABLE} (job_id, business_id, customer_id, provider)
         select j.job_id, j.business_id, ?::uuid, ? from unnest(?::text[], ?::uuid[]) as j(job_id, business_id)
         on conflict (job_id) do nothing`,
        [input.customerId, input.provider, jobIds, input.jobs.map((j) => j.businessId)],
      );
      return db(TABLE).whereRaw('job_id = any(?::text[])', [jobIds]);
    },
    /** Counts an attempt on each task and marks it running (as `start`); answers each task's attempts so far by id. */
    async startMany(ids: readonly string[], at: Date): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows: Array<{ id: string; attempts: number }> = await db(TABLE)
        .whereRaw('id = any(?::uuid[])', [ids])
        .update({ status: 'IN_PROGRESS', attempts: db.raw('attempts + 1'), started_at: db.raw('coalesce(started_at, ?)', [at]), updated_at: at })
        .returning(['id', 'attempts']);
      return new Map(rows.map((r) => [r.id, r.attempts]));
    },
    /**
     * Ends each task not final as its settlement says: FAILED as `fail` writes it (with the
     * `enrichment.failed` events of all of them in the same transaction, one statement), PENDING as
     * `noteRetry` does.
     */
    async settleMany(settlements: readonly TaskSettlement[], at: Date): Promise<void> {
      if (settlements.length === 0) return;
      const settle = async (on: Knex): Promise<Array<EventTask & { status: string }>> =>
        (
          await on.raw(
            `update ${TABLE} t set status = s.status, failure_reason = s.reason,
               completed_at = case when s.status = 'FAILED' then ?::timestamptz else t.completed_at end, updated_at = ?::timestamptz
             from unnest(?::uuid[], ?::text[], ?::text[]) as s(id, status, reason) where t.id = s.id and t.status in ('PENDING', 'IN_PROGRESS')
             returning t.id, t.business_id, t.customer_id, t.status`,
            [at, at, settlements.map((s) => s.id), settlements.map((s) => s.status), settlements.map((s) => s.reason)],
          )
        ).rows;
      if (!settlements.some((s) => s.status === 'FAILED')) return void (await settle(db));
      await db.transaction(async (trx) => {
        const failed = (await settle(trx)).filter((t) => t.status === 'FAILED');
        const events = inOrderOf(settlements.map((s) => s.id), failed).map((t) => enrichmentEvent('enrichment.failed', t));
        await recordEvents(trx, OUTBOX_SCHEMA, events);
      });
    },
    /** Marks the tasks SUCCEEDED in `trx` and writes their `enrichment.completed` events there in one statement (as `succeed`, each task announced once). */
    async succeedMany(trx: Knex, ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      const done: EventTask[] = await trx(TABLE)
        .whereRaw('id = any(?::uuid[])', [ids])
        .whereNot('status', 'SUCCEEDED')
        .update({ status: 'SUCCEEDED', failure_reason: null, completed_at: at, updated_at: at })
        .returning(['id', 'business_id', 'customer_id']);
      await recordEvents(trx, OUTBOX_SCHEMA, inOrderOf(ids, done).map((t) => enrichmentEvent('enrichment.completed', t)));
    },
  };
}
