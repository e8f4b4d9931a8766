import type { Knex } from 'knex';
import type { Migration } from '../migrations';

/** The view an area publishes its events through (ADR 0004, ADR 0022). */
export const EVENT_FEED_VIEW = 'event_feed';

/**
 * An area's outbox (`<schema>.outbox_events`) and the view it publishes it through
 * (`<schema>.event_feed`). An event is written in the transaction of the change it announces;
 * `tx` is that transaction's id, so a reader that only takes events of transactions older than
 * every running one (`pg_snapshot_xmin`) never skips an event that commits late (ADR 0022).
 * `<schema>.prune_events(before)` forgets events older than `before` the reader has passed.
 */
export function outboxMigration(schema: string, name: string): Migration {
  return {
    name,
    async up(db: Knex) {
      await db.raw(`create table ${schema}.outbox_events (
        id uuid primary key,
        tx xid8 not null default pg_current_xact_id(),
        seq bigint generated always as identity,
        customer_id uuid not null,
        type text not null,
        data jsonb not null,
        occurred_at timestamptz not null default now())`);
      await db.raw(`create index outbox_events_position on ${schema}.outbox_events (tx, seq)`);
      await db.raw(`create index outbox_events_age on ${schema}.outbox_events (occurred_at)`);
      await db.raw(`create view ${schema}.${EVENT_FEED_VIEW} as
        select id, tx, seq, customer_id, type, data, occurred_at from ${schema}.outbox_events`);
      await db.raw(`create function ${schema}.prune_events(before timestamptz, passed_tx xid8) returns bigint language sql as $$
        with gone as (delete from ${schema}.outbox_events where occurred_at < before and tx < passed_tx returning 1)
        select count(*) from gone $$`);
    },
    async down(db: Knex) {
      await db.raw(`drop function if exists ${schema}.prune_events(timestamptz, xid8)`);
      await db.raw(`drop view if exists ${schema}.${EVENT_FEED_VIEW}`);
      await db.raw(`drop table if exists ${schema}.outbox_events`);
    },
  };
}

/**
 * Keeps with each event the W3C trace context of the change that announced it (`trace`: its
 * traceparent and tracestate, null when the writer was not traced), published by the event feed,
 * so a reader of the feed (the webhook dispatcher, the decision round) continues that trace
 * (issue 47). Not personal data: random ids and flags.
 */
export function outboxTraceMigration(schema: string, name: string): Migration {
  const feed = (columns: string) => `create or replace view ${schema}.${EVENT_FEED_VIEW} as select ${columns} from ${schema}.outbox_events`;
  const before = 'id, tx, seq, customer_id, type, data, occurred_at';
  return {
    name,
    async up(db: Knex) {
      await db.raw(`alter table ${schema}.outbox_events add column trace jsonb`);
      await db.raw(feed(`${before}, trace`));
    },
    async down(db: Knex) {
      await db.raw(`drop view ${schema}.${EVENT_FEED_VIEW}`);
      await db.raw(feed(before));
      await db.raw(`alter table ${schema}.outbox_events drop column trace`);
    },
  };
}
