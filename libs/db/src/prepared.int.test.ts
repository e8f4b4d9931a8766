import { createDatabase } from './database';
import { preparedRead, queryPrepared, statementNameOf } from './prepared';

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
