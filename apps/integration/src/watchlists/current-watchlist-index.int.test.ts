import { migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { integrationMigrations } from '../migrations';
import type { WatchlistSubject } from '../providers/watchlist.provider';
import { createCurrentWatchlistIndex } from './current-watchlist-index';
import { checksumOfFiles } from './ofac/ofac-checksum';
import { fixture, linesOf, csvOf } from './ofac/ofac-fixtures';
import { OFAC_READERS } from './ofac/ofac-readers';
import { createWatchlistLoader } from './versions/load-watchlist-version';
import { createPgWatchlistVersionsStore } from './versions/watchlist-versions.store';

const silk: WatchlistSubject = { role: 'legal_name', refId: 'b-1', kind: 'organisation', name: 'Silk Corridor Trading L.L.C.', dateOfBirth: null, country: null };

/* Screenings run against the index of each list's current version, built again in the process when a version becomes current. */
describe('the current watchlist index', () => {
  let database: TestDatabase;
  let now = Date.parse('2026-12-06T10:00:00.000Z');
  const clock = () => new Date(now);
  const built: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateLatest(database.db, integrationMigrations);
  });
  afterAll(() => database.destroy());

  it('is empty before a list is loaded, holds the current version once loaded, and follows a newer version after its check interval', async () => {
    const store = createPgWatchlistVersionsStore(database.db);
    const loader = createWatchlistLoader({ store, readers: OFAC_READERS, checksum: checksumOfFiles, clock });
    const currentIndex = createCurrentWatchlistIndex({ store, clock, logger: { info: ((_d: object, message: string) => void built.push(message)) as never }, checkEveryMs: 5000 });

    const empty = await currentIndex();
    expect([empty.lists, empty.screen([silk], { threshold: 0.85 }).results[0].candidates]).toEqual([[], []]);

    const first = await loader.load('ofac-sdn', [{ name: 'sdn.csv', content: fixture('sdn.csv') }], null);
    // Within the check interval the process keeps the index it has.
    expect((await currentIndex()).lists).toEqual([]);
    now += 5000;
    const loaded = await currentIndex();
    expect(loaded.lists).toEqual([{ list: 'ofac-sdn', version: first.version.id, publishedAt: null }]);
    const [hit] = loaded.screen([silk], { threshold: 0.85 }).results[0].candidates;
    expect(hit).toMatchObject({ list: 'ofac-sdn', listVersion: first.version.id, entryId: '90002', entryName: 'SILK CORRIDOR TRADING LLC' });
    expect(await currentIndex()).toBe(loaded);

    // A newer version without the entry: the next check builds the index again, and the entry is gone from it.
    const without = csvOf(linesOf(fixture('sdn.csv')).filter((line) => !line.startsWith('90002,')));
    const second = await loader.load('ofac-sdn', [{ name: 'sdn.csv', content: without }], null);
    now += 5000;
    const next = await currentIndex();
    expect(next.lists).toEqual([{ list: 'ofac-sdn', version: second.version.id, publishedAt: null }]);
    expect(next.screen([silk], { threshold: 0.85 }).results[0].candidates.map((c) => c.entryId)).not.toContain('90002');
    expect(built).toEqual(['watchlist index built', 'watchlist index built', 'watchlist index built']);
  });
});
