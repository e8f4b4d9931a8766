import { readFeedAtCursor, type EventSource, type FeedEvent } from '@kyb/area-views';
import type { Knex } from '@kyb/db';
import { payloadOf } from './webhook-payload';

const DELIVERIES = 'integration.webhook_deliveries';

/** A delivery handed to the delivery queue: its id and the attempt it is on. */
export interface LeasedDelivery {
  id: string;
  attempt: number;
}

/**
 * Inserts one PENDING delivery of each event for each enabled endpoint of its customer that
 * subscribes to its type (`*`: every type) and, from the feed, was registered before the event
 * occurred (a replay sends older events on purpose), each keeping its event's trace (its attempts
 * continue it). `origin: 'event'` deliveries are unique per endpoint
 * and event, so reading a feed twice adds nothing. `only` limits them to one endpoint (a replay).
 */
async function insertDeliveries(
  on: Knex | Knex.Transaction,
  events: readonly FeedEvent[],
  options: { origin: 'event' | 'replay'; maxAttempts: number; now: Date; only?: string },
): Promise<number> {
  if (events.length === 0) return 0;
  const { rows } = await on.raw<{ rows: unknown[] }>(
    `insert into ${DELIVERIES} (id, webhook_id, customer_id, event_id, event_type, occurred_at, origin, body, status, attempts, max_attempts, next_attempt_at, created_at, updated_at, trace)
      select gen_random_uuid(), e.id, ev.customer_id, ev.event_id, ev.type, ev.occurred_at, ?, ev.body, 'PENDING', 0, ?, ?, ?, ?, ev.trace
      from unnest(?::uuid[], ?::uuid[], ?::text[], ?::timestamptz[], ?::text[], ?::jsonb[]) as ev (event_id, customer_id, type, occurred_at, body, trace)
      join integration.webhook_endpoints e on e.customer_id = ev.customer_id and e.enabled
        and (ev.type = any (e.events) or '*' = any (e.events)) and (?::uuid is null or e.id = ?::uuid)
        and (? = 'replay' or ev.occurred_at >= e.created_at)
      order by ev.occurred_at
      on conflict do nothing returning 1`,
    [
      options.origin,
      options.maxAttempts,
      options.now,
      options.now,
      options.now,
      events.map((e) => e.id),
      events.map((e) => e.customerId),
      events.map((e) => e.type),
      events.map((e) => e.occurredAt),
      events.map((e) => payloadOf(e)),
      events.map((e) => (e.trace ? JSON.stringify(e.trace) : null)),
      options.only ?? null,
      options.only ?? null,
      options.origin,
    ],
  );
  return rows.length;
}

/** The webhook dispatcher's reads and writes: feed positions, new deliveries, leases. */
export function createPgWebhookDispatchStore(db: Knex) {
  return {
    /**
     * Reads up to `limit` events of one area's feed past the dispatcher's position and turns them
     * into deliveries, moving the position in the same transaction (exactly once). Answers
     * undefined when another dispatcher holds this feed right now.
     */
    async fanOut(source: EventSource, options: { limit: number; maxAttempts: number; now: Date }): Promise<{ events: number; deliveries: number } | undefined> {
      return db.transaction(async (trx) => {
        const events = await readFeedAtCursor(trx, 'integration.webhook_feed_cursors', source, options.limit);
        if (!events) return undefined;
        const deliveries = await insertDeliveries(trx, events, { origin: 'event', maxAttempts: options.maxAttempts, now: options.now });
        return { events: events.length, deliveries };
      });
    },

    /**
     * Adds `replay` deliveries of `events` to one endpoint (those it subscribes to), unless a
     * replay of it still runs ('running': one of its replay deliveries is PENDING). Replays of
     * one endpoint take turns on its row, so two at once cannot both start.
     */
    async replay(webhookId: string, events: readonly FeedEvent[], options: { maxAttempts: number; now: Date }, on: Knex = db): Promise<number | 'running'> {
      return on.transaction(async (trx) => {
        // Not FOR UPDATE: the dispatcher's new deliveries (their foreign key) need not wait for it.
        await trx('integration.webhook_endpoints').where({ id: webhookId }).forNoKeyUpdate().first('id');
        const running = await trx(DELIVERIES).where({ webhook_id: webhookId, origin: 'replay', status: 'PENDING' }).first('id');
        if (running) return 'running';
        return insertDeliveries(trx, events, { origin: 'replay', maxAttempts: options.maxAttempts, now: options.now, only: webhookId });
      });
    },

    /**
     * Leases due deliveries of enabled endpoints until `leaseUntil`, at most `maxInFlight` leased
     * per endpoint at once and `limit` in all; answers them with their attempt. Each endpoint's
     * deliveries are ranked before the oldest are taken, so one endpoint's backlog (a replay, a
     * receiver that was down) fills no more than its own `maxInFlight` places and never holds back
     * another tenant's delivery. Rows are checked again under their lock and locked rows skipped,
     * so a lease is never given twice and the round never waits on an attempt or a removal.
     */
    async leaseDue(options: { now: Date; leaseUntil: Date; maxInFlight: number; limit: number }): Promise<LeasedDelivery[]> {
      const { now, leaseUntil, maxInFlight, limit } = options;
      const { rows } = await db.raw<{ rows: Array<{ id: string; attempts: number }> }>(
        `with due as (
            select d.id, d.webhook_id, d.next_attempt_at from ${DELIVERIES} d
            join integration.webhook_endpoints e on e.id = d.webhook_id and e.enabled
            where d.status = 'PENDING' and d.next_attempt_at <= :now and (d.leased_until is null or d.leased_until <= :now)),
          busy as (
            select webhook_id, count(*) as n from ${DELIVERIES}
            where status = 'PENDING' and leased_until > :now and webhook_id in (select webhook_id from due) group by webhook_id),
          ranked as (
            select due.id, due.next_attempt_at, row_number() over (partition by due.webhook_id order by due.next_attempt_at, due.id) + coalesce(busy.n, 0) as place
            from due left join busy using (webhook_id)),
          picked as (
            select id from ranked where place <= :maxInFlight order by next_attempt_at, id limit :limit),
          locked as (
            select d.id from ${DELIVERIES} d
            where d.id in (select id from picked) and d.status = 'PENDING' and d.next_attempt_at <= :now and (d.leased_until is null or d.leased_until <= :now)
            for update skip locked)
        update ${DELIVERIES} d set leased_until = :leaseUntil from locked l where d.id = l.id
          returning d.id, d.attempts`,
        { now, leaseUntil, maxInFlight, limit },
      );
      return rows.map((row) => ({ id: row.id, attempt: row.attempts + 1 }));
    },

    /** Forgets deliveries (and their attempts) created before `before`; answers how many. */
    async pruneDeliveries(before: Date): Promise<number> {
      return db(DELIVERIES).where('created_at', '<', before).delete();
    },

    /** Lets each area forget events older than `before` that the dispatcher has passed. */
    async pruneFeeds(before: Date): Promise<number> {
      const cursors = await db('integration.webhook_feed_cursors').select('source', db.raw('tx::text as tx'));
      let gone = 0;
      for (const { source, tx } of cursors as Array<{ source: string; tx: string }>) {
        const { rows } = await db.raw<{ rows: Array<{ gone: string }> }>('select ??.prune_events(?, ?::xid8) as gone', [source, before, tx]);
        gone += Number(rows[0]?.gone ?? 0);
      }
      return gone;
    },
  };
}

/** The dispatch store type, for injection. */
export type WebhookDispatchStore = ReturnType<typeof createPgWebhookDispatchStore>;
