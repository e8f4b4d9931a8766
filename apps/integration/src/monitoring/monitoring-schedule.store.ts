import type { Knex } from '@kyb/db';

/** A monitoring enrichment to record: its task's job id and the business. */
export interface MonitoringTask {
  jobId: string;
  businessId: string;
  customerId: string;
}

const TASKS = 'integration.integration_tasks';

/** SQL of the monitoring schedule: the tasks of a page of due businesses. */
export function createPgMonitoringScheduleStore(db: Knex) {
  return {
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
