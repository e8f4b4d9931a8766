import { createDatabase } from './database';
import { insertJsonRows, uniformColumns } from './json-rows';

/* Rows inserted as one JSON parameter per table (json-rows.ts, ADR 0029), against knex's own insert. */
describe('inserting rows as JSON', () => {
  const url = process.env.KYB_TEST_POSTGRES_URL as string;
  const suffix = `${process.pid}_${Date.now()}`;
  const parents = `json_rows_parent_${suffix}`;
  const children = `json_rows_child_${suffix}`;
  const db = createDatabase({ url, applicationName: 'json-rows-test', pool: { max: 2 } });
  const statements: string[] = [];
  const listen = (query: { sql: string }) => void statements.push(query.sql);

  beforeAll(async () => {
    await db.raw(`create table ${parents} (
      id int primary key, label text, amount numeric, small smallint, flag boolean default true, born date,
      seen_at timestamptz, created_at timestamptz not null default now(), upper_label text)`);
    // A BEFORE trigger (as the case schema's presented parts) sees each row as inserted.
    await db.raw(`create function ${parents}_upper() returns trigger language plpgsql as $$ begin new.upper_label := upper(new.label); return new; end $$`);
    await db.raw(`create trigger upper_label before insert on ${parents} for each row execute function ${parents}_upper()`);
    await db.raw(`create table ${children} (parent_id int not null references ${parents}(id), position int not null, note text, primary key (parent_id, position))`);
    db.on('query', listen);
  });
  afterAll(async () => {
    db.removeListener('query', listen);
    await db.raw(`drop table if exists ${children}`);
    await db.raw(`drop table if exists ${parents}`);
    await db.raw(`drop function if exists ${parents}_upper()`);
    await db.destroy();
  });

  const read = (ids: number[]) =>
    db.raw(
      `select id, label, amount::text as amount, small, flag, to_char(born, 'YYYY-MM-DD') as born, seen_at, created_at is not null as created, upper_label
         from ${parents} where id = any(?) order by id`,
      [ids],
    );

  it('stores every kind of plain value as a bound value would be stored, parents and children in one statement', async () => {
    const awkward = `quote " backslash \\ tab \t newline \n emoji 🦷 apostrophe ' and ? mark`;
    const seen = new Date('2026-11-27T12:34:56.789Z');
    statements.length = 0;
    await db.transaction((trx) =>
      insertJsonRows(trx, [
        {
          table: parents,
          rows: [
            { id: 1, label: awkward, amount: 33.33, small: 7, flag: false, born: '1980-02-29', seen_at: seen },
            { id: 2, label: null, amount: null, small: null, flag: true, born: null, seen_at: null },
          ],
        },
        { table: children, rows: [{ parent_id: 1, position: 0, note: 'first' }, { parent_id: 2, position: 0, note: null }] },
      ]),
    );
    expect(statements.filter((sql) => sql.includes('json_populate_recordset'))).toHaveLength(1);
    // The same values through knex's own insert, for comparison.
    await db(parents).insert([{ id: 11, label: awkward, amount: 33.33, small: 7, flag: false, born: '1980-02-29', seen_at: seen }]);
    const { rows } = await read([1, 2, 11]);
    expect(rows[0]).toEqual({ ...rows[2], id: 1 });
    expect(rows[0]).toMatchObject({ label: awkward, amount: '33.33', small: 7, flag: false, born: '1980-02-29', seen_at: seen, created: true, upper_label: awkward.toUpperCase() });
    expect(rows[1]).toMatchObject({ label: null, amount: null, flag: true, born: null, seen_at: null, created: true });
    expect(await db(children).orderBy('parent_id').select('parent_id', 'note')).toEqual([
      { parent_id: 1, note: 'first' },
      { parent_id: 2, note: null },
    ]);
  });

  it('leaves a column no row names to its default, and inserts thousands of rows in one statement', async () => {
    const rows = Array.from({ length: 3_000 }, (_v, n) => ({ id: 1_000 + n, label: `row ${n}` }));
    statements.length = 0;
    await insertJsonRows(db, [{ table: parents, rows }]);
    expect(statements).toHaveLength(1);
    const stored = await db(parents).where('id', '>=', 1_000).orderBy('id').select('id', 'label', 'flag');
    expect(stored).toHaveLength(3_000);
    expect(stored[2_999]).toEqual({ id: 3_999, label: 'row 2999', flag: true });
  });

  it('inserts through knex, in chunks, when a row is not plain (a missing or undefined value takes the default, not NULL)', async () => {
    statements.length = 0;
    await insertJsonRows(db, [
      {
        table: parents,
        rows: [
          { id: 21, label: 'has flag', flag: false },
          { id: 22, label: 'no flag', flag: undefined },
        ],
      },
    ]);
    expect(statements.some((sql) => sql.includes('json_populate_recordset'))).toBe(false);
    expect(await db(parents).whereIn('id', [21, 22]).orderBy('id').pluck('flag')).toEqual([false, true]);
    // More rows than one bound statement may carry, not plain (a non-finite number): several statements.
    const many = Array.from({ length: 1_200 }, (_v, n) => ({ id: 5_000 + n, label: 'chunked', amount: n === 0 ? Number.NaN : n }));
    statements.length = 0;
    await insertJsonRows(db, [{ table: parents, rows: many }]);
    expect(statements).toHaveLength(3);
    expect(await db(parents).where({ label: 'chunked' }).count<Array<{ count: string }>>('* as count')).toEqual([{ count: '1200' }]);
    expect((await db(parents).where({ id: 5_000 }).first('amount')).amount).toBe('NaN');
  });

  it('takes the JSON path only for rows of the same plain columns', () => {
    expect(uniformColumns([{ a: 1, b: 'x' }, { b: null, a: true }])).toEqual(['a', 'b']);
    expect(uniformColumns([{ a: new Date(0) }])).toEqual(['a']);
    expect(uniformColumns([])).toBeUndefined();
    expect(uniformColumns([{ a: 1 }, { a: 1, b: 2 }])).toBeUndefined();
    expect(uniformColumns([{ a: 1, b: 2 }, { a: 1, c: 2 }])).toBeUndefined();
    for (const odd of [undefined, { nested: true }, [1], Buffer.from('x'), Number.POSITIVE_INFINITY, new Date(Number.NaN), 1n]) {
      expect(uniformColumns([{ a: odd }])).toBeUndefined();
    }
  });

  it('does nothing for no rows', async () => {
    statements.length = 0;
    await insertJsonRows(db, [{ table: parents, rows: [] }]);
    expect(statements).toEqual([]);
  });
});
