import type { AnyOutboxEvent } from '@kyb/db';

/** The schema whose outbox (`integration.outbox_events`) the integration area writes its events to. */
export const OUTBOX_SCHEMA = 'integration';

/** How a screening ended: COMPLETED with a result, or FAILED. */
export type ScreeningEventType = 'screening.completed' | 'screening.failed';

/**
 * The event announcing that `screening` reached its final state: ids only (never the result, which
 * names people). Written in the transaction that writes that state, only when it was not final.
 */
export function screeningEvent(type: ScreeningEventType, screening: { id: string; business_id: string; customer_id: string }): AnyOutboxEvent {
  return { type, customerId: screening.customer_id, data: { business_id: screening.business_id, screening_id: screening.id } };
}
