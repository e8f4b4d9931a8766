import { DEFAULT_MAX_RECOVERIES, recoverStuck, type Producer, type RecoveryCounts, type WorkerLogger } from '@kyb/queues';
import { reportJobId } from '../reports/reports.service';
import type { ReportRecoveryStore } from './report-recovery.store';

/** What the report area's recovery sweep is built from. */
export interface ReportRecoveryDeps {
  store: ReportRecoveryStore;
  reports: Producer<{ reportId: string }>;
  clock: () => Date;
  logger: WorkerLogger;
  /** RECOVERY_STUCK_AFTER_MS: how long a record may stay not final since its last progress. */
  stuckAfterMs: number;
  maxRecoveries?: number;
}

/**
 * The report area's sweep, from PostgreSQL alone (Redis may have come back empty): reports
 * REQUESTED, or IN_PROGRESS past their lease, untouched for `stuckAfterMs` and whose job is gone,
 * are queued again (the worker's lease makes a second render impossible while one runs), or FAILED
 * with `log` saying why once recovered too often.
 */
export function createReportRecovery(deps: ReportRecoveryDeps) {
  const { store, clock } = deps;
  return {
    async sweep(): Promise<{ reports: RecoveryCounts }> {
      const now = clock();
      const cutoff = new Date(now.getTime() - deps.stuckAfterMs);
      const reports = await recoverStuck(
        {
          name: 'report',
          findStuck: (afterId, limit) => store.stuckReports({ cutoff, now, afterId, limit }),
          jobOf: (row) => ({ producer: deps.reports, payload: { reportId: row.id }, jobId: reportJobId(row.id) }),
          noteRecovery: (row) => store.noteRecovery(row, now),
          giveUp: (row, reason) => store.fail(row.id, reason, now),
        },
        { maxRecoveries: deps.maxRecoveries ?? DEFAULT_MAX_RECOVERIES, logger: deps.logger },
      );
      return { reports };
    },
  };
}

/** The report recovery sweep type, for injection. */
export type ReportRecovery = ReturnType<typeof createReportRecovery>;
