import { createDatabase } from './database';
import { preparedRead, preparedShapes, queryPrepared, statementNameOf, type ShapeValues } from './prepared';

describe('queryPrepared', () => {
  // One connection: what it prepared can be read back on it.
  const db = createDatabase({ url: process.env.KYB_TEST_POSTGRES_URL as string, applicationName: 'prepared-test', pool: { max: 1 } });
  afterAll(() => db.destroy());

  const query = (n: number) =>
    db.select(db.raw('?::int as n', [n]), db.raw(`timestamptz '2026-11-24T10:00:00Z' as at`), db.raw(`'{"a":1}'::json as doc`));

  it('answers what knex answers, values parsed alike (dates, JSON), each shape prepared once and reused', async () => {
    const prepared = await queryPrepared<{ n: number; at: Date; doc: object }>(db, query(1));
    expect(prepared).toEqual(await query(1));
    expect(prepared[0].at).toBeInstanceOf(Date);
    expect(await queryPrepared(db, query(2))).toEqual([expect.objectContaining({ n: 2 })]);
    await queryPrepared(db, db('pg_class').where('relname', 'pg_class').select('relname'));
    const statements = (await db.raw('select name, statement from pg_prepared_statements order by name')).rows as Array<{ name: string; statement: string }>;
    const sqlOf = (q: { toSQL(): { toNative(): { sql: string } } }) => q.toSQL().toNative().sql;
    // Two shapes, two statements: the second value reused the first shape's statement.
    expect(statements.map((s) => s.name).sort()).toEqual([statementNameOf(sqlOf(query(1))), statementNameOf(sqlOf(db('pg_class').where('relname', 'pg_class').select('relname')))].sort());
  });

  it('gives the connection back when the statement fails, and the failure to the caller', async () => {
    await expect(queryPrepared(db, db.raw('select 1 / ?::int as boom', [0]))).rejects.toThrow('division by zero');
    expect(await queryPrepared(db, query(3))).toEqual([expect.objectContaining({ n: 3 })]);
  });

  it('names statements by their text, within PostgreSQL limits', () => {
    expect(statementNameOf('select 1')).toBe(statementNameOf('select 1'));
    expect(statementNameOf('select 1')).not.toBe(statementNameOf('select 2'));
    expect(statementNameOf('select 1').length).toBeLessThanOrEqual(63);
  });
});

describe('queryPrepared across a migration', () => {
  const db = createDatabase({ url: process.env.KYB_TEST_POSTGRES_URL as string, applicationName: 'prepared-migration-test', pool: { max: 1 } });
  const table = `prepared_${process.pid}_${Date.now()}`;
  beforeAll(() => db.raw(`create table ${table} (id int primary key)`).then(() => db(table).insert({ id: 1 })));
  afterAll(async () => {
    await db.raw(`drop table if exists ${table}`);
    await db.destroy();
  });

  it('reads on when a column is added under a statement that reads *, as a migration does while processes run', async () => {
    expect(await queryPrepared(db, db(table).select('*'))).toEqual([{ id: 1 }]);
    await db.raw(`alter table ${table} add column colour text default 'red'`);
    expect(await queryPrepared(db, db(table).select('*'))).toEqual([{ id: 1, colour: 'red' }]);
    expect(await queryPrepared(db, db(table).select('*'))).toEqual([{ id: 1, colour: 'red' }]);
  });
});

describe('queryPrepared and knex listeners', () => {
  const db = createDatabase({ url: process.env.KYB_TEST_POSTGRES_URL as string, applicationName: 'prepared-listen-test', pool: { max: 1 } });
  afterAll(() => db.destroy());

  it("tells knex's query listeners what it sends, as knex would", async () => {
    const seen: Array<{ sql: string; bindings: readonly unknown[] }> = [];
    db.on('query', (query: { sql: string; bindings: readonly unknown[] }) => void seen.push(query));
    await queryPrepared(db, db.select(db.raw('?::int as n', [7])));
    expect(seen).toEqual([expect.objectContaining({ sql: 'select $1::int as n', bindings: [7] })]);
  });
});

