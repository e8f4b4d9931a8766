import { randomUUID } from 'node:crypto';
import { createWatchlistHitDirectory, createWatchlistSubjectsDirectory, WATCHLIST_HIT_DIRECTORY_VIEW } from '@kyb/area-views';
import { createBusinessDirectoryStandIn, createWatchlistHitDirectoryStandIn } from '@kyb/area-views/testing';
import { migrateLatest } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { integrationMigrations } from '../../migrations';
import { ProviderError } from '../../providers/providers.errors';
import type { WatchlistMatcher } from '../../providers/watchlist.provider';
import { createLocalWatchlistMatcher } from '../matching/local-watchlist-matcher';
import { fixtureLists } from '../matching/test-support/fixture-lists';
import { createWatchlistIndex, type WatchlistIndex } from '../matching/watchlist-index';
import { createSandboxWatchlistMatcher } from '../sandbox-watchlist-matcher';
import { createWatchlistScreener } from './watchlist-screener';
import { createPgWatchlistScreeningsStore } from './watchlist-screenings.store';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;

/* A batch of one tenant's businesses screened: hits kept once per name and entry, reviews kept, what went listed no more, events, failures. */
describe('the watchlist screener', () => {
  let database: TestDatabase;
  let index: WatchlistIndex;
  let directory: Awaited<ReturnType<typeof createBusinessDirectoryStandIn>>;
  const changes: unknown[] = [];
  const erasedTenants = new Set<string>();
  let now = Date.parse('2026-12-06T10:00:00.000Z');
  let matcher: WatchlistMatcher;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateLatest(database.db, integrationMigrations);
    directory = await createBusinessDirectoryStandIn(database.db);
    index = createWatchlistIndex(await fixtureLists());
    matcher = createSandboxWatchlistMatcher(createLocalWatchlistMatcher({ index }));
  });
  afterAll(() => database.destroy());

  const store = () => createPgWatchlistScreeningsStore(database.db);
  const screener = (matcherFor: () => Promise<WatchlistMatcher> = async () => matcher) =>
    createWatchlistScreener({
      store: store(),
      subjects: createWatchlistSubjectsDirectory(database.db),
      matcherFor,
      erased: { isErased: async (id) => erasedTenants.has(id) },
      hitsChanged: { add: async (data) => (changes.push(data), {}) as never },
      clock: () => new Date((now += 1000)),
      logger: silent,
    });
  const hitsOf = (businessId: string) => database.db('integration.watchlist_hits').where({ business_id: businessId }).orderBy('subject_role');
  const eventsOf = (businessId: string) =>
    database.db('integration.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).orderBy('seq').select('type', 'data');

  it('screens the legal name, every DBA and every owner, keeps one hit per name and entry with its reason, and announces each new hit', async () => {
    const customerId = randomUUID();
    const businessId = randomUUID();
    const ownerId = randomUUID();
    await directory.put({
      id: businessId,
      customerId,
      name: 'Silk Corridor Trading L.L.C.',
      otherNames: ['Harbor Bakery'],
      owners: [{ id: ownerId, firstName: 'Reza', lastName: 'Taheri', dateOfBirth: '1963-02-01', country: 'Iran' }, { firstName: 'Ann', lastName: 'Lee' }],
    });
    const outcome = await screener().screen({ customerId, businessIds: [businessId], trigger: 'added' });
    expect(outcome.failed).toEqual([]);
    expect(outcome.screened.map((s) => [s.recorded.screening.subject_count, s.recorded.screening.hit_count, s.recorded.newHits.length])).toEqual([[4, 2, 2]]);
    const hits = await hitsOf(businessId);
    expect(hits.map((h) => [h.subject_role, h.subject_ref, h.list, h.entry_id, h.status, h.is_listed])).toEqual([
      ['legal_name', businessId, 'ofac-sdn', '90002', 'OPEN', true],
      ['owner', ownerId, 'ofac-sdn', '90017', 'OPEN', true],
    ]);
    expect(hits[1]).toMatchObject({ subject_name: 'Reza Taheri', entry_name: 'TAHERI, Reza', evidence: { dateOfBirth: 'close', country: 'same' } });
    expect(hits[1].reason).toContain('90017');
    const screening = outcome.screened[0].recorded.screening;
    expect(screening).toMatchObject({ trigger: 'added', status: 'COMPLETED', matcher: 'sandbox', threshold: '0.850' });
    expect(screening.lists.map((l: { list: string }) => l.list)).toEqual(['ofac-sdn', 'ofac-consolidated', 'sandbox']);
    // Ids, list and entry; whose name by role only, never the name.
    expect(await eventsOf(businessId)).toEqual(
      hits.map((h) => ({
        type: 'watchlist.hit',
        data: { customer_id: customerId, business_id: businessId, hit_id: h.id, screening_id: screening.id, list: 'ofac-sdn', entry_id: h.entry_id, subject_role: h.subject_role },
      })),
    );
    expect(JSON.stringify(await eventsOf(businessId))).not.toContain('Taheri');
    expect(changes.at(-1)).toEqual({ businessId, customerId, change: 'new_hits' });

    // The same names screened again: the same hits, nothing new, nothing announced.
    const again = await screener().screen({ customerId, businessIds: [businessId], trigger: 'refresh' });
    expect(again.screened[0].recorded.newHits).toEqual([]);
    expect((await hitsOf(businessId)).map((h) => h.id)).toEqual(hits.map((h) => h.id));
    expect(await eventsOf(businessId)).toHaveLength(2);
  });

  it('keeps a dismissed hit dismissed when it is found again; a renamed owner is another name, a new hit', async () => {
    const customerId = randomUUID();
    const businessId = randomUUID();
    const ownerId = randomUUID();
    await directory.put({ id: businessId, customerId, name: 'Quiet Meadow Bakery', owners: [{ id: ownerId, firstName: 'Reza', lastName: 'Taheri' }] });
    await screener().screen({ customerId, businessIds: [businessId], trigger: 'added' });
    const [hit] = await hitsOf(businessId);
    await store().review(database.db, hit.id, customerId, { status: 'DISMISSED', note: 'Another Reza Taheri: born 1990 in Toronto.', userId: null }, new Date(now));
    const again = await screener().screen({ customerId, businessIds: [businessId], trigger: 'monitoring' });
    expect(again.screened[0].recorded.newHits).toEqual([]);
    expect((await hitsOf(businessId)).map((h) => [h.id, h.status, h.is_listed])).toEqual([[hit.id, 'DISMISSED', true]]);
    // The dismissed hit is not among what other areas read.
    expect(await createWatchlistHitDirectory(database.db).hitsOf(businessId)).toEqual([]);

    await directory.put({ id: businessId, customerId, name: 'Quiet Meadow Bakery', owners: [{ id: ownerId, firstName: 'Reza', lastName: 'Tahery' }] });
    const renamed = await screener().screen({ customerId, businessIds: [businessId], trigger: 'monitoring' });
    // The old name is no longer screened: its hit is listed no more; the new name is a new hit.
    expect(renamed.screened[0].recorded.newHits.map((h) => [h.subject_name, h.status])).toEqual([['Reza Tahery', 'OPEN']]);
    expect(renamed.screened[0].recorded.delisted).toBe(1);
  });

  it('marks hits listed no more when a screening against their list no longer finds them, and lists them again, as new, when it does', async () => {
    const customerId = randomUUID();
    const businessId = randomUUID();
    await directory.put({ id: businessId, customerId, name: 'Sanctioned Example Imports' });
    await screener().screen({ customerId, businessIds: [businessId], trigger: 'added' });
    expect((await hitsOf(businessId)).map((h) => [h.list, h.is_listed])).toEqual([['sandbox', true]]);
    await directory.put({ id: businessId, customerId, name: 'Example Imports' });
    const gone = await screener().screen({ customerId, businessIds: [businessId], trigger: 'refresh' });
    expect([gone.screened[0].recorded.delisted, changes.at(-1)]).toEqual([1, { businessId, customerId, change: 'delisted' }]);
    expect((await hitsOf(businessId)).map((h) => h.is_listed)).toEqual([false]);
    await directory.put({ id: businessId, customerId, name: 'Sanctioned Example Imports' });
    const back = await screener().screen({ customerId, businessIds: [businessId], trigger: 'refresh' });
    expect(back.screened[0].recorded.newHits.map((h) => h.list)).toEqual(['sandbox']);
  });

  it("screened against a list version's changes, lists no more only the hits on the changed entries it no longer finds", async () => {
    const customerId = randomUUID();
    const businessId = randomUUID();
    await directory.put({ id: businessId, customerId, name: 'Silk Corridor Trading L.L.C.', owners: [{ firstName: 'Reza', lastName: 'Taheri', dateOfBirth: '1963-02-01', country: 'Iran' }] });
    await screener().screen({ customerId, businessIds: [businessId], trigger: 'added' });
    expect((await hitsOf(businessId)).map((h) => [h.subject_role, h.entry_id, h.is_listed])).toEqual([
      ['legal_name', '90002', true],
      ['owner', '90017', true],
    ]);
    // The new version renamed entry 90017 (the owner no longer resembles it) and changed nothing of 90002.
    const [sdn] = await fixtureLists();
    const renamed = { ...sdn.entries.find((entry) => entry.uid === '90017')!, name: 'KOVALENKO, Bohdan', aliases: [] };
    const changesMatcher = createLocalWatchlistMatcher({ index: createWatchlistIndex([{ list: 'ofac-sdn', version: 'sdn-2', publishedAt: null, entries: [renamed] }]) });
    const outcome = await screener().screen({
      customerId,
      businessIds: [businessId],
      trigger: 'list_version',
      against: { matcher: changesMatcher, scope: { list: 'ofac-sdn', entryIds: new Set(['90017']) } },
    });
    expect([outcome.screened[0].recorded.newHits, outcome.screened[0].recorded.delisted]).toEqual([[], 1]);
    expect((await hitsOf(businessId)).map((h) => [h.subject_role, h.entry_id, h.is_listed])).toEqual([
      ['legal_name', '90002', true],
      ['owner', '90017', false],
    ]);
  });

  it("screens many businesses in one matcher call, skips another tenant's and unknown ones, and nothing of an erased tenant", async () => {
    const customerId = randomUUID();
    const [a, b, theirs] = [randomUUID(), randomUUID(), randomUUID()];
    await directory.put({ id: a, customerId, name: 'Sanctioned Alpha Co' });
    await directory.put({ id: b, customerId, name: 'Plain Beta Co', owners: [{ firstName: 'Sanctioned', lastName: 'Person' }] });
    await directory.put({ id: theirs, customerId: randomUUID(), name: 'Sanctioned Gamma Co' });
    const calls: number[] = [];
    const counting: WatchlistMatcher = { name: 'sandbox', screen: (subjects, options) => (calls.push(subjects.length), matcher.screen(subjects, options)) };
    const unknown = randomUUID();
    const outcome = await screener(async () => counting).screen({ customerId, businessIds: [a, b, theirs, unknown], trigger: 'added' });
    expect(calls).toEqual([3]);
    expect(outcome.screened.map((s) => [s.businessId, s.recorded.newHits.map((h) => h.subject_role)])).toEqual([
      [a, ['legal_name']],
      [b, ['owner']],
    ]);
    expect(outcome.skipped).toEqual([theirs, unknown]);
    expect(await hitsOf(theirs)).toEqual([]);
    // One transaction for the batch, each screening with its own count of new hits and each new hit announced.
    expect(outcome.screened.map((s) => s.recorded.screening.new_hit_count)).toEqual([1, 1]);
    expect((await eventsOf(a)).map((e) => e.data.screening_id)).toEqual([outcome.screened[0].recorded.screening.id]);
    expect((await eventsOf(b)).map((e) => e.data.screening_id)).toEqual([outcome.screened[1].recorded.screening.id]);

    // Again in one batch: a's hit is gone with its name, b's is found again (nothing new, its first screening kept).
    await directory.put({ id: a, customerId, name: 'Plain Alpha Co' });
    const again = await screener(async () => counting).screen({ customerId, businessIds: [a, b], trigger: 'refresh' });
    expect(again.screened.map((s) => [s.businessId, s.recorded.newHits.length, s.recorded.delisted, s.recorded.screening.hit_count])).toEqual([
      [a, 0, 1, 0],
      [b, 0, 0, 1],
    ]);
    expect((await hitsOf(b)).map((h) => [h.first_screening_id, h.last_screening_id])).toEqual([[outcome.screened[1].recorded.screening.id, again.screened[1].recorded.screening.id]]);
    expect((await hitsOf(a)).map((h) => h.is_listed)).toEqual([false]);

    erasedTenants.add(customerId);
    const erased = await screener(async () => counting).screen({ customerId, businessIds: [a], trigger: 'refresh' });
    expect([erased.skipped, calls]).toEqual([[a], [3, 3]]);
  });

  it("keeps a permanent matcher failure as each business's FAILED screening with the reason, and throws a transient one for the job to try again", async () => {
    const customerId = randomUUID();
    const businessId = randomUUID();
    await directory.put({ id: businessId, customerId, name: 'Sanctioned Delta Co' });
    const refusing: WatchlistMatcher = { name: 'opensanctions', screen: async () => Promise.reject(new ProviderError('The OpenSanctions API key was refused (401).', { transient: false })) };
    const failed = await screener(async () => refusing).screen({ customerId, businessIds: [businessId], trigger: 'added' });
    expect(failed.failed).toEqual([{ businessId, reason: 'The OpenSanctions API key was refused (401).' }]);
    expect(await store().latest(businessId)).toMatchObject({ status: 'FAILED', matcher: 'opensanctions', failure_reason: 'The OpenSanctions API key was refused (401).', hit_count: 0 });
    const down: WatchlistMatcher = { name: 'opensanctions', screen: async () => Promise.reject(new ProviderError('OpenSanctions answered 503.', { transient: true })) };
    await expect(screener(async () => down).screen({ customerId, businessIds: [businessId], trigger: 'refresh' })).rejects.toThrow('OpenSanctions answered 503.');
    expect((await database.db('integration.watchlist_screenings').where({ business_id: businessId })).length).toBe(1);
  });

  it("uses the tenant's threshold: a stricter one keeps only the closest matches", async () => {
    const customerId = randomUUID();
    const businessId = randomUUID();
    await directory.put({ id: businessId, customerId, name: 'Silk Coridor Trading' });
    await store().putThreshold(database.db, customerId, 1, null, new Date(now));
    const strict = await screener().screen({ customerId, businessIds: [businessId], trigger: 'added' });
    expect([strict.screened[0].recorded.screening.threshold, strict.screened[0].recorded.newHits]).toEqual(['1.000', []]);
    await store().putThreshold(database.db, customerId, 0.85, null, new Date(now));
    const usual = await screener().screen({ customerId, businessIds: [businessId], trigger: 'refresh' });
    expect(usual.screened[0].recorded.newHits.map((h) => h.entry_id)).toEqual(['90002']);
  });

  it('publishes the hits other areas read with the columns of their stand-in', async () => {
    const standIns = await createTestDatabase();
    try {
      await createWatchlistHitDirectoryStandIn(standIns.db);
      const columns = async (db: TestDatabase['db']) =>
        (await db('information_schema.columns').where({ table_schema: 'integration', table_name: WATCHLIST_HIT_DIRECTORY_VIEW.split('.')[1] }).orderBy('ordinal_position')).map(
          (c: { column_name: string; data_type: string }) => [c.column_name, c.data_type],
        );
      const real = await columns(database.db);
      expect(real.length).toBeGreaterThan(10);
      expect(real).toEqual(await columns(standIns.db));
    } finally {
      await standIns.destroy();
    }
  });
});
