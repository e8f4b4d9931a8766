import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Knex } from '@kyb/db';
import { extractPdfText } from '@kyb/testing';
import type Redis from 'ioredis';
import { AREA_SCHEMAS } from './personal-data-columns';

/*
 * Where values a test put in still are after an erasure: in any column of any table of the areas
 * (as text), in the text of a rendered PDF, in any Redis key, in a dump of the database. Compared
 * case-insensitively; each finding names the place and the value.
 */

const lower = (values: readonly string[]) => values.map((v) => v.toLowerCase());
const found = (text: string, values: readonly string[]) => lower(values).filter((v) => text.toLowerCase().includes(v));

/** Every column of every table of the areas, as `schema.table` to its columns. */
async function tablesOf(db: Knex): Promise<Map<string, string[]>> {
  const { rows } = await db.raw<{ rows: Array<{ t: string; c: string }> }>(
    `select c.table_schema || '.' || c.table_name as t, c.column_name as c from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
      where t.table_type = 'BASE TABLE' and c.table_schema = any(?) and c.table_name not like 'knex_migrations%'
      order by c.table_schema, c.table_name, c.ordinal_position`,
    [AREA_SCHEMAS],
  );
  const tables = new Map<string, string[]>();
  for (const { t, c } of rows) tables.set(t, [...(tables.get(t) ?? []), c]);
  return tables;
}

/** `schema.table.column: value` for every column holding one of `values` (bytea as hex is not read: see {@link valuesInPdfs}). */
export async function valuesInDatabase(db: Knex, values: readonly string[]): Promise<string[]> {
  const findings: string[] = [];
  const patterns = lower(values).map((v) => `%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  for (const [table, columns] of await tablesOf(db)) {
    for (const column of columns) {
      const { rows } = await db.raw<{ rows: Array<{ v: string }> }>(`select ??::text as v from ?? where lower(??::text) like any(?)`, [column, table, column, patterns]);
      for (const { v } of rows) for (const value of found(v, values)) findings.push(`${table}.${column}: ${value}`);
    }
  }
  return findings;
}

/** `report <path>: value` for every stored PDF whose text holds one of `values`. */
export async function valuesInPdfs(db: Knex, values: readonly string[]): Promise<string[]> {
  const files = (await db('reports.report_files').select('path', 'content')) as Array<{ path: string; content: Buffer }>;
  const findings: string[] = [];
  for (const file of files) {
    const { text } = await extractPdfText(file.content);
    // The renderer may break a line anywhere: compared without whitespace too.
    const flat = text.replace(/\s+/g, '');
    for (const value of values) if (found(text, [value]).length > 0 || found(flat, [value.replace(/\s+/g, '')]).length > 0) findings.push(`report ${file.path}: ${value.toLowerCase()}`);
  }
  return findings;
}

/** `redis <key>: value` for every key of any type holding one of `values`. */
export async function valuesInRedis(redis: Redis, values: readonly string[]): Promise<string[]> {
  const findings: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      let content: unknown = null;
      if (type === 'string') content = await redis.get(key);
      else if (type === 'hash') content = await redis.hgetall(key);
      else if (type === 'list') content = await redis.lrange(key, 0, -1);
      else if (type === 'set') content = await redis.smembers(key);
      else if (type === 'zset') content = await redis.zrange(key, 0, -1);
      else if (type === 'stream') content = await redis.xrange(key, '-', '+');
      for (const value of found(`${key} ${JSON.stringify(content)}`, values)) findings.push(`redis ${key}: ${value}`);
    }
  } while (cursor !== '0');
  return findings;
}

/** `dump: value` for every value a data-only `pg_dump` of the database holds. */
export async function valuesInDump(databaseUrl: string, values: readonly string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', '--no-owner', `--dbname=${databaseUrl}`], { maxBuffer: 512 * 1024 * 1024 });
  return found(stdout, values).map((value) => `dump: ${value}`);
}
