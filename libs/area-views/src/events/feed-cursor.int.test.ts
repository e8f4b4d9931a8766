import { randomUUID } from 'node:crypto';
import { migrateLatest, outboxMigration, outboxTraceMigration, recordEvent } from '@kyb/db';
import { createTestDatabase, eventually, type TestDatabase } from '@kyb/testing';
import { FEED_START } from './event-feeds';
import { readFeedAtCursor } from './feed-cursor';

/* A reader's own position in a feed: moved with the work it did, held by one reader at a time. */
describe('readFeedAtCursor', () => {
  let database: TestDatabase;
  const CURSORS = 'public.test_feed_cursors';
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateLatest(database.db, { schema: 'cases', migrations: [outboxMigration('cases', '20261126_0001_outbox'), outboxTraceMigration('cases', '20261210_0002_outbox_trace')] });
    await database.db.raw(`create table ${CURSORS} (source text primary key, tx xid8 not null, seq bigint not null)`);
    await database.db(CURSORS).insert({ source: 'cases', tx: FEED_START.tx, seq: FEED_START.seq });
  });
  afterAll(() => database.destroy());

  const position = async () => database.db(CURSORS).where({ source: 'cases' }).first(database.db.raw('tx::text as tx'), database.db.raw('seq::text as seq'));

  it('reads past the position and moves it with the transaction, or not at all when the transaction fails', async () => {
    const customerId = randomUUID();
    const id = await recordEvent(database.db, 'cases', { type: 'business.created', customerId, data: { business_id: randomUUID() } });
    const start = await position();
    // Read and roll back: the position stays, and the next read sees the event again.
    await eventually(async () =>
      database.db
        .transaction(async (trx) => {
          const events = await readFeedAtCursor(trx, CURSORS, 'cases', 10);
          if (!events?.some((e) => e.id === id)) return undefined;
          throw new Error('the work failed');
        })
        .catch((error: Error) => (error.message === 'the work failed' ? true : undefined)),
    );
    expect(await position()).toEqual(start);
    const read = await database.db.transaction((trx) => readFeedAtCursor(trx, CURSORS, 'cases', 10));
    expect(read?.map((e) => e.id)).toEqual([id]);
    expect(await position()).not.toEqual(start);
    expect(await database.db.transaction((trx) => readFeedAtCursor(trx, CURSORS, 'cases', 10))).toEqual([]);
  });

  it('answers undefined while another reader holds the position, and when there is none', async () => {
    const holder = await database.db.transaction();
    try {
      expect(await readFeedAtCursor(holder, CURSORS, 'cases', 10)).toEqual(expect.any(Array));
      expect(await database.db.transaction((trx) => readFeedAtCursor(trx, CURSORS, 'cases', 10))).toBeUndefined();
    } finally {
      await holder.rollback();
    }
    expect(await database.db.transaction((trx) => readFeedAtCursor(trx, CURSORS, 'scores', 10))).toBeUndefined();
  });
});
