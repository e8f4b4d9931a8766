import type { BusinessDirectory, MonitoringSettingsDirectory } from '@kyb/area-views';
import type { Producer, WorkerLogger } from '@kyb/queues';
import { dueEnrichment } from './monitoring-slots';
import type { DueMonitoringTask, MonitoringScheduleStore, MonitoringTask } from './monitoring-schedule.store';

/** What the monitoring schedule is built from. */
export interface MonitoringScheduleDeps {
  store: MonitoringScheduleStore;
  /** The monitored businesses (the case area's directory). */
  businesses: Pick<BusinessDirectory, 'monitoredPage'>;
  /** Each customer's frequency (MONTHLY where a customer set none). */
  settings: Pick<MonitoringSettingsDirectory, 'settingsOfMany'>;
  /** The enrichment queue: the same job a refresh queues, so the score area scores the business after it. */
  enrichment: Pick<Producer<{ businessId: string; customerId: string }>, 'add'>;
  providerName: string;
  /** How often the tick runs: slots end this long before their period, so one always follows a slot. */
  tickEveryMs: number;
  /** Monitored businesses read per page (default 500). */
  pageSize?: number;
  clock: () => Date;
  logger: WorkerLogger;
}

/** What one tick did. */
export interface MonitoringTickResult {
  monitored: number;
  queued: number;
}

/**
 * Monitoring's schedule (issue 12): each monitored business is re-enriched once per period of its
 * customer's frequency, at its own slot in the period. A tick reads the monitored businesses a
 * page at a time with their customers' settings (two statements per page), records a task for
 * each business whose slot has come, that has no task for this period yet and was not enriched
 * since its slot (added or refreshed after it: nothing to refresh until the next period; one
 * statement per page, the task's job id names the period), and queues those enrichments. A job that could not be
 * queued leaves its task PENDING, and the recovery sweep queues it again.
 */
export function createMonitoringSchedule(deps: MonitoringScheduleDeps) {
  const pageSize = deps.pageSize ?? 500;

  async function queue(tasks: MonitoringTask[]): Promise<number> {
    const results = await Promise.allSettled(tasks.map((task) => deps.enrichment.add({ businessId: task.businessId, customerId: task.customerId }, { jobId: task.jobId })));
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed > 0) deps.logger.warn({ failed }, 'monitoring enrichments not queued; the recovery sweep will queue their tasks');
    return results.length - failed;
  }

  return {
    async tick(): Promise<MonitoringTickResult> {
      const now = deps.clock();
      const result: MonitoringTickResult = { monitored: 0, queued: 0 };
      for (let after: string | null = null; ; ) {
        const page = await deps.businesses.monitoredPage(after, pageSize);
        const settings = await deps.settings.settingsOfMany([...new Set(page.map((b) => b.customerId))]);
        const due = page.flatMap((business): DueMonitoringTask[] => {
          const frequency = settings.get(business.customerId)?.frequency ?? 'MONTHLY';
          const job = dueEnrichment(business.id, frequency, now, deps.tickEveryMs);
          return job ? [{ jobId: job.jobId, businessId: business.id, customerId: business.customerId, dueSince: job.slot }] : [];
        });
        result.monitored += page.length;
        result.queued += await queue(await deps.store.createTasks(due, deps.providerName, now));
        if (page.length < pageSize) {
          if (result.queued > 0) deps.logger.info({ ...result }, 'monitoring enrichments queued');
          return result;
        }
        after = page[page.length - 1].id;
      }
    },
  };
}

/** The monitoring schedule type, for injection. */
export type MonitoringSchedule = ReturnType<typeof createMonitoringSchedule>;
