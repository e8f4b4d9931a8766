import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createProcessGroup, createTestDatabase, type TestDatabase } from '@kyb/testing';
import { AREA_SCHEMAS, KEPT_BECAUSE, PERSONAL_DATA_COLUMNS, TEXT_CAPABLE_TYPES } from './personal-data-columns';

/*
 * The inventory of columns that can hold personal data (docs/adr/0043) is the schema's own: on a
 * database every area migrated, each column that can hold text is classified exactly once, and
 * every classified column exists. A migration that adds such a column fails here until the
 * column is classified (and, if it can hold personal data, erased by its area's functions).
 */
const MAIN = join(__dirname, '../../../../dist/apps/suite/main.js');

describe('the inventory of columns that can hold personal data', () => {
  const processes = createProcessGroup();
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const migrate = processes.start(MAIN, {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.KYB_TEST_REDIS_URL,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ROLE: 'migrate',
      LOG_LEVEL: 'warn',
    });
    expect(await migrate.exited).toBe(0);
  }, 60_000);

  afterAll(async () => {
    await processes.stopAll();
    await database?.destroy();
  });

  const classified = () =>
    Object.entries(PERSONAL_DATA_COLUMNS).flatMap(([table, classes]) =>
      Object.entries(classes).flatMap(([kind, columns]) => (columns as string).split(/\s+/).map((column) => ({ column: `${table}.${column}`, kind }))),
    );

  it('classifies every column of the areas that can hold text, once, and nothing that is not there', async () => {
    const { rows } = await database.db.raw<{ rows: Array<{ column: string }> }>(
      `select c.table_schema || '.' || c.table_name || '.' || c.column_name as column from information_schema.columns c
        join information_schema.tables t using (table_schema, table_name)
        where t.table_type = 'BASE TABLE' and c.table_schema = any(?) and c.table_name not like 'knex_migrations%' and c.data_type = any(?)
        order by 1`,
      [AREA_SCHEMAS, TEXT_CAPABLE_TYPES],
    );
    const inSchema = rows.map((r) => r.column);
    const listed = classified().map((c) => c.column);
    expect(inSchema.length).toBeGreaterThan(200);
    expect({ unclassified: inSchema.filter((c) => !listed.includes(c)), gone: listed.filter((c) => !inSchema.includes(c)) }).toEqual({ unclassified: [], gone: [] });
    expect(listed.filter((c, i) => listed.indexOf(c) !== i)).toEqual([]);
  });

  it('says why each kept column is kept', () => {
    const kept = classified().filter((c) => c.kind === 'kept');
    expect(kept.length).toBeGreaterThan(0);
    for (const { column } of kept) expect(KEPT_BECAUSE[column.split('.').at(-1) as string]?.length ?? 0).toBeGreaterThan(40);
  });

  it('has every area publish its erasure functions, which run on an empty tenant and change nothing', async () => {
    const { rows } = await database.db.raw<{ rows: Array<{ fn: string }> }>(
      `select n.nspname || '.' || p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.proname in ('erase_customer', 'erase_owner') and n.nspname = any(?) order by 1`,
      [AREA_SCHEMAS],
    );
    expect(rows.map((r) => r.fn)).toEqual([
      'auth.erase_customer',
      'cases.erase_customer',
      'integration.erase_customer',
      'integration.erase_owner',
      'reports.erase_customer',
      'reports.erase_owner',
      'scores.erase_customer',
    ]);
    for (const { fn } of rows) {
      const args = fn.endsWith('erase_owner') ? 'gen_random_uuid(), gen_random_uuid(), gen_random_uuid()' : 'gen_random_uuid()';
      expect((await database.db.raw<{ rows: Array<{ n: number }> }>(`select ${fn}(${args}) as n`)).rows[0].n).toBe(0);
    }
  });
});
