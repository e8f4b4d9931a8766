import type { Knex } from '@kyb/db';

/** A monitoring enrichment to record: its task's job id and the business. */
export interface MonitoringTask {
  jobId: string;
  businessId: string;
  customerId: string;
}

/** A business due for its monitoring enrichment since its slot. */
export interface DueMonitoringTask extends MonitoringTask {
  dueSince: Date;
}

const TASKS = 'integration.integration_tasks';

/** SQL of the monitoring schedule: the tasks of a page of due businesses. */
export function createPgMonitoringScheduleStore(db: Knex) {
  return {
    /**
     * Records a PENDING task for each of `tasks` whose job id has none yet and whose business was
     * not enriched since it came due (a task since then that did not fail: added after its slot, or
     * refreshed), in one statement, and answers only those: a task recorded earlier in the period
     * (another tick, another worker) is not recorded or answered again. The task is recorded at `at`
     * (the tick's time).
     */
    async createTasks(tasks: DueMonitoringTask[], provider: string, at: Date): Promise<MonitoringTask[]> {
      if (tasks.length === 0) return [];
      const { rows } = await db.raw<{ rows: Array<{ job_id: string; business_id: string; customer_id: string }> }>(
        `insert into ${TASKS} (job_id, business_id, customer_id, provider, created_at, updated_at)
         select t.job_id, t.business_id, t.customer_id, ?, ?, ?
           from unnest(?::text[], ?::uuid[], ?::uuid[], ?::timestamptz[]) as t(job_id, business_id, customer_id, due_since)
          where not exists (select 1 from ${TASKS} e where e.business_id = t.business_id and e.created_at >= t.due_since and e.status <> 'FAILED')
         on conflict (job_id) do nothing
         returning job_id, business_id, customer_id`,
        [provider, at, at, tasks.map((t) => t.jobId), tasks.map((t) => t.businessId), tasks.map((t) => t.customerId), tasks.map((t) => t.dueSince)],
      );
      return rows.map((row) => ({ jobId: row.job_id, businessId: row.business_id, customerId: row.customer_id }));
    },
  };
}

/** The monitoring schedule store type, for injection. */
export type MonitoringScheduleStore = ReturnType<typeof createPgMonitoringScheduleStore>;
