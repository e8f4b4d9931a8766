import type { Knex } from '@kyb/db';
import { createTestDatabase, type TestDatabase } from '@kyb/testing';
import { BUSINESS_LIST_INDEXES, businessListIndexes } from './20261210_0032_business_list_indexes';
import { caseMigrations } from './index';

/* Case migration 0032 (issue 46): the business list's indexes, built beforehand or by the migration. */
describe("the business list's indexes", () => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase([caseMigrations]);
    db = database.db;
  });
  afterAll(() => database.destroy());

  /** The list's indexes of cases.businesses by name: their oid and whether they are valid. */
  const indexes = async () => {
    const { rows } = await db.raw(
      `select c.relname as name, c.oid::int as oid, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = 'cases.businesses'::regclass and c.relname = any(?) order by c.relname`,
      [BUSINESS_LIST_INDEXES.map(([name]) => name)],
    );
    return rows as Array<{ name: string; oid: number; valid: boolean }>;
  };

  it('keeps an index built beforehand, builds again one a failed concurrent build left invalid, and drops them all when it runs down', async () => {
    const before = await indexes();
    expect(before.map((i) => i.name)).toEqual(BUSINESS_LIST_INDEXES.map(([name]) => name).sort());
    expect(before.every((i) => i.valid)).toBe(true);
    // As a failed `create index concurrently` leaves it (PostgreSQL marks it so).
    await db.raw(`update pg_index set indisvalid = false where indexrelid = 'cases.businesses_list_name'::regclass`);
    await businessListIndexes.up(db);
    const after = await indexes();
    expect(after.every((i) => i.valid)).toBe(true);
    for (const index of after) expect({ name: index.name, kept: index.oid === before.find((b) => b.name === index.name)?.oid }).toEqual({ name: index.name, kept: index.name !== 'businesses_list_name' });

    await businessListIndexes.down(db);
    try {
      expect(await indexes()).toEqual([]);
      expect((await db.raw(`select to_regclass('cases.businesses_customer') as kept`)).rows).toEqual([{ kept: 'cases.businesses_customer' }]);
    } finally {
      await businessListIndexes.up(db);
    }
    expect((await db.raw(`select to_regclass('cases.businesses_customer') as kept`)).rows).toEqual([{ kept: null }]);
    expect(await indexes()).toHaveLength(BUSINESS_LIST_INDEXES.length);
  });
});
