import { migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { integrationMigrations } from '../../migrations';
import type { WatchlistEntry } from '../watchlist-entry';
import { createPgWatchlistVersionsStore, type NewWatchlistVersion } from './watchlist-versions.store';

const entry = (uid: string, name: string): WatchlistEntry => ({
  uid,
  name,
  type: 'entity',
  programs: ['SDGT'],
  aliases: [],
  addresses: [],
  datesOfBirth: [],
  nationalities: [],
  identifiers: [],
  remarks: null,
});

describe('watchlist versions in PostgreSQL', () => {
  let database: TestDatabase;
  let store: ReturnType<typeof createPgWatchlistVersionsStore>;
  const at = new Date('2026-12-06T10:00:00.000Z');
  const version = (checksum: string, list: NewWatchlistVersion['list'] = 'ofac-sdn'): NewWatchlistVersion => ({
    list,
    checksum,
    layout: 'csv',
    files: [{ name: 'sdn.csv', bytes: 10 }],
    loadedBy: null,
    at,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateLatest(database.db, integrationMigrations);
    store = createPgWatchlistVersionsStore(database.db);
  });
  afterAll(() => database.destroy());

  it('start one version per list and checksum while it is loading or loaded', async () => {
    const first = await store.start(version('a1'));
    expect(first).toMatchObject({ list: 'ofac-sdn', status: 'LOADING', is_current: false, checksum: 'a1', entries_read: 0, entry_count: null });
    expect(await store.start(version('a1'))).toBeUndefined();
    expect(await store.withChecksum('ofac-sdn', 'a1')).toMatchObject({ id: first?.id });
    // The same checksum of the other list is another version.
    expect(await store.start(version('a1', 'ofac-consolidated'))).toMatchObject({ list: 'ofac-consolidated' });
  });

  it('make a completed version current with its entries, the previous one kept but no longer current', async () => {
    const older = (await store.start(version('b1')))!;
    await store.progress(older.id, 1000);
    expect((await store.find(older.id))?.entries_read).toBe(1000);
    await store.complete(older.id, [entry('10', 'OLD CO')], new Date('2026-12-01T00:00:00Z'), at);
    const newer = (await store.start(version('b2')))!;
    const done = await store.complete(newer.id, [entry('20', 'NEW CO'), entry('21', 'OTHER CO')], null, at);
    expect(done).toMatchObject({ status: 'READY', is_current: true, entry_count: 2, entries_read: 2 });
    expect((await store.current('ofac-sdn'))?.id).toBe(newer.id);
    expect(await store.find(older.id)).toMatchObject({ status: 'READY', is_current: false, entry_count: 1, published_at: new Date('2026-12-01T00:00:00Z') });
    expect((await store.entriesOf(newer.id)).map((e) => e.name)).toEqual(['NEW CO', 'OTHER CO']);
    await expect(store.complete(newer.id, [], null, at)).rejects.toThrow(`watchlist version ${newer.id} is not loading`);
  });

  it('fail a loading version with its reason and keep no entries; the same files may then be loaded again', async () => {
    const current = await store.current('ofac-sdn');
    const failing = (await store.start(version('c1')))!;
    expect(await store.fail(failing.id, 'sdn.csv, line 3: bad', at)).toMatchObject({ status: 'FAILED', failure_reason: 'sdn.csv, line 3: bad', is_current: false });
    expect(await store.fail(failing.id, 'again', at)).toBeUndefined();
    expect((await store.current('ofac-sdn'))?.id).toBe(current?.id);
    expect(await store.withChecksum('ofac-sdn', 'c1')).toBeUndefined();
    expect(await store.start(version('c1'))).toMatchObject({ status: 'LOADING' });
  });

  it('list the versions of a list newest first, with their total', async () => {
    const { rows, total } = await store.versionsOf('ofac-consolidated', { limit: 10, offset: 0 });
    expect(total).toBe(1);
    expect(rows.map((r) => r.checksum)).toEqual(['a1']);
  });

  it('store a version of 2,500 entries in batches, all or none', async () => {
    const big = (await store.start(version('d1')))!;
    const entries = Array.from({ length: 2500 }, (_, i) => entry(String(100000 + i), `CO ${i}`));
    await store.complete(big.id, entries, null, at);
    expect(await store.entriesOf(big.id)).toHaveLength(2500);
    // A duplicate uid fails the whole version's write: nothing of it is stored, and it stays loading.
    const broken = (await store.start(version('d2')))!;
    await expect(store.complete(broken.id, [entry('1', 'A'), entry('1', 'B')], null, at)).rejects.toThrow();
    expect(await store.entriesOf(broken.id)).toEqual([]);
    expect((await store.find(broken.id))?.status).toBe('LOADING');
    expect((await store.current('ofac-sdn'))?.id).toBe(big.id);
  });

  it("keeps a loading version's uploaded files for its job, replaced by name, until they are dropped", async () => {
    const loading = (await store.start(version('e1')))!;
    await store.putUploads(loading.id, [{ name: 'sdn.csv', content: Buffer.from('first') }, { name: 'alt.csv', content: Buffer.from([0xe9, 0x2c]) }]);
    await store.putUploads(loading.id, [{ name: 'sdn.csv', content: Buffer.from('second') }]);
    expect((await store.uploadsOf(loading.id)).map((f) => [f.name, f.content.toString('hex')])).toEqual([
      ['alt.csv', 'e92c'],
      ['sdn.csv', Buffer.from('second').toString('hex')],
    ]);
    await store.dropUploads(loading.id);
    expect(await store.uploadsOf(loading.id)).toEqual([]);
  });
});
