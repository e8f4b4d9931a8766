import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { traceCarrier } from '@kyb/telemetry';
import type { EventData, EventType } from './event-types';
import { jsonRowsParts, runChained, type StatementPart } from '../json-rows';

/** One event an area announces: its type, the customer it belongs to, and its ids. */
export interface OutboxEvent<T extends EventType = EventType> {
  type: T;
  customerId: string;
  data: EventData<T>;
}

/** An event of any type, its data matching its type. */
export type AnyOutboxEvent = { [T in EventType]: OutboxEvent<T> }[EventType];

/**
 * The statement part writing `events` to the area's outbox (`runChained`: with the change they
 * announce, in its statement), and the events' ids. Each event's data is stored as the object it is,
 * and, when the writer is traced, the trace context of the change (`trace`), so the feed's readers
 * continue its trace.
 */
export function eventsInsertPart(db: Knex, schema: string, events: readonly AnyOutboxEvent[]): { parts: StatementPart[]; ids: string[] } {
  const trace = traceCarrier();
  const rows = events.map((event) => ({
    id: randomUUID(),
    customer_id: event.customerId,
    type: event.type,
    data: { customer_id: event.customerId, ...event.data },
    ...(trace ? { trace } : {}),
  }));
  return { parts: jsonRowsParts(db, { table: `${schema}.outbox_events`, rows, jsonColumns: ['data', 'trace'] }), ids: rows.map((row) => row.id) };
}

/**
 * Writes events to the area's outbox. Pass the transaction of the change the events announce,
 * so an event is kept exactly when its change is. Returns the events' ids.
 */
export async function recordEvents(on: Knex | Knex.Transaction, schema: string, events: readonly AnyOutboxEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const { parts, ids } = eventsInsertPart(on, schema, events);
  await runChained(on, parts);
  return ids;
}

/** Writes one event to the area's outbox, in the transaction `on` (see `recordEvents`). */
export async function recordEvent(on: Knex | Knex.Transaction, schema: string, event: AnyOutboxEvent): Promise<string> {
  const ids = await recordEvents(on, schema, [event]);
  return ids[0] as string;
}
