import type { Knex } from '@kyb/db';
import { createEventFeeds, type EventSource, type FeedEvent, type FeedPosition } from './event-feeds';

/**
 * Reads up to `limit` events of one area's feed past a reader's own position, in `trx`, and moves
 * the position past them in the same transaction: what the caller does with the events commits
 * with the move, or neither does. The position is the row of `source` in `table` (a reader's own
 * table: `source text primary key, tx xid8, seq bigint`), locked for the transaction; answers
 * undefined while another reader holds it (a round running elsewhere) or when there is no row.
 */
export async function readFeedAtCursor(trx: Knex.Transaction, table: string, source: EventSource, limit: number): Promise<FeedEvent[] | undefined> {
  const cursor = await trx(table)
    .select(trx.raw('tx::text as tx'), trx.raw('seq::text as seq'))
    .where({ source })
    .forUpdate()
    .skipLocked()
    .first<FeedPosition | undefined>();
  if (!cursor) return undefined;
  const { events, reached } = await createEventFeeds(trx).after(source, cursor, limit);
  if (reached.tx !== cursor.tx || reached.seq !== cursor.seq) {
    await trx(table).where({ source }).update({ tx: trx.raw('?::xid8', [reached.tx]), seq: reached.seq });
  }
  return events;
}
