import type { Knex } from '@kyb/db';
import type { StuckRecord } from '@kyb/queues';

const RUNS = 'cases.onboarding_runs';
const OUTBOX = 'cases.mail_outbox';

/** A page of stuck records: not final, untouched since `cutoff` (nor recovered since), after `afterId` by id. */
export interface StuckQuery {
  cutoff: Date;
  now: Date;
  afterId: string | null;
  limit: number;
}

function page(query: Knex.QueryBuilder, q: StuckQuery): Knex.QueryBuilder {
  query.andWhere((r) => r.whereNull('recovered_at').orWhere('recovered_at', '<', q.cutoff)).orderBy('id').limit(q.limit);
  if (q.afterId) query.andWhere('id', '>', q.afterId);
  return query.select('id', 'recoveries');
}

/**
 * SQL of the case area's recovery sweep. Each query reads through a partial index of records not
 * final (migration 20261123_0009), so a sweep costs what is stuck, not what exists.
 */
export function createPgCaseRecoveryStore(db: Knex) {
  /** Counts a recovery only if nobody did since the row was read (a racing sweep loses). */
  const note = (table: string, statuses: string[]) => async (row: StuckRecord, at: Date) =>
    (await db(table)
      .where({ id: row.id, recoveries: row.recoveries })
      .whereIn('status', statuses)
      .update({ recoveries: row.recoveries + 1, recovered_at: at })) === 1;
  return {
    /** Async onboarding runs still PENDING since before `cutoff`, not held under a live lease by a worker storing them. */
    stuckRuns(q: StuckQuery): Promise<StuckRecord[]> {
      return page(
        db(RUNS)
          .where({ status: 'PENDING' })
          .andWhere('created_at', '<', q.cutoff)
          .andWhere((l) => l.whereNull('lease_expires_at').orWhere('lease_expires_at', '<', q.now)),
        q,
      );
    },
    noteRunRecovery: note(RUNS, ['PENDING']),
    /** Ends a run still PENDING (and not held under a live lease) as FAILED with `reason`; its sealed rows are dropped. */
    async failRun(id: string, reason: string, at: Date): Promise<void> {
      await db(RUNS)
        .where({ id, status: 'PENDING' })
        .andWhere((l) => l.whereNull('lease_expires_at').orWhere('lease_expires_at', '<', at))
        .update({ status: 'FAILED', failure_reason: reason, rows_sealed: null, finished_at: at, lease_owner: null, lease_expires_at: null });
    },
    /** Takes a PENDING run for `owner` until `until`, unless another worker holds a live lease on it; whether it was taken. */
    async claimRunLease(id: string, owner: string, at: Date, until: Date): Promise<boolean> {
      const claimed = await db(RUNS)
        .where({ id, status: 'PENDING' })
        .andWhere((q) => q.whereNull('lease_expires_at').orWhere('lease_expires_at', '<', at))
        .update({ lease_owner: owner, lease_expires_at: until });
      return claimed === 1;
    },
    /** Gives a run's lease back, if `owner` still holds it. */
    async releaseRunLease(id: string, owner: string): Promise<void> {
      await db(RUNS).where({ id, lease_owner: owner }).update({ lease_owner: null, lease_expires_at: null });
    },
    /** Mail PENDING since before `cutoff`, or SENDING whose lease lapsed (its worker died mid-send). */
    stuckMail(q: StuckQuery): Promise<StuckRecord[]> {
      return page(
        db(OUTBOX)
          .whereIn('status', ['PENDING', 'SENDING'])
          .andWhere('created_at', '<', q.cutoff)
          .andWhere((s) => s.where({ status: 'PENDING' }).orWhere('lease_expires_at', '<', q.now)),
        q,
      );
    },
    noteMailRecovery: note(OUTBOX, ['PENDING', 'SENDING']),
    /** Ends a message not sent (and not held under a live lease) as FAILED with `reason`. */
    async failMail(id: string, reason: string, now: Date): Promise<void> {
      await db(OUTBOX)
        .where({ id })
        .andWhere((s) => s.where({ status: 'PENDING' }).orWhere((l) => l.where({ status: 'SENDING' }).andWhere('lease_expires_at', '<', now)))
        .update({ status: 'FAILED', last_error: reason, lease_owner: null, lease_expires_at: null });
    },
  };
}

/** The case recovery store type, for injection. */
export type CaseRecoveryStore = ReturnType<typeof createPgCaseRecoveryStore>;
