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
  required: ['id', 'customer_id', 'business_id', 'score_id', 'previous_score_id', 'rule', 'severity', 'status', 'title', 'summary', 'before', 'after', 'data', 'created_at'],
  properties: {
    id: uuidSchema,
    customer_id: uuidSchema,
    business_id: uuidSchema,
    score_id: { ...uuidSchema, description: 'The new SUCCESS score that raised it' },
    previous_score_id: { ...uuidSchema, description: 'The SUCCESS score it was compared with' },
    rule: { type: 'string', enum: [...ALERT_RULES] },
    severity: { type: 'string', enum: [...ALERT_SEVERITIES] },
    status: { type: 'string', enum: [...ALERT_STATUSES] },
    title: { type: 'string' },
    summary: { type: 'string' },
    before: { description: 'The value before (a status, a level, a score, a record), null for a new record' },
    after: { description: 'The value after' },
    data: { type: 'object', description: 'What raised it: score_id, previous_score_id, and the record or the threshold where a rule has one' },
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
