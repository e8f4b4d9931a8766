import { createDatabase } from './database';
import { runPrepared, statementNameOf } from './prepared';
import { MAX_TEXT_LENGTH, plannedEachRun } from './statement-cache';

/* Each connection prepares the statements run often (statement-cache.ts, ADR 0047). */
describe('the statement cache of a connection', () => {
  const url = process.env.KYB_TEST_POSTGRES_URL as string;
  const table = `statement_cache_${process.pid}_${Date.now()}`;
  // One connection: what it prepared can be read back on it.
  const db = createDatabase({ url, applicationName: 'statement-cache-test', pool: { max: 1 }, statementCache: { threshold: 3, maxPerConnection: 4 } });
  const prepared = async () =>
    ((await db.raw(`select name, statement from pg_prepared_statements order by name`)).rows as Array<{ name: string; statement: string }>).filter((s) =>
      s.statement.includes(table),
    );

  beforeAll(async () => {
    await db.raw(`create table ${table} (id int primary key, label text)`);
    await db(table).insert([{ id: 1, label: 'one' }, { id: 2, label: 'two' }]);
  });
  afterAll(async () => {
    await db.raw(`drop table if exists ${table}`);
    await db.destroy();
  });

  const byId = (id: number) => db(table).where({ id }).first('id', 'label');

  it('sends a text unnamed until it has run as often as the threshold, then prepares it once and answers alike', async () => {
    const text = byId(1).toSQL().toNative().sql;
    expect(await byId(1)).toEqual({ id: 1, label: 'one' });
    expect(await byId(2)).toEqual({ id: 2, label: 'two' });
    expect(await prepared()).toEqual([]);
    expect(await byId(1)).toEqual({ id: 1, label: 'one' });
    expect(await prepared()).toEqual([{ name: statementNameOf(text), statement: text }]);
    for (let n = 0; n < 5; n += 1) expect(await byId(2)).toEqual({ id: 2, label: 'two' });
    expect(await prepared()).toHaveLength(1);
  });

  it('never names a text longer than its bound (a bulk insert of many rows)', async () => {
    const many = () => db(table).whereIn('id', Array.from({ length: 3_000 }, (_v, n) => n + 1)).select('id');
    expect(many().toSQL().toNative().sql.length).toBeGreaterThan(MAX_TEXT_LENGTH);
    for (let n = 0; n < 5; n += 1) expect(await many()).toHaveLength(2);
    expect((await prepared()).some((s) => s.statement.includes('in ($1'))).toBe(false);
  });

  it('never names a text marked to be planned on every run, in a raw query or a built one', async () => {
    const marked = (id: number) => plannedEachRun(db(table).where({ id }).first('id', db.raw('label as planned_each_run')));
    for (let n = 0; n < 5; n += 1) {
      expect(await marked(2)).toEqual({ id: 2, planned_each_run: 'two' });
      expect((await plannedEachRun(db.raw(`select label as raw_each_run from ${table} where id = ?`, [1]))).rows).toEqual([{ raw_each_run: 'one' }]);
    }
    expect((await prepared()).some((s) => s.statement.includes('_each_run'))).toBe(false);
  });

  it('never names a text without values, nor a transaction of knex', async () => {
    for (let n = 0; n < 5; n += 1) {
      await db.raw(`select count(*) from ${table}`);
      await db.transaction(async (trx) => trx(table).where({ id: 1 }).update({ label: 'one' }));
    }
    const statements = (await prepared()).map((s) => s.statement);
    expect(statements.some((s) => s.startsWith('select count(*)'))).toBe(false);
    expect(statements.some((s) => s.startsWith('update'))).toBe(true);
  });

  it('keeps at most its bound per connection, deallocating the least recently used', async () => {
    const shapes = [1, 2, 3, 4, 5, 6].map((n) => (id: number) => db(table).where({ id }).first(db.raw(`id + ${n} as shifted`)));
    for (const shape of shapes) for (let n = 0; n < 3; n += 1) expect(await shape(1)).toEqual({ shifted: 1 + shapes.indexOf(shape) + 1 });
    const kept = await prepared();
    expect(kept).toHaveLength(4);
    // The newest shapes stay; a deallocated one is prepared again when it runs again.
    expect(kept.map((s) => s.statement).filter((s) => s.includes('id + 6'))).toHaveLength(1);
    expect(await shapes[0](2)).toEqual({ shifted: 3 });
    expect((await prepared()).map((s) => s.statement).filter((s) => s.includes('id + 1 '))).toHaveLength(1);
  });

  it('reads on when a migration changes the columns under a prepared `select *`; inside a transaction the refusal is the transaction\'s, once', async () => {
    const all = () => db(table).where({ id: 1 }).select('*');
    for (let n = 0; n < 3; n += 1) await all();
    await db.raw(`alter table ${table} add column colour text default 'red'`);
    expect(await all()).toEqual([{ id: 1, label: 'one', colour: 'red' }]);

    for (let n = 0; n < 3; n += 1) await db.transaction((trx) => trx(table).where({ id: 1 }).select('*'));
    await db.raw(`alter table ${table} drop column colour`);
    await expect(db.transaction((trx) => trx(table).where({ id: 1 }).select('*'))).rejects.toThrow('cached plan must not change result type');
    expect(await db.transaction((trx) => trx(table).where({ id: 1 }).select('*'))).toEqual([{ id: 1, label: 'one' }]);
  });

  it('does not deallocate in a failed transaction, and the connection serves on after it', async () => {
    const shapes = [7, 8, 9, 10, 11].map((n) => (trx: typeof db) => trx(table).where({ id: 1 }).first(db.raw(`id * ${n} as times`)));
    for (const shape of shapes.slice(0, 4)) for (let n = 0; n < 3; n += 1) await shape(db);
    await expect(
      db.transaction(async (trx) => {
        await trx.raw('select 1 / ?::int', [0]).catch(() => undefined);
        // The transaction has failed: the fifth shape's preparation and any deallocation are refused alike.
        for (let n = 0; n < 3; n += 1) await shapes[4](trx).catch(() => undefined);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    for (const shape of shapes) expect(await shape(db)).toEqual({ times: 7 + shapes.indexOf(shape) });
    expect((await prepared()).length).toBeLessThanOrEqual(4);
  });

  it('prepares a statement again once a connection has kept it for its age bound, planning it anew for the table as it is', async () => {
    let clock = 0;
    const aging = createDatabase({ url, applicationName: 'statement-cache-age', pool: { max: 1 }, statementCache: { threshold: 1, maxAgeMs: 60_000, now: () => clock } });
    const byLabel = (label: string) => aging(table).where({ label }).first('id', aging.raw('1 as aged'));
    const plans = async () =>
      ((await aging.raw(`select generic_plans + custom_plans as plans from pg_prepared_statements where statement like '%1 as aged%'`)).rows as Array<{ plans: string }>).map((r) =>
        Number(r.plans),
      );
    try {
      for (let n = 0; n < 7; n += 1) expect(await byLabel('two')).toEqual({ id: 2, aged: 1 });
      expect(await plans()).toEqual([7]);
      clock += 59_999;
      expect(await byLabel('one')).toEqual({ id: 1, aged: 1 });
      expect(await plans()).toEqual([8]);
      // Kept a minute: this run prepares it again (its plans count from one), and the next keeps that.
      clock += 1;
      expect(await byLabel('two')).toEqual({ id: 2, aged: 1 });
      expect(await plans()).toEqual([1]);
      expect(await byLabel('one')).toEqual({ id: 1, aged: 1 });
      expect(await plans()).toEqual([2]);

      // A read named in code (runPrepared, preparedRead) is prepared again alike.
      const named = (id: number) => runPrepared<{ named_in_code: string }>(aging, `select label as named_in_code from ${table} where id = $1`, [id]);
      const namedPlans = async () =>
        ((await aging.raw(`select generic_plans + custom_plans as plans from pg_prepared_statements where statement like '%as named_in_code%'`)).rows as Array<{ plans: string }>).map((r) =>
          Number(r.plans),
        );
      for (let n = 0; n < 6; n += 1) expect(await named(2)).toEqual([{ named_in_code: 'two' }]);
      expect(await namedPlans()).toEqual([6]);
      clock += 60_000;
      expect(await named(1)).toEqual([{ named_in_code: 'one' }]);
      expect(await namedPlans()).toEqual([1]);
    } finally {
      await aging.destroy();
    }
  });

  it('can be turned off', async () => {
    const plain = createDatabase({ url, applicationName: 'statement-cache-off', pool: { max: 1 }, statementCache: false });
    try {
      for (let n = 0; n < 10; n += 1) await plain(table).where({ id: 1 }).first('label');
      const names = (await plain.raw('select count(*)::int as n from pg_prepared_statements')).rows[0].n;
      expect(names).toBe(0);
    } finally {
      await plain.destroy();
    }
  });
});
