import type { AnyOutboxEvent, Knex } from '@kyb/db';
import type { ContestAlert } from './contest-rules';
import type { RaisedAlert } from './score-alerts';

/** The alerts table. */
export const ALERTS = 'scores.alerts';

/** An alert as its insert returns it: what its event announces. */
interface InsertedAlert {
  id: string;
  customer_id: string;
  business_id: string;
  rule: string;
  severity: string;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** One alert to insert: a score's (both scores named) or a case's (its case named). */
interface AlertInsert {
  customerId: string;
  businessId: string;
  scoreId: string | null;
  previousScoreId: string | null;
  caseId: string | null;
  rule: string;
  subject: string;
  severity: string;
  title: string;
  summary: string;
  before: unknown;
  after: unknown;
  data: unknown;
}

/** What makes an alert raised once: per score, rule and subject, or per case, rule and subject. */
const RAISED_ONCE = { score: '(score_id, rule, subject)', case: '(case_id, rule, subject) where case_id is not null' } as const;

/** Inserts `alerts` in one statement, skipping any raised before (`once`), and answers one `risk.alert` event per alert it inserted. */
async function insertRows(trx: Knex.Transaction, alerts: readonly AlertInsert[], once: keyof typeof RAISED_ONCE, at: Date): Promise<AnyOutboxEvent[]> {
  if (alerts.length === 0) return [];
  const column = <T>(pick: (alert: AlertInsert) => T) => alerts.map(pick);
  const { rows } = await trx.raw<{ rows: InsertedAlert[] }>(
    `insert into ${ALERTS} (customer_id, business_id, score_id, previous_score_id, case_id, rule, subject, severity, title, summary, before, after, data, created_at, updated_at)
     select a.customer_id, a.business_id, a.score_id, a.previous_score_id, a.case_id, a.rule, a.subject, a.severity, a.title, a.summary,
            a.before::jsonb, a.after::jsonb, a.data::jsonb, ?, ?
     from unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
       as a(customer_id, business_id, score_id, previous_score_id, case_id, rule, subject, severity, title, summary, before, after, data)
     on conflict ${RAISED_ONCE[once]} do nothing
     returning id, customer_id, business_id, rule, severity`,
    [
      at,
      at,
      column((a) => a.customerId),
      column((a) => a.businessId),
      column((a) => a.scoreId),
      column((a) => a.previousScoreId),
      column((a) => a.caseId),
      column((a) => a.rule),
      column((a) => a.subject),
      column((a) => a.severity),
      column((a) => a.title),
      column((a) => a.summary),
      column((a) => json(a.before)),
      column((a) => json(a.after)),
      column((a) => json(a.data)),
    ],
  );
  return rows.map((row) => ({
    type: 'risk.alert' as const,
    customerId: row.customer_id,
    data: { business_id: row.business_id, alert_id: row.id, rule: row.rule, severity: row.severity },
  }));
}

/**
 * Inserts `alerts` in one statement, in the transaction of the scores they compare, skipping any
 * already raised (same score, rule and subject), and answers one `risk.alert` event per alert it
 * inserted, for the caller to write with the scores' events.
 */
export async function insertAlerts(trx: Knex.Transaction, alerts: readonly RaisedAlert[], at: Date): Promise<AnyOutboxEvent[]> {
  return insertRows(trx, alerts.map((a) => ({ ...a, scoreId: a.data.score_id, previousScoreId: a.data.previous_score_id, caseId: null })), 'score', at);
}

/**
 * Inserts alerts about cases' decisions in one statement, skipping any already raised (same case,
 * rule and subject), and answers one `risk.alert` event per alert it inserted, for the caller to
 * write in the same transaction.
 */
export async function insertCaseAlerts(trx: Knex.Transaction, alerts: readonly ContestAlert[], at: Date): Promise<AnyOutboxEvent[]> {
  return insertRows(trx, alerts.map((a) => ({ ...a, scoreId: null, previousScoreId: null })), 'case', at);
}
