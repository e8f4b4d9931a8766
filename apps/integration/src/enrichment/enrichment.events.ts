import type { AnyOutboxEvent } from '@kyb/db';
import type { TaskRow } from './integration-task-row';

/** The schema whose outbox (`integration.outbox_events`) the integration area writes its events to. */
export const OUTBOX_SCHEMA = 'integration';

/** How an enrichment task ended for good: its records are in, or it failed and will not be retried. */
export type EnrichmentEventType = 'enrichment.completed' | 'enrichment.failed';

/**
 * The event announcing that `task` reached its final state: ids only. Written by whatever writes
 * that state, in the same statement's transaction, and only when the task was not already in it.
 */
export function enrichmentEvent(type: EnrichmentEventType, task: Pick<TaskRow, 'id' | 'business_id' | 'customer_id'>): AnyOutboxEvent {
  return { type, customerId: task.customer_id, data: { business_id: task.business_id, task_id: task.id } };
}
