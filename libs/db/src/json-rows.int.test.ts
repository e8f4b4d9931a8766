import { createDatabase } from './database';
import { insertJsonRows, jsonRowsParts, runChained, uniformColumns } from './json-rows';

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
    expect(statements.filter((sql) => sql.includes('json_populate_record('))).toHaveLength(1);
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
    expect(statements.some((sql) => sql.includes('json_populate_record('))).toBe(false);
    expect(await db(parents).whereIn('id', [21, 22]).orderBy('id').pluck('flag')).toEqual([false, true]);
    // Rows that are not plain (a non-finite number) go through knex in chunks of 500, chained into one statement while they bind few enough values.
    const many = Array.from({ length: 1_200 }, (_v, n) => ({ id: 5_000 + n, label: 'chunked', amount: n === 0 ? Number.NaN : n }));
    expect(jsonRowsParts(db, { table: parents, rows: many })).toHaveLength(3);
    statements.length = 0;
    await insertJsonRows(db, [{ table: parents, rows: many }]);
    // Chunks of one table run one after another, in order (in one statement CTEs run in no defined order).
    expect(statements).toHaveLength(3);
    expect(await db(parents).where({ label: 'chunked' }).count<Array<{ count: string }>>('* as count')).toEqual([{ count: '1200' }]);
    expect((await db(parents).where({ id: 5_000 }).first('amount')).amount).toBe('NaN');
    // Parts that together would bind more than PostgreSQL allows run one after another.
    const wide = Array.from({ length: 4_500 }, (_v, n) => ({ id: 10_000 + n, label: 'wide', amount: n === 0 ? Number.NaN : n, small: 1, flag: true, born: null, seen_at: null, upper_label: null }));
    const parts = jsonRowsParts(db, { table: parents, rows: [...wide, ...wide.map((row) => ({ ...row, id: row.id + 10_000 }))] });
    expect(parts.reduce((sum, part) => sum + part.bindings.length, 0)).toBeGreaterThan(65_535);
    statements.length = 0;
    await runChained(db, parts);
    expect(statements).toHaveLength(parts.length);
    expect(await db(parents).where({ label: 'wide' }).count<Array<{ count: string }>>('* as count')).toEqual([{ count: '9000' }]);
  });

  it('stores the values of json columns as the JSON they are, and stringifies them for knex when a row is not plain', async () => {
    await db.raw(`alter table ${children} add column if not exists extra jsonb`);
    const extra = { nested: { list: [1, 'two', null, true] }, quote: 'say "hi"' };
    await insertJsonRows(db, [{ table: children, rows: [{ parent_id: 1, position: 5, note: null, extra }], jsonColumns: ['extra'] }]);
    // A date inside is no JSON data: knex's path, the value stringified (as pg needs for jsonb).
    const dated = { at: new Date('2026-11-27T00:00:00.000Z') };
    statements.length = 0;
    await insertJsonRows(db, [{ table: children, rows: [{ parent_id: 1, position: 6, note: null, extra: dated }], jsonColumns: ['extra'] }]);
    expect(statements.some((sql) => sql.includes('json_populate_record('))).toBe(false);
    const stored = await db(children).where({ parent_id: 1 }).whereIn('position', [5, 6]).orderBy('position').pluck('extra');
    expect(stored).toEqual([extra, { at: '2026-11-27T00:00:00.000Z' }]);
    // A string in a json column is a JSON string, not JSON text to parse.
    await insertJsonRows(db, [{ table: children, rows: [{ parent_id: 1, position: 7, note: null, extra: '{"a":1}' }], jsonColumns: ['extra'] }]);
    expect((await db(children).where({ parent_id: 1, position: 7 }).first('extra')).extra).toBe('{"a":1}');
  });

  it("gives a table's rows their identity values in order across the chunks of knex's path", async () => {
    const sequenced = `json_rows_seq_${suffix}`;
    await db.raw(`create table ${sequenced} (seq bigint generated always as identity, n int, amount numeric)`);
    try {
      const rows = Array.from({ length: 1_200 }, (_v, n) => ({ n, amount: n === 0 ? Number.NaN : n }));
      await insertJsonRows(db, [{ table: sequenced, rows }]);
      const stored = await db(sequenced).orderBy('seq').pluck('n');
      expect(stored).toEqual(rows.map((row) => row.n));
    } finally {
      await db.raw(`drop table if exists ${sequenced}`);
    }
  });

  it('stores a date as a bound Date is stored, in a date, timestamp and timestamptz column', async () => {
    const dated = `json_rows_dates_${suffix}`;
    await db.raw(`create table ${dated} (id int primary key, day date, local_at timestamp, at timestamptz)`);
    try {
      const instant = new Date(2024, 0, 1, 0, 30, 15, 250);
      statements.length = 0;
      await insertJsonRows(db, [{ table: dated, rows: [{ id: 1, day: instant, local_at: instant, at: instant }] }]);
      expect(statements.some((sql) => sql.includes('json_populate_record('))).toBe(true);
      await db(dated).insert({ id: 2, day: instant, local_at: instant, at: instant });
      const read = await db.raw(`select id, day::text as day, local_at::text as local_at, at from ${dated} order by id`);
      expect(read.rows[0]).toEqual({ ...read.rows[1], id: 1 });
      expect(read.rows[0].at).toEqual(instant);
    } finally {
      await db.raw(`drop table if exists ${dated}`);
    }
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
    // A json column takes plain data at any depth, and nothing JSON would change.
    expect(uniformColumns([{ a: { b: [1, { c: null }] } }, { a: 'text' }], ['a'])).toEqual(['a']);
    for (const odd of [undefined, { b: undefined }, { b: new Date(0) }, [Number.NaN], { b: 1n }, new Map()]) {
      expect(uniformColumns([{ a: odd }], ['a'])).toBeUndefined();
    }
  });

  it('does nothing for no rows', async () => {
    statements.length = 0;
    await insertJsonRows(db, [{ table: parents, rows: [] }]);
    expect(statements).toEqual([]);
  });
});
