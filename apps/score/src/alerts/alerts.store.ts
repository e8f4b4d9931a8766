import { pageWithTotal, totalCountColumn, type Knex } from '@kyb/db';
import type { ListQuery } from '@kyb/validation';
import type { AlertRule, AlertSeverity } from './alert-codes';
import { ALERTS } from './alerts-raised.store';
import type { AlertStatus } from './alerts.schemas';

/** An alert as stored. */
export interface AlertRow {
  id: string;
  customer_id: string;
  business_id: string;
  /** The scores compared (a monitoring alert); null on an alert about a case's decision. */
  score_id: string | null;
  previous_score_id: string | null;
  /** The case whose decision is contested (CASE_DECISION_CONTESTED); null on a monitoring alert. */
  case_id: string | null;
  rule: AlertRule;
  subject: string;
  severity: AlertSeverity;
  severity_rank: number;
  status: AlertStatus;
  title: string;
  summary: string;
  before: unknown;
  after: unknown;
  data: Record<string, unknown>;
  created_at: Date;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  resolved_at: Date | null;
  resolved_by: string | null;
  note: string | null;
  updated_at: Date;
}

/** The list query of a customer's alerts. */
export type AlertListQuery = ListQuery<'created_at' | 'severity', { business_id?: string; severity?: AlertSeverity; status?: AlertStatus; rule?: AlertRule }, never> & {
  customerId: string;
};

/** A move of an alert's state, by whom and when. */
export interface AlertTransition {
  customerId: string;
  alertId: string;
  to: Exclude<AlertStatus, 'OPEN'>;
  /** The states it may move from. */
  from: readonly AlertStatus[];
  by: string;
  note: string | undefined;
  at: Date;
}

// `severity` sorts by rank (HIGH before MEDIUM before LOW when descending), as its index does.
const SORT_COLUMNS = { created_at: 'created_at', severity: 'severity_rank' } as const;

/** SQL of the alerts a customer reads and follows up. */
export function createPgAlertStore(db: Knex) {
  const ofCustomer = (customerId: string, on: Knex = db) => on(ALERTS).where({ customer_id: customerId.toLowerCase() });
  return {
    /** One page of a customer's alerts with the total of every match beside it (one statement; a page past the end counts apart). */
    async list(query: AlertListQuery): Promise<{ rows: AlertRow[]; total: number }> {
      const matches = () => {
        const found = ofCustomer(query.customerId);
        for (const [name, value] of Object.entries(query.filter)) if (value !== undefined) found.andWhere(name, name === 'business_id' ? String(value).toLowerCase() : value);
        return found;
      };
      const page = matches().select('*', totalCountColumn(db));
      for (const [name, direction] of query.sort) page.orderBy(SORT_COLUMNS[name], direction);
      const last = query.sort[query.sort.length - 1]?.[1] ?? 'desc';
      page.orderBy('created_at', last).orderBy('id', last);
      if (query.paginate) page.limit(query.itemsPerPage).offset((query.page - 1) * query.itemsPerPage);
      return pageWithTotal<AlertRow>(db, (await page) as Array<AlertRow & { total_count: string }>, query, matches);
    },

    async find(customerId: string, alertId: string, on: Knex = db): Promise<AlertRow | undefined> {
      return ofCustomer(customerId, on).where({ id: alertId.toLowerCase() }).first();
    },

    /**
     * Moves the alert to `to` if it is in one of `from`, recording who and when (and the note, when
     * one is given), in one statement: two callers at once cannot both move it. Answers the alert
     * as it is after the statement, and whether this call moved it; undefined when there is none.
     */
    async transition(t: AlertTransition, on: Knex = db): Promise<{ row: AlertRow; moved: boolean } | undefined> {
      const stamp = t.to === 'ACKNOWLEDGED' ? { acknowledged_at: t.at, acknowledged_by: t.by } : { resolved_at: t.at, resolved_by: t.by };
      const [moved] = (await ofCustomer(t.customerId, on)
        .where({ id: t.alertId.toLowerCase() })
        .whereIn('status', [...t.from])
        .update({ status: t.to, ...stamp, ...(t.note === undefined ? {} : { note: t.note }), updated_at: t.at })
        .returning('*')) as AlertRow[];
      if (moved) return { row: moved, moved: true };
      const row = await this.find(t.customerId, t.alertId, on);
      return row ? { row, moved: false } : undefined;
    },
  };
}

/** The alert store type, for injection. */
export type AlertStore = ReturnType<typeof createPgAlertStore>;
