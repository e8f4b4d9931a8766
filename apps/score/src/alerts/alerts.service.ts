import { unseen, withAudit, type Actor, type AuthContext } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { AlertNotFoundError, AlertStateError } from './alerts.errors';
import type { AlertStatus } from './alerts.schemas';
import type { AlertListQuery, AlertRow, AlertStore } from './alerts.store';

/** The states an alert may move to each state from. */
export const ALERT_TRANSITIONS: Record<Exclude<AlertStatus, 'OPEN'>, readonly AlertStatus[]> = {
  ACKNOWLEDGED: ['OPEN'],
  RESOLVED: ['OPEN', 'ACKNOWLEDGED'],
};

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** An alert as the API shows it. */
export function presentAlert(row: AlertRow) {
  return {
    id: row.id,
    customer_id: row.customer_id,
    business_id: row.business_id,
    score_id: row.score_id,
    previous_score_id: row.previous_score_id,
    case_id: row.case_id,
    rule: row.rule,
    severity: row.severity,
    status: row.status,
    title: row.title,
    summary: row.summary,
    before: row.before,
    after: row.after,
    data: row.data,
    created_at: row.created_at.toISOString(),
    acknowledged_at: iso(row.acknowledged_at),
    acknowledged_by: row.acknowledged_by,
    resolved_at: iso(row.resolved_at),
    resolved_by: row.resolved_by,
    note: row.note,
  };
}

/** An alert as the API shows it. */
export type AlertView = ReturnType<typeof presentAlert>;

/**
 * A customer's monitoring alerts: listed, read, acknowledged and resolved. The route has checked the
 * customer is the caller's (or the caller an ADMIN); an alert of another customer, or none, is
 * answered as every area answers what a caller may not see (`unseen`: 404 to an ADMIN, the tenant
 * refusal to anyone else), so another tenant's alert ids cannot be told from unknown ones.
 */
export function createAlertsService(deps: { db: Knex; store: AlertStore; clock: () => Date }) {
  const { store } = deps;
  return {
    async list(query: AlertListQuery): Promise<{ items: AlertView[]; total: number }> {
      const { rows, total } = await store.list(query);
      return { items: rows.map(presentAlert), total };
    },

    async get(caller: AuthContext, customerId: string, alertId: string): Promise<AlertView> {
      const row = await store.find(customerId, alertId);
      if (!row) throw unseen(caller, new AlertNotFoundError());
      return presentAlert(row);
    },

    /**
     * Moves the alert to `to`, recording the caller and the time, audited in the same transaction
     * (`alert.acknowledged`, `alert.resolved`); a move the alert's state does not allow is refused
     * (AlertStateError) and audits nothing.
     */
    async update(actor: Actor, customerId: string, alertId: string, change: { status: Exclude<AlertStatus, 'OPEN'>; note?: string }): Promise<AlertView> {
      const from = ALERT_TRANSITIONS[change.status];
      const done = await withAudit(
        deps.db,
        { schema: 'scores', actor, clock: deps.clock },
        (trx) => store.transition({ customerId, alertId, to: change.status, from, by: actor.userId, note: change.note, at: deps.clock() }, trx),
        (result) =>
          result?.moved
            ? { customerId, action: `alert.${change.status.toLowerCase()}`, target: { type: 'alert', id: result.row.id }, details: { rule: result.row.rule, severity: result.row.severity, business_id: result.row.business_id } }
            : undefined,
      );
      if (!done) throw unseen(actor, new AlertNotFoundError());
      if (!done.moved) throw new AlertStateError(done.row.status, change.status);
      return presentAlert(done.row);
    },
  };
}

/** The alerts service type, for injection. */
export type AlertsService = ReturnType<typeof createAlertsService>;
