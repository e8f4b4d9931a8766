import { preparedRead, recordEvent, type Knex } from '@kyb/db';
import { enrichmentEvent, OUTBOX_SCHEMA } from './enrichment.events';
import type { TaskListQuery, TaskStatus } from './enrichment.schemas';
import { taskBatchQueries } from './integration-tasks-batch.store';
import type { TaskRow } from './integration-task-row';

export type { TaskRow };

/** States of an integration task. */
export type { TaskStatus };

const TABLE = 'integration.integration_tasks';
/** A task in neither of these states is final: nothing changes it any more. */
const OPEN: TaskStatus[] = ['PENDING', 'IN_PROGRESS'];
/** What an event of a task names. */
const EVENT_COLUMNS = ['id', 'business_id', 'customer_id'];

/** SQL of integration tasks, one task at a time and (the `...Many` functions) a batch's at once. */
export function createPgTaskStore(db: Knex) {
  const latestOf = preparedRead<TaskRow, 'businessId'>(db, ['businessId'], (v) => db(TABLE).where({ business_id: v.businessId }).orderBy('created_at', 'desc').orderBy('id').first());
  return {
    /** The task of queue job `jobId`, created PENDING if it has none (a redelivered job finds its own). */
    async findOrCreate(input: { jobId: string; businessId: string; customerId: string; provider: string; requestedBy?: string | null }): Promise<TaskRow> {
      await db(TABLE)
        .insert({
          job_id: input.jobId,
          business_id: input.businessId,
          customer_id: input.customerId,
          provider: input.provider,
          requested_by: input.requestedBy ?? null,
        })
        .onConflict('job_id')
        .ignore();
      return db(TABLE).where({ job_id: input.jobId }).first();
    },
    async find(id: string): Promise<TaskRow | undefined> {
      return db(TABLE).where({ id }).first();
    },
    /** The newest task of the business, if any. */
    async latest(businessId: string): Promise<TaskRow | undefined> {
      return (await latestOf({ businessId }))[0];
    },
    /** How many enrichments of the business succeeded (the sandbox's `deteriorating` trigger counts them). */
    async succeededCount(businessId: string): Promise<number> {
      const [{ count }] = await db(TABLE).where({ business_id: businessId, status: 'SUCCEEDED' }).count<Array<{ count: string }>>({ count: '*' });
      return Number(count);
    },
    /** The newest task of the business still waiting or running and touched since `since`, if any. */
    async open(businessId: string, since: Date): Promise<TaskRow | undefined> {
      return db(TABLE)
        .where({ business_id: businessId })
        .whereIn('status', ['PENDING', 'IN_PROGRESS'])
        .where('updated_at', '>=', since)
        .orderBy('created_at', 'desc')
        .first();
    },
    async list(query: TaskListQuery): Promise<{ items: TaskRow[]; total: number }> {
      const base = db(TABLE).where({ business_id: query.businessId });
      if (query.filter.status) base.where({ status: query.filter.status });
      const [{ count }] = await base.clone().count<Array<{ count: string }>>({ count: '*' });
      const page = base.clone().select('*');
      for (const [field, direction] of query.sort) page.orderBy(field, direction);
      page.orderBy('id');
      if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
      return { items: await page, total: Number(count) };
    },
    /** Counts an attempt and marks the task running. */
    async start(id: string, at: Date): Promise<void> {
      await db(TABLE)
        .where({ id })
        .update({ status: 'IN_PROGRESS', attempts: db.raw('attempts + 1'), started_at: db.raw('coalesce(started_at, ?)', [at]), updated_at: at });
    },
    /** Keeps the reason of a failed attempt that will be retried (a task that ended meanwhile is left alone). */
    async noteRetry(id: string, reason: string, at: Date): Promise<void> {
      await db(TABLE).where({ id }).whereIn('status', OPEN).update({ status: 'PENDING', failure_reason: reason, updated_at: at });
    },
    /** Ends a task not final FAILED, with its `enrichment.failed` event in the same transaction (a final task is left alone, announced once). */
    async fail(id: string, reason: string, at: Date): Promise<void> {
      await db.transaction(async (trx) => {
        const [ended] = await trx(TABLE).where({ id }).whereIn('status', OPEN).update({ status: 'FAILED', failure_reason: reason, completed_at: at, updated_at: at }).returning(EVENT_COLUMNS);
        if (ended) await recordEvent(trx, OUTBOX_SCHEMA, enrichmentEvent('enrichment.failed', ended));
      });
    },
    /** Marks the task SUCCEEDED in `trx` and writes its `enrichment.completed` event there, unless it had succeeded already (a job run twice at once announces once). */
    async succeed(trx: Knex, id: string, at: Date): Promise<void> {
      const [done] = await trx(TABLE).where({ id }).whereNot('status', 'SUCCEEDED').update({ status: 'SUCCEEDED', failure_reason: null, completed_at: at, updated_at: at }).returning(EVENT_COLUMNS);
      if (done) await recordEvent(trx, OUTBOX_SCHEMA, enrichmentEvent('enrichment.completed', done));
    },
    ...taskBatchQueries(db),
  };
}

/** The task store type, for injection. */
export type TaskStore = ReturnType<typeof createPgTaskStore>;