describe('preparedRead', () => {
  const db = createDatabase({ url: process.env.KYB_TEST_POSTGRES_URL as string, applicationName: 'prepared-read-test', pool: { max: 2 } });
  afterAll(() => db.destroy());

  it('builds its SQL once and answers each call with its own values, constants kept', async () => {
    let builds = 0;
    const read = preparedRead<{ relname: string; n: number }, 'name' | 'n'>(db, ['name', 'n'], (v) => {
      builds += 1;
      return db('pg_class').where('relname', v.name).select('relname', db.raw('?::int as n', [v.n])).limit(1);
    });
    expect(await read({ name: 'pg_class', n: 1 })).toEqual([{ relname: 'pg_class', n: 1 }]);
    expect(await read({ name: 'pg_type', n: 2 })).toEqual([{ relname: 'pg_type', n: 2 }]);
    expect(await read({ name: 'no-such-relation', n: 3 })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('refuses, at its first call, a value its query never uses', async () => {
    const read = preparedRead(db, ['used', 'forgotten'], (v) => db('pg_class').where('relname', v.used).select('relname'));
    await expect(read({ used: 'pg_class', forgotten: 'x' })).rejects.toThrow('preparedRead: forgotten not used by the query');
  });
});

describe('preparedShapes', () => {
  const db = createDatabase({ url: process.env.KYB_TEST_POSTGRES_URL as string, applicationName: 'prepared-shapes-test', pool: { max: 1 } });
  const table = `shapes_${process.pid}_${Date.now()}`;
  beforeAll(async () => {
    await db.raw(`create table ${table} (id int primary key, colour text not null, big boolean not null)`);
    await db(table).insert([
      { id: 1, colour: 'red', big: true },
      { id: 2, colour: 'blue', big: false },
      { id: 3, colour: 'red', big: false },
      { id: 4, colour: 'red', big: true },
    ]);
  });
  afterAll(async () => {
    await db.raw(`drop table if exists ${table}`);
    await db.destroy();
  });

  /** A list read: filters by what `filter` holds, pages with limit and offset. */
  function list(read: ReturnType<typeof preparedShapes<{ id: number }>>, filter: { colour?: string; big?: boolean }, page: { limit: number; offset: number }) {
    const columns = Object.keys(filter).sort() as Array<'colour' | 'big'>;
    const values: ShapeValues = { ...Object.fromEntries(columns.map((c) => [`f_${c}`, filter[c] ?? null])), limit: page.limit, offset: page.offset };
    return read(JSON.stringify(columns), values, (v) => {
      const query = db(table).select('id').orderBy('id');
      for (const column of columns) query.where(column, v[`f_${column}`]);
      return db.raw('? limit ? offset ?', [query, v.limit, v.offset]);
    });
  }

  it('builds each shape once and fills in the values of every read, limit and offset included', async () => {
    const built: string[] = [];
    db.on('query', (q: { sql: string }) => void built.push(q.sql));
    const read = preparedShapes<{ id: number }>(db);
    expect(await list(read, { colour: 'red' }, { limit: 2, offset: 0 })).toEqual([{ id: 1 }, { id: 3 }]);
    expect(await list(read, { colour: 'red' }, { limit: 2, offset: 2 })).toEqual([{ id: 4 }]);
    expect(await list(read, { colour: 'blue' }, { limit: 10, offset: 0 })).toEqual([{ id: 2 }]);
    expect(await list(read, { colour: 'red', big: false }, { limit: 10, offset: 0 })).toEqual([{ id: 3 }]);
    expect(await list(read, {}, { limit: 3, offset: 1 })).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }]);
    // One text per shape, whatever the values.
    expect(new Set(built).size).toBe(3);
  });

  it('keeps at most maxShapes shapes', async () => {
    const read = preparedShapes<{ id: number }>(db, 1);
    expect(await list(read, { colour: 'red' }, { limit: 1, offset: 0 })).toEqual([{ id: 1 }]);
    expect(await list(read, { big: true }, { limit: 1, offset: 1 })).toEqual([{ id: 4 }]);
    expect(await list(read, { colour: 'blue' }, { limit: 1, offset: 0 })).toEqual([{ id: 2 }]);
  });
});
