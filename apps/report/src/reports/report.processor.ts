import { randomUUID } from 'node:crypto';
import type { JobAttempts, WorkerLogger } from '@kyb/queues';
import type { ReportData } from '../pdf/report-data';
import type { ReportStorage } from '../storage/report-storage';
import { loadReportData, type ReportSources } from './report-data.loader';
import { ReportBusinessGoneError } from './reports.errors';
import type { ReportStore } from './reports.store';

/** What the report processor is built from. */
export interface ReportProcessorDeps {
  store: ReportStore;
  storage: ReportStorage;
  sources: ReportSources;
  render: (data: ReportData) => Promise<Buffer>;
  clock: () => Date;
  logger: WorkerLogger;
  /** How long a worker holds a report while rendering it; past it another worker may take over. */
  leaseMs: number;
}

/** What one run of the processor did. */
export type ReportRun = { outcome: 'completed' | 'failed' | 'ended' | 'retry' } | { outcome: 'busy'; until: Date };

const UNEXPECTED = 'The report could not be rendered because of an internal error.';

/** Where a report's PDF is stored. */
export const reportFilePath = (reportId: string) => `reports/${reportId}.pdf`;

/**
 * Renders one report: REQUESTED -> IN_PROGRESS (under a lease) -> COMPLETED with its file, or
 * FAILED with `log` saying why. While another worker's lease runs the answer is `busy` (the job
 * waits until the lease lapses: that worker may have died mid-render); completion counts only
 * under the lease, so a report completes exactly once.
 */
/** Renders one report on one attempt (what the report worker runs). */
export type ReportProcessor = (reportId: string, attempt: JobAttempts) => Promise<ReportRun>;

export function createReportProcessor(deps: ReportProcessorDeps): ReportProcessor {
  const { store, clock, logger } = deps;
  return async function processReport(reportId: string, attempt: JobAttempts): Promise<ReportRun> {
    const owner = randomUUID();
    const at = clock();
    const report = await store.claim(reportId, owner, at, new Date(at.getTime() + deps.leaseMs));
    if (!report) {
      const current = await store.find(reportId);
      if (current?.status === 'IN_PROGRESS') return { outcome: 'busy', until: await store.leaseExpiry(reportId) ?? at };
      return { outcome: 'ended' };
    }
    try {
      const data = await loadReportData(deps.sources, { id: report.id, businessId: report.business_id }, clock());
      const pdf = await deps.render(data);
      await deps.storage.put(reportFilePath(report.id), { content: pdf, contentType: 'application/pdf' });
      if (!(await store.complete(report.id, owner, reportFilePath(report.id), clock()))) {
        // Taken from this render while it ran: by another worker (which completes it), or ended FAILED by an
        // erasure (an owner's or the tenant's: docs/adr/0043), whose file must not stay behind.
        if ((await store.find(report.id))?.status === 'FAILED') await deps.storage.remove(reportFilePath(report.id));
        logger.warn({ reportId }, 'report lease lapsed before completion; the worker holding it now completes it');
        return { outcome: 'ended' };
      }
      return { outcome: 'completed' };
    } catch (err) {
      if (err instanceof ReportBusinessGoneError) {
        await store.fail(report.id, owner, err.message, clock());
        return { outcome: 'failed' };
      }
      logger.error({ reportId, err, attempt: attempt.made + 1, of: attempt.allowed }, 'report rendering failed');
      if (attempt.made + 1 >= attempt.allowed) {
        await store.fail(report.id, owner, UNEXPECTED, clock());
        return { outcome: 'failed' };
      }
      await store.release(report.id, owner, `${UNEXPECTED} Retrying.`, clock());
      throw err;
    }
  };
}
