/**
 * The events the suite announces to customers' webhooks (issue 11), with what each carries in
 * `data` besides `customer_id`: ids and states only, never a TIN, an SSN or other personal data.
 */
export const EVENT_TYPES = {
  'business.created': ['business_id'],
  'business.verified': ['business_id'],
  'business.unverified': ['business_id', 'status'],
  'enrichment.completed': ['business_id', 'task_id'],
  'enrichment.failed': ['business_id', 'task_id'],
  'score.computed': ['business_id', 'score_id', 'risk_level'],
  'score.risk_level_changed': ['business_id', 'score_id', 'risk_level', 'previous_risk_level'],
  'risk.alert': ['business_id', 'alert_id', 'rule', 'severity'],
  'report.completed': ['business_id', 'report_id'],
  'report.failed': ['business_id', 'report_id'],
  'screening.completed': ['business_id', 'screening_id'],
  'screening.failed': ['business_id', 'screening_id'],
  'watchlist.hit': ['business_id', 'hit_id', 'screening_id', 'list', 'entry_id', 'subject_role'],
  'case.status_updated': ['business_id', 'case_id', 'status', 'previous_status'],
  'case.decision_contested': ['business_id', 'case_id', 'status', 'would_decide', 'rule_id'],
  'invitation.accepted': ['invitation_id', 'business_id'],
  'webhook.disabled': ['webhook_id'],
} as const satisfies Record<string, readonly string[]>;

/** One event type, `business.created` and so on. */
export type EventType = keyof typeof EVENT_TYPES;

/** The event types in a stable order (for schemas and documents). */
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];

/** What an event of type `T` carries besides `customer_id`: each field a string, or null when not known. */
export type EventData<T extends EventType> = { [K in (typeof EVENT_TYPES)[T][number]]: string | null };

/** Whether `value` names an event type. */
export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.hasOwn(EVENT_TYPES, value);
}
