export { EVENT_TYPE_NAMES, EVENT_TYPES, isEventType } from './event-types';
export type { EventData, EventType } from './event-types';
export { EVENT_FEED_VIEW, outboxMigration, outboxTraceMigration } from './outbox.migration';
export { eventsInsertPart, recordEvent, recordEvents } from './record-event';
export type { AnyOutboxEvent, OutboxEvent } from './record-event';
export { AUDIT_OUTBOX_TABLE, auditInsertPart, auditOutboxMigration, auditOutboxRelayOrderMigration, normalisedAct, recordAudit } from './audit-outbox';
export type { AuditAct } from './audit-outbox';
export { UnstorableAuditActError } from './audit-outbox-insert';
