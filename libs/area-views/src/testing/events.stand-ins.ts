import { outboxMigration, outboxTraceMigration, recordEvent, type AnyOutboxEvent, type Knex } from '@kyb/db';
import { EVENT_SOURCES, type EventSource } from '../events/event-feeds';

/**
 * The event feeds of the areas a test does not run: each gets the outbox every area creates
 * (`outboxMigration`, `outboxTraceMigration`), so a reader of every feed (the webhook dispatcher) runs beside one area.
 * `emit` writes an event as the owning area would, in its own transaction.
 */
export async function createEventFeedStandIns(db: Knex, except: EventSource) {
  for (const schema of EVENT_SOURCES) {
    if (schema === except) continue;
    await db.raw('create schema if not exists ??', [schema]);
    const exists = await db.raw<{ rows: Array<{ found: string | null }> }>('select to_regclass(?)::text as found', [`${schema}.outbox_events`]);
    if (exists.rows[0]?.found) continue;
    await outboxMigration(schema, 'stand-in').up(db);
    await outboxTraceMigration(schema, 'stand-in trace').up(db);
  }
  return {
    emit: (source: EventSource, event: AnyOutboxEvent) => recordEvent(db, source, event),
  };
}
