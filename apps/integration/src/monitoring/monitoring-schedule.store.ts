import { BUSINESS_DIRECTORY_VIEW } from '@kyb/area-views';
import type { Knex } from '@kyb/db';

/** A monitored business as the schedule needs it. */
export interface MonitoredBusiness {
  id: string;
  customerId: string;
}

/** A monitoring enrichment to record: its task's job id and the business. */
export interface MonitoringTask {
  jobId: string;
  businessId: string;
  customerId: string;
}

const TASKS = 'integration.integration_tasks';

/** SQL of the monitoring schedule: monitored businesses a page at a time, and their tasks a page at a time. */
export function createPgMonitoringScheduleStore(db: Knex) {
  return {
    /** Businesses with monitoring switched on (the case area's directory), `limit` of them after `afterId`, by id. */
    async monitoredPage(afterId: string | null, limit: number): Promise<MonitoredBusiness[]> {
      const query = db(BUSINESS_DIRECTORY_VIEW).where({ is_monitoring_enabled: true }).orderBy('id').limit(limit).select<Array<{ id: string; customer_id: string }>>('id', 'customer_id');
      if (afterId) query.where('id', '>', afterId);
      return (await query).map((row) => ({ id: row.id, customerId: row.customer_id }));
    },
    /**
     * Records a PENDING task for each of `tasks` whose job id has none yet, in one statement, and
     * answers only those: a task recorded earlier in the period (another tick, another worker) is
     * not recorded or answered again.
     */
    async createTasks(tasks: MonitoringTask[], provider: string): Promise<MonitoringTask[]> {
      if (tasks.length === 0) return [];
      const rows: Array<{ job_id: string; business_id: string; customer_id: string }> = await db(TASKS)
        .insert(tasks.map((task) => ({ job_id: task.jobId, business_id: task.businessId, customer_id: task.customerId, provider })))
        .onConflict('job_id')
        .ignore()
        .returning(['job_id', 'business_id', 'customer_id']);
      return rows.map((row) => ({ jobId: row.job_id, businessId: row.business_id, customerId: row.customer_id }));
    },
  };
}

/** The monitoring schedule store type, for injection. */
export type MonitoringScheduleStore = ReturnType<typeof createPgMonitoringScheduleStore>;
