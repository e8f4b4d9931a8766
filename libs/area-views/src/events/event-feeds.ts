import { EVENT_FEED_VIEW, isEventType, type EventType, type Knex } from '@kyb/db';
import type { TraceCarrier } from '@kyb/telemetry';

/** The schemas whose `event_feed` views announce events, one per area (ADR 0022). */
export const EVENT_SOURCES = ['auth', 'cases', 'integration', 'reports', 'scores'] as const;

/** An area that announces events. */
export type EventSource = (typeof EVENT_SOURCES)[number];

/** Where a reader of one feed stands: after the event at (`tx`, `seq`). `tx` is a decimal xid8. */
export interface FeedPosition {
  tx: string;
  seq: string;
}

/** The start of every feed. */
export const FEED_START: FeedPosition = { tx: '0', seq: '0' };

/** One announced event as a reader sees it. */
export interface FeedEvent {
  id: string;
  source: EventSource;
  position: FeedPosition;
  customerId: string;
  type: EventType;
  data: Record<string, string | null>;
  occurredAt: Date;
  /** The W3C trace context of the change that announced it (null: not traced), for `inContinuedSpan`. */
  trace: TraceCarrier | null;
}

interface FeedRow {
  id: string;
  tx: string;
  seq: string;
  customer_id: string;
  type: string;
  data: Record<string, string | null>;
  occurred_at: Date;
  trace: TraceCarrier | null;
}

function toEvent(source: EventSource, row: FeedRow): FeedEvent | undefined {
  // A type this version does not know (written by a newer one during a deploy) is passed over.
  if (!isEventType(row.type)) return undefined;
  return {
    id: row.id,
    source,
    position: { tx: String(row.tx), seq: String(row.seq) },
    customerId: row.customer_id,
    type: row.type,
    data: row.data,
    occurredAt: row.occurred_at,
    trace: row.trace ?? null,
  };
}

/**
 * Reads the areas' event feeds. `after` only returns events of transactions older than every
 * transaction still running (`pg_snapshot_xmin`), in (tx, seq) order: a transaction that commits
 * late holds the feed back rather than being skipped. Returns the events (unknown types left out)
 * and the position reached, which moves past left-out rows too.
 */
export function createEventFeeds(db: Knex | Knex.Transaction) {
  return {
    async after(source: EventSource, position: FeedPosition, limit: number): Promise<{ events: FeedEvent[]; reached: FeedPosition }> {
      const { rows } = await db.raw<{ rows: FeedRow[] }>(
        `select id, tx::text as tx, seq::text as seq, customer_id, type, data, occurred_at, trace from ??.??
          where (tx, seq) > (?::xid8, ?::bigint) and tx < pg_snapshot_xmin(pg_current_snapshot())
          order by tx, seq limit ?`,
        [source, EVENT_FEED_VIEW, position.tx, position.seq, limit],
      );
      const last = rows.at(-1);
      const reached = last ? { tx: String(last.tx), seq: String(last.seq) } : position;
      return { events: rows.flatMap((row) => toEvent(source, row) ?? []), reached };
    },

    /**
     * A customer's committed events of every area that occurred in [from, to), oldest first, at
     * most `limit` (a replay: an event committing later reaches the endpoint through the feed).
     */
    async ofCustomer(customerId: string, range: { from: Date; to: Date; types?: readonly EventType[] }, limit: number): Promise<FeedEvent[]> {
      const part = `select ?::text as source, id, tx::text as tx, seq::text as seq, customer_id, type, data, occurred_at, trace from ??.??
          where customer_id = ? and occurred_at >= ? and occurred_at < ?`;
      const bindings: unknown[] = EVENT_SOURCES.flatMap((source) => [source, source, EVENT_FEED_VIEW, customerId, range.from, range.to]);
      const typed = range.types?.length ? ' where type = any(?)' : '';
      if (range.types?.length) bindings.push([...range.types]);
      const { rows } = await db.raw<{ rows: Array<FeedRow & { source: EventSource }> }>(
        `select * from (${EVENT_SOURCES.map(() => part).join(' union all ')}) events${typed} order by occurred_at, id limit ?`,
        [...bindings, limit] as Knex.RawBinding[],
      );
      return rows.flatMap((row) => toEvent(row.source, row) ?? []);
    },
  };
}

/** The event feeds' reader, for injection. */
export type EventFeeds = ReturnType<typeof createEventFeeds>;
