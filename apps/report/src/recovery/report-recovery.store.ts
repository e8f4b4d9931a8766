import type { Knex } from '@kyb/db';
import type { StuckRecord } from '@kyb/queues';
import { ENDED_REPORT_COLUMNS, endReport } from '../reports/report-events';

const REPORTS = 'reports.reports';
const OPEN = ['REQUESTED', 'IN_PROGRESS'];

/**
 * SQL of the report area's recovery sweep, read through a partial index of reports REQUESTED or
 * IN_PROGRESS (migration 20261123_0002), so a sweep costs what is stuck, not what exists.
 */
export function createPgReportRecoveryStore(db: Knex) {
  return {
    /**
     * Reports REQUESTED, or IN_PROGRESS under a lease that lapsed (their worker died mid-render),
     * untouched (nor recovered) since before `cutoff`, after `afterId` by id.
     */
    async stuckReports(q: { cutoff: Date; now: Date; afterId: string | null; limit: number }): Promise<StuckRecord[]> {
      const query = db(REPORTS)
        .whereIn('status', OPEN)
        .andWhere('updated_at', '<', q.cutoff)
        .andWhere((s) => s.where({ status: 'REQUESTED' }).orWhere('lease_expires_at', '<', q.now))
        .andWhere((r) => r.whereNull('recovered_at').orWhere('recovered_at', '<', q.cutoff))
        .orderBy('id')
        .limit(q.limit)
        .select('id', 'recoveries');
      if (q.afterId) query.andWhere('id', '>', q.afterId);
      return query;
    },
    /** Counts a recovery only if nobody did since the row was read (a racing sweep loses). */
    async noteRecovery(row: StuckRecord, at: Date): Promise<boolean> {
      return (await db(REPORTS).where({ id: row.id, recoveries: row.recoveries }).whereIn('status', OPEN).update({ recoveries: row.recoveries + 1, recovered_at: at })) === 1;
    },
    /** Ends a report REQUESTED, or IN_PROGRESS under a lapsed lease, as FAILED with `log` saying why, with report.failed. */
    async fail(id: string, log: string, now: Date): Promise<void> {
      await endReport(db, 'report.failed', (trx) =>
        trx(REPORTS)
          .where({ id })
          .andWhere((s) => s.where({ status: 'REQUESTED' }).orWhere((l) => l.where({ status: 'IN_PROGRESS' }).andWhere('lease_expires_at', '<', now)))
          .update({ status: 'FAILED', log, lease_owner: null, lease_expires_at: null, completed_at: now, updated_at: now })
          .returning(ENDED_REPORT_COLUMNS),
      );
    },
  };
}

/** The report recovery store type, for injection. */
export type ReportRecoveryStore = ReturnType<typeof createPgReportRecoveryStore>;
