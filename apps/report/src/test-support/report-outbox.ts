import type { Knex } from '@kyb/db';

/** One event of the report area's outbox, as a test reads it. */
export interface ReportOutboxRow {
  customer_id: string;
  type: string;
  data: Record<string, string | null>;
}

/** The events the report area wrote about `reportId`, in the order written. */
export function reportEventsOf(db: Knex, reportId: string): Promise<ReportOutboxRow[]> {
  return db('reports.outbox_events').whereRaw("data->>'report_id' = ?", [reportId]).orderBy('seq').select('customer_id', 'type', 'data');
}

/** The event `type` of the report, as the report area writes it: ids only, with the customer. */
export const reportEvent = (type: 'report.completed' | 'report.failed', report: { id: string; business_id: string; customer_id: string }) => ({
  customer_id: report.customer_id,
  type,
  data: { customer_id: report.customer_id, business_id: report.business_id, report_id: report.id },
});
