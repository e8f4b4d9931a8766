import { recordEvent, type AnyOutboxEvent, type Knex } from '@kyb/db';
import type { StuckRecord } from '@kyb/queues';
import { BUSINESS_DIRECTORY_VIEW } from '@kyb/area-views';
import { enrichmentEvent, OUTBOX_SCHEMA } from '../enrichment/enrichment.events';
import { screeningEvent } from '../screening/screening.events';

const TASKS = 'integration.integration_tasks';
const SCREENINGS = 'integration.screenings';
const OPEN_TASK = ['PENDING', 'IN_PROGRESS'];
const OPEN_SCREENING = ['PENDING', 'PROCESSING'];

/** A task or screening an event names. */
interface EventRow {
  id: string;
  business_id: string;
  customer_id: string;
}

/** A page of stuck records: not final, untouched since `cutoff` (nor recovered since), after `afterId` by id. */
export interface StuckQuery {
  cutoff: Date;
  afterId: string | null;
  limit: number;
}

/** A task not final, with what its job carries. */
export interface StuckTask extends StuckRecord {
  business_id: string;
  customer_id: string;
  job_id: string;
}

/** A business that never got an enrichment task (its job was lost before the worker took it). */
export interface UntaskedBusiness extends StuckRecord {
  customer_id: string;
}

function stale(query: Knex.QueryBuilder, q: StuckQuery, columns: string[]): Knex.QueryBuilder {
  query
    .andWhere('updated_at', '<', q.cutoff)
    .andWhere((r) => r.whereNull('recovered_at').orWhere('recovered_at', '<', q.cutoff))
    .orderBy('id')
    .limit(q.limit);
  if (q.afterId) query.andWhere('id', '>', q.afterId);
  return query.select(columns);
}

/**
 * SQL of the integration area's recovery sweep. Tasks and screenings are read through partial
 * indexes of records not final, businesses through an index by creation (migrations
 * 20261123_0004 and case 20261123_0009), so a sweep costs what is stuck, not what exists.
 */
export function createPgIntegrationRecoveryStore(db: Knex) {
  const note = (table: string, statuses: string[]) => async (row: StuckRecord, at: Date) =>
    (await db(table).where({ id: row.id, recoveries: row.recoveries }).whereIn('status', statuses).update({ recoveries: row.recoveries + 1, recovered_at: at })) === 1;
  /** Ends a record still not final FAILED and writes the event `eventOf` makes of it in the same transaction (nothing when it ended meanwhile). */
  const giveUp = (table: string, statuses: string[], eventOf: (row: EventRow) => AnyOutboxEvent) => async (id: string, reason: string, at: Date) => {
    await db.transaction(async (trx) => {
      const [ended] = await trx(table)
        .where({ id })
        .whereIn('status', statuses)
        .update({ status: 'FAILED', failure_reason: reason, completed_at: at, updated_at: at })
        .returning<EventRow[]>(['id', 'business_id', 'customer_id']);
      if (ended) await recordEvent(trx, OUTBOX_SCHEMA, eventOf(ended));
    });
  };
  return {
    /** Tasks PENDING or IN_PROGRESS, untouched since before `cutoff`. */
    stuckTasks(q: StuckQuery): Promise<StuckTask[]> {
      return stale(db(TASKS).whereIn('status', OPEN_TASK), q, ['id', 'recoveries', 'business_id', 'customer_id', 'job_id']);
    },
    noteTaskRecovery: note(TASKS, OPEN_TASK),
    /** Ends a task still not final FAILED, with its `enrichment.failed` event. */
    failTask: giveUp(TASKS, OPEN_TASK, (row) => enrichmentEvent('enrichment.failed', row)),

    /**
     * Businesses added between `since` and `cutoff` that have no enrichment task at all: the
     * worker creates one when it first takes the job, so their job never ran.
     */
    async untaskedBusinesses(q: StuckQuery & { since: Date }): Promise<UntaskedBusiness[]> {
      const query = db(`${BUSINESS_DIRECTORY_VIEW} as b`)
        .where('b.created_at', '>=', q.since)
        .andWhere('b.created_at', '<', q.cutoff)
        .whereNotExists(db(TASKS).select(db.raw('1')).whereRaw('business_id = b.id'))
        .orderBy('b.id')
        .limit(q.limit)
        .select('b.id', 'b.customer_id', db.raw('0 as recoveries'));
      if (q.afterId) query.andWhere('b.id', '>', q.afterId);
      return query;
    },
    /**
     * Records the task a lost enrichment job would have created, under that job's id, with one
     * recovery counted; answers false when it exists already (a worker or a racing sweep made it).
     */
    async createRecoveredTask(input: { jobId: string; businessId: string; customerId: string; provider: string; at: Date }): Promise<boolean> {
      const rows = await db(TASKS)
        .insert({ job_id: input.jobId, business_id: input.businessId, customer_id: input.customerId, provider: input.provider, recoveries: 1, recovered_at: input.at })
        .onConflict('job_id')
        .ignore()
        .returning('id');
      return rows.length === 1;
    },

    /** Screenings PENDING or PROCESSING, untouched since before `cutoff`. */
    stuckScreenings(q: StuckQuery): Promise<StuckRecord[]> {
      return stale(db(SCREENINGS).whereIn('status', OPEN_SCREENING), q, ['id', 'recoveries']);
    },
    noteScreeningRecovery: note(SCREENINGS, OPEN_SCREENING),
    /** Ends a screening still not final FAILED, with its `screening.failed` event. */
    failScreening: giveUp(SCREENINGS, OPEN_SCREENING, (row) => screeningEvent('screening.failed', row)),
  };
}

/** The integration recovery store type, for injection. */
export type IntegrationRecoveryStore = ReturnType<typeof createPgIntegrationRecoveryStore>;
