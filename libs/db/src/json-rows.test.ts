import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import knex from 'knex';
import { boundDateText, chainedInto, jsonRowsParts } from './json-rows';

/* A Date in a JSON row is written as pg binds it: local time with the local offset (json-rows.ts). */
describe('boundDateText', () => {
  it('writes the local time with its offset, and reads back as the same instant', () => {
    for (const ms of [0, 1_704_067_815_250, 951_782_400_000, -2_208_988_800_000]) {
      const date = new Date(ms);
      const text = boundDateText(date);
      expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
      expect(new Date(text).getTime()).toBe(ms);
    }
  });

  it('writes years before 1 as BC years', () => {
    const date = new Date(0);
    date.setFullYear(0, 5, 1);
    expect(boundDateText(date)).toMatch(/^0001-06-01T.* BC$/);
  });

  it('keeps the local calendar day in another time zone (just after midnight in Berlin is the day before in UTC)', () => {
    // The time zone of a process is read when it starts: the function runs in a child process started in Berlin time.
    const dir = mkdtempSync(join(tmpdir(), 'bound-date-'));
    try {
      const bundle = join(dir, 'bound-date.js');
      buildSync({ entryPoints: [join(__dirname, 'json-rows.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, external: ['knex'], logLevel: 'silent' });
      const script = `const { boundDateText } = require(${JSON.stringify(bundle)}); process.stdout.write(boundDateText(new Date(Date.UTC(2023, 11, 31, 23, 30, 15, 250))));`;
      const text = execFileSync(process.execPath, ['-e', script], { env: { ...process.env, TZ: 'Europe/Berlin' }, encoding: 'utf8' });
      expect(text).toBe('2024-01-01T00:30:15.250+01:00');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/* The insert's text is built once per table and columns (jsonInsertSql): each shape keeps its own. */
describe('jsonRowsParts statement texts', () => {
  const db = knex({ client: 'pg' });
  afterAll(() => db.destroy());
  const sqlOf = (table: string, row: Record<string, unknown>) => jsonRowsParts(db, { table, rows: [row] })[0].sql;

  it('names the table and columns of each call, in the row order, whatever was built before', () => {
    const first = sqlOf('cases.businesses', { id: 'a', name: 'b' });
    expect(sqlOf('cases.businesses', { id: 'c', name: 'd' })).toBe(first);
    expect(first).toContain('insert into "cases"."businesses" ("id", "name") select r."id", r."name"');
    expect(sqlOf('cases.businesses', { name: 'b', id: 'a' })).toContain('("name", "id") select r."name", r."id"');
    expect(sqlOf('cases.businesses', { id: 'a' })).toContain('("id") select r."id"');
    expect(sqlOf('cases.owners', { id: 'a', name: 'b' })).toContain('insert into "cases"."owners" ("id", "name")');
    expect(sqlOf('cases.owners', { 'we"ird': 1 })).toContain('("we""ird")');
  });
});

describe('chainedInto', () => {
  const part = (sql: string, bindings: unknown[], extra: { name?: string; alone?: boolean } = {}) => ({ sql, bindings, ...extra });

  it('makes the parts CTEs of the main query, by their names or part_<n>, the main bindings last', () => {
    expect(chainedInto([part('insert into a values (?) returning x', [1], { name: 'taken' }), part('insert into b values (?, ?)', [2, 3])], part('select (select x from taken) + ?', [4]))).toEqual({
      sql: 'with taken as (insert into a values (?) returning x), part_1 as (insert into b values (?, ?)) select (select x from taken) + ?',
      bindings: [1, 2, 3, 4],
    });
    expect(chainedInto([], part('select ?', [1]))).toEqual({ sql: 'select ?', bindings: [1] });
  });

  it('answers undefined when the parts cannot share one statement: a part that runs alone, or more bindings than PostgreSQL takes', () => {
    expect(chainedInto([part('insert into a values (?)', [1], { alone: true })], part('select 1', []))).toBeUndefined();
    expect(chainedInto([part('insert into a select unnest(?)', new Array(65_535).fill(0))], part('select ?', [1]))).toBeUndefined();
    expect(chainedInto([part('insert into a select unnest(?)', new Array(65_534).fill(0))], part('select ?', [1]))).toBeDefined();
  });
});
