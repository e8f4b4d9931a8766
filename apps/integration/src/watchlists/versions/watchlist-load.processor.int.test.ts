import { migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { integrationMigrations } from '../../migrations';
import { checksumOfFiles } from '../ofac/ofac-checksum';
import { createWatchlistLoader, type WatchlistReader } from './load-watchlist-version';
import { createWatchlistLoadProcessor } from './watchlist-load.processor';
import { createPgWatchlistVersionsStore } from './watchlist-versions.store';

/* The queued load: an error of ours is retried while attempts remain, and the last one ends the version FAILED; a version that ended is left alone. */
describe('the watchlist load job', () => {
  let database: TestDatabase;
  const at = new Date('2026-12-06T10:00:00.000Z');
  const logged: string[] = [];
  const logger = { info: (_d: unknown, m: string) => void logged.push(m), error: (_d: unknown, m: string) => void logged.push(m), warn: () => undefined, debug: () => undefined } as never;
  let calls = 0;
  const broken: WatchlistReader = async () => {
    calls += 1;
    throw new Error('connection reset');
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateLatest(database.db, integrationMigrations);
  });
  afterAll(() => database.destroy());

  function parts() {
    const store = createPgWatchlistVersionsStore(database.db);
    const loader = createWatchlistLoader({ store, readers: { csv: broken, 'advanced-xml': broken }, checksum: checksumOfFiles, clock: () => at });
    return { store, loader, process: createWatchlistLoadProcessor({ store, loader, clock: () => at, logger }) };
  }

  it('throws for the queue to retry while attempts remain, keeping the version LOADING and its files; the last attempt ends it FAILED and drops them', async () => {
    const { store, loader, process } = parts();
    const files = [{ name: 'sdn.csv', content: Buffer.from('1,"A",-0-\r\n') }];
    const { version } = await loader.start('ofac-sdn', files, null);
    await store.putUploads(version.id, files);

    await expect(process(version.id, { made: 0, allowed: 3 })).rejects.toThrow('connection reset');
    expect(await store.find(version.id)).toMatchObject({ status: 'LOADING' });
    expect(await store.uploadsOf(version.id)).toHaveLength(1);

    await process(version.id, { made: 2, allowed: 3 });
    expect(await store.find(version.id)).toMatchObject({ status: 'FAILED', failure_reason: 'The list was not loaded because of an internal error; upload the files again.', finished_at: at });
    expect(await store.uploadsOf(version.id)).toEqual([]);
    expect(calls).toBe(2);

    // A job run again for a version that ended does nothing.
    await process(version.id, { made: 0, allowed: 3 });
    expect(calls).toBe(2);
    expect(logged.filter((m) => m === 'watchlist version could not be loaded')).toHaveLength(2);
  });
});
