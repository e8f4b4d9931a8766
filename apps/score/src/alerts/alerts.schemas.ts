import { listPageSchema, listQuerySchema, strictObject, uuidParams, uuidSchema, type JsonSchema } from '@kyb/validation';
import { ALERT_RULES, ALERT_SEVERITIES } from './alert-codes';

/** The states of an alert, in the order it moves through them. */
export const ALERT_STATUSES = ['OPEN', 'ACKNOWLEDGED', 'RESOLVED'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Path of a customer's alerts. */
export const alertsParams = uuidParams('customerID');
/** Path of one alert. */
export const alertParams = uuidParams('customerID', 'alertID');

/** `GET .../alerts` query: the list conventions, newest first by default; unknown filter values are refused. */
export const listAlertsQuery = listQuerySchema({
  sortFields: ['created_at', 'severity'],
  filters: {
    business_id: uuidSchema,
    severity: { type: 'string', enum: ALERT_SEVERITIES },
    status: { type: 'string', enum: ALERT_STATUSES },
    rule: { type: 'string', enum: ALERT_RULES },
  },
  searchFields: [],
});

/** `PATCH .../alerts/{alertID}`: the state to move to, and an optional note kept with the alert. */
export const updateAlertBody = strictObject(
  {
    status: { type: 'string', enum: ['ACKNOWLEDGED', 'RESOLVED'], description: 'OPEN -> ACKNOWLEDGED; OPEN or ACKNOWLEDGED -> RESOLVED' },
    note: { type: 'string', minLength: 1, maxLength: 2000, description: "Why; replaces the alert's note" },
  },
  ['status'],
);

const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const nullableUuid = { type: ['string', 'null'], format: 'uuid' } as const;

/** An alert as the API shows it. */
export const alertSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'customer_id', 'business_id', 'score_id', 'previous_score_id', 'case_id', 'rule', 'severity', 'status', 'title', 'summary', 'before', 'after', 'data', 'created_at'],
  properties: {
    id: uuidSchema,
    customer_id: uuidSchema,
    business_id: uuidSchema,
    score_id: { ...nullableUuid, description: 'The new SUCCESS score that raised it; null on CASE_DECISION_CONTESTED' },
    previous_score_id: { ...nullableUuid, description: 'The SUCCESS score it was compared with; null on CASE_DECISION_CONTESTED' },
    case_id: { ...nullableUuid, description: 'The case whose decision the policy now contests (CASE_DECISION_CONTESTED); null on the other rules' },
    rule: { type: 'string', enum: [...ALERT_RULES] },
    severity: { type: 'string', enum: [...ALERT_SEVERITIES] },
    status: { type: 'string', enum: [...ALERT_STATUSES] },
    title: { type: 'string' },
    summary: { type: 'string' },
    before: { description: "The value before (a status, a level, a score, a record), null for a new record; the case's state for CASE_DECISION_CONTESTED" },
    after: { description: 'The value after; the state the policy would now move the case to for CASE_DECISION_CONTESTED' },
    data: {
      type: 'object',
      description:
        'What raised it: score_id, previous_score_id, and the record or the threshold where a rule has one; for CASE_DECISION_CONTESTED case_id, contest_id, status, would_decide, rule_id and policy_version',
    },
    created_at: { type: 'string', format: 'date-time' },
    acknowledged_at: nullableTime,
    acknowledged_by: nullableUuid,
    resolved_at: nullableTime,
    resolved_by: nullableUuid,
    note: { type: ['string', 'null'] },
  },
};

/** One page of alerts. */
export const alertListSchema = listPageSchema(alertSchema);
