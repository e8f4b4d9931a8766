import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';

/** The score area's read module of monitoring alerts, created by its migrations. */
export const ALERT_DIRECTORY_VIEW = 'scores.alert_directory';

/** An alert monitoring raised, as other areas may read it (no before/after values, no notes). */
export interface AlertEntry {
  id: string;
  businessId: string;
  rule: string;
  severity: 'HIGH' | 'MEDIUM' | 'LOW';
  status: 'OPEN' | 'ACKNOWLEDGED' | 'RESOLVED';
  title: string;
  summary: string;
  createdAt: Date;
}

/** Reads monitoring alerts through the score area's view. */
export function createAlertDirectory(db: Knex) {
  return {
    /** The business's newest alerts, those still open or acknowledged first; at most `limit`. */
    async ofBusiness(businessId: string, limit: number): Promise<AlertEntry[]> {
      if (!isUuid(businessId)) return [];
      const rows: Array<Record<string, unknown>> = await db(ALERT_DIRECTORY_VIEW)
        .where({ business_id: businessId })
        .orderByRaw(`(status = 'RESOLVED'), created_at desc, id desc`)
        .limit(limit);
      return rows.map((row) => ({
        id: row.id as string,
        businessId: row.business_id as string,
        rule: row.rule as string,
        severity: row.severity as AlertEntry['severity'],
        status: row.status as AlertEntry['status'],
        title: row.title as string,
        summary: row.summary as string,
        createdAt: row.created_at as Date,
      }));
    },
  };
}

/** The alert directory type, for injection. */
export type AlertDirectory = ReturnType<typeof createAlertDirectory>;
