import { randomUUID } from 'node:crypto';
import type { Knex } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { BUSINESS_COUNT_ROWS_FOLDED_AFTER, businessCounts } from './20261210_0033_business_counts';
import { caseMigrations } from './index';

/* Case migration 0033 (issue 46): each customer's count of businesses and monitored ones, kept by statement triggers. */
describe("a customer's kept business counts", () => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase([caseMigrations]);
    db = database.db;
  });
  afterAll(() => database.destroy());

  const kept = async (customerId: string) => {
    const { rows } = await db.raw('select coalesce(sum(businesses), 0)::int as businesses, coalesce(sum(monitored), 0)::int as monitored, count(*)::int as rows from cases.business_counts where customer_id = ?', [customerId]);
    return rows[0] as { businesses: number; monitored: number; rows: number };
  };
  /** What the counts must be: the businesses themselves, counted. */
  const counted = async (customerId: string) => {
    const { rows } = await db.raw(
      'select count(*)::int as businesses, (count(*) filter (where is_monitoring_enabled))::int as monitored from cases.businesses where customer_id = ? and deleted_at is null',
      [customerId],
    );
    return rows[0] as { businesses: number; monitored: number };
  };
  const add = (trx: Knex, customerId: string, count: number, monitored = false) =>
    trx('cases.businesses').insert(Array.from({ length: count }, (_, i) => ({ customer_id: customerId, name: `B ${i}`, is_monitoring_enabled: monitored, created_by: customerId, updated_by: customerId })));
  const same = async (customerId: string) => expect(await kept(customerId)).toMatchObject(await counted(customerId));

  it('follow inserts, deletions, soft deletions and monitoring switched, in one statement or many, of one customer or several', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await add(db, a, 3);
    await add(db, a, 2, true);
    await db('cases.businesses').insert([
      { customer_id: a, name: 'Both', created_by: a, updated_by: a },
      { customer_id: b, name: 'Both', is_monitoring_enabled: true, created_by: b, updated_by: b },
    ]);
    expect(await kept(a)).toMatchObject({ businesses: 6, monitored: 2 });
    expect(await kept(b)).toMatchObject({ businesses: 1, monitored: 1 });
    await db('cases.businesses').where({ customer_id: a, is_monitoring_enabled: false }).limit(1).update({ is_monitoring_enabled: true });
    await db('cases.businesses').whereIn('id', db('cases.businesses').select('id').where({ customer_id: a, name: 'B 0' }).limit(1)).update({ deleted_at: new Date() });
    await db('cases.businesses').whereIn('customer_id', [a, b]).where({ name: 'Both' }).update({ is_monitoring_enabled: db.raw('not is_monitoring_enabled') });
    for (const customer of [a, b]) await same(customer);
    // An update that changes nothing counted appends nothing.
    const before = (await kept(a)).rows;
    await db('cases.businesses').where({ customer_id: a }).update({ official_website: 'https://example.com' });
    expect((await kept(a)).rows).toBe(before);
    await db('cases.businesses').where({ customer_id: a, name: 'B 1' }).delete();
    await db('cases.businesses').where({ customer_id: b }).delete();
    for (const customer of [a, b]) await same(customer);
    expect(await kept(b)).toMatchObject({ businesses: 0, monitored: 0 });
  });

  it(`fold a customer's rows into one once there are more than ${BUSINESS_COUNT_ROWS_FOLDED_AFTER}`, async () => {
    const customerId = randomUUID();
    for (let i = 0; i < BUSINESS_COUNT_ROWS_FOLDED_AFTER * 2 + 5; i += 1) await add(db, customerId, 1, i % 3 === 0);
    const { rows } = await kept(customerId);
    expect(rows).toBeLessThanOrEqual(BUSINESS_COUNT_ROWS_FOLDED_AFTER + 1);
    await same(customerId);
  });

  it("never make one writer wait for another's counts: rows not committed are neither folded nor locked", async () => {
    const customerId = randomUUID();
    const first = await db.transaction();
    try {
      // The first writer's statements fold (it has more than enough rows), and it has not committed.
      for (let i = 0; i < BUSINESS_COUNT_ROWS_FOLDED_AFTER + 3; i += 1) await add(first, customerId, 1);
      await db.transaction(async (second) => {
        await second.raw(`set local lock_timeout = '2s'`);
        for (let i = 0; i < BUSINESS_COUNT_ROWS_FOLDED_AFTER + 3; i += 1) await add(second, customerId, 1, true);
      });
      await first.commit();
    } catch (err) {
      await first.rollback();
      throw err;
    }
    await same(customerId);
    expect(await kept(customerId)).toMatchObject({ businesses: (BUSINESS_COUNT_ROWS_FOLDED_AFTER + 3) * 2, monitored: BUSINESS_COUNT_ROWS_FOLDED_AFTER + 3 });
  });

  it('count the businesses already there when the migration runs, and are gone when it runs down; TRUNCATE empties them', async () => {
    const customerId = randomUUID();
    await businessCounts.down(db);
    try {
      expect((await db.raw(`select to_regclass('cases.business_counts') as kept`)).rows).toEqual([{ kept: null }]);
      await add(db, customerId, 4);
      await add(db, customerId, 1, true);
    } finally {
      await businessCounts.up(db);
    }
    expect(await kept(customerId)).toMatchObject({ businesses: 5, monitored: 1, rows: 1 });
    await db.raw('truncate cases.businesses cascade');
    expect((await db('cases.business_counts').count({ n: '*' }))[0]).toEqual({ n: '0' });
  });
});
