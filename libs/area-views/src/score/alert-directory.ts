import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';

/** The score area's read module of monitoring alerts, created by its migrations. */
export const ALERT_DIRECTORY_VIEW = 'scores.alert_directory';

/**
 * The rule of the alert raised when the facts contest a case's decision (issue 45): it speaks of
 * the case's decision, not of the business, so it is not counted among a business's unresolved
 * alerts (the facts `alerts.open` and `alerts.open_high`): a policy never leans on its own contest.
 */
export const CONTESTED_DECISION_ALERT_RULE = 'CASE_DECISION_CONTESTED' as const;

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
    /**
     * How many alerts each business of `ids` has not resolved (open or acknowledged), in all and of
     * HIGH severity, and the newest one's time; a business without any is absent. A contested
     * decision's alert (`CONTESTED_DECISION_ALERT_RULE`) is not counted.
     */
    async unresolvedCountsOfMany(ids: readonly string[]): Promise<Map<string, { open: number; high: number; newestAt: Date }>> {
      const wanted = [...new Set(ids.filter(isUuid))];
      if (wanted.length === 0) return new Map();
      const rows: Array<{ business_id: string; open: number; high: number; newest_at: Date }> = await db(ALERT_DIRECTORY_VIEW)
        .whereRaw('business_id = any(?::uuid[])', [wanted])
        .whereNot({ status: 'RESOLVED' })
        .whereNot({ rule: CONTESTED_DECISION_ALERT_RULE })
        .groupBy('business_id')
        .select('business_id', db.raw('count(*)::int as open'), db.raw(`count(*) filter (where severity = 'HIGH')::int as high`), db.raw('max(created_at) as newest_at'));
      return new Map(rows.map((row) => [row.business_id, { open: row.open, high: row.high, newestAt: row.newest_at }]));
    },
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
