import { recordEvent, type Knex } from '@kyb/db';

/** What ending a report's update returns of it. */
export interface EndedReport {
  id: string;
  business_id: string;
  customer_id: string;
}

/** The columns an update ending a report returns. */
export const ENDED_REPORT_COLUMNS = ['id', 'business_id', 'customer_id'] as const;

/**
 * Ends a report with `update` (a guarded update that answers the row it changed, if any) and, when
 * it changed one, writes `type` in the same transaction: a report ends once, so it announces its
 * end once, and never an end that rolled back. Answers whether the report ended.
 */
export async function endReport(
  db: Knex,
  type: 'report.completed' | 'report.failed',
  update: (trx: Knex.Transaction) => Promise<EndedReport[]>,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const [ended] = await update(trx);
    if (!ended) return false;
    await recordEvent(trx, 'reports', { type, customerId: ended.customer_id, data: { business_id: ended.business_id, report_id: ended.id } });
    return true;
  });
}
