import { randomBytes } from 'node:crypto';
import { createDatabase } from './database';
import { lz4CompressionMigration, supportsLz4 } from './lz4-compression';

/* Large JSON values compressed with LZ4 where the server has it (lz4-compression.ts, ADR 0031). */
describe('lz4CompressionMigration', () => {
  const url = process.env.KYB_TEST_POSTGRES_URL as string;
  const db = createDatabase({ url, applicationName: 'lz4-compression-test', pool: { max: 1 } });
  const schema = `lz4_test_${randomBytes(4).toString('hex')}`;
  const migration = lz4CompressionMigration('20261127_0001_lz4', { [`${schema}.documents`]: ['body', 'notes'] });

  beforeAll(async () => {
    await db.raw(`create schema ${schema}`);
    await db.raw(`create table ${schema}.documents (id int primary key, body json, notes jsonb, title text)`);
  });
  afterAll(async () => {
    await db.raw(`drop schema if exists ${schema} cascade`);
    await db.destroy();
  });

  /** Each column's compression setting ('' is the server's default). */
  const settings = async () =>
    Object.fromEntries(
      (
        await db.raw(
          `select attname, attcompression::text as compression from pg_attribute where attrelid = ?::regclass and attname in ('body', 'notes', 'title') order by attname`,
          [`${schema}.documents`],
        )
      ).rows.map((r: { attname: string; compression: string }) => [r.attname, r.compression]),
    );
  /** A value of ~12 kB that compresses well, as a score's explanation does. */
  const large = (n: number) => JSON.stringify({ n, factors: Array.from({ length: 120 }, (_f, i) => ({ name: `factor ${i}`, weight: i / 7, text: 'repeated words '.repeat(4) })) });

  it('compresses new values of its columns with LZ4 after up, with the default after down, and reads them back as written', async () => {
    const lz4 = await supportsLz4(db);
    const serverDefault = (await db.raw(`select current_setting('default_toast_compression') as method`)).rows[0].method;
    await migration.up(db);
    expect(await settings()).toEqual(lz4 ? { body: 'l', notes: 'l', title: '' } : { body: '', notes: '', title: '' });
    await db.raw(`insert into ${schema}.documents (id, body, notes) values (1, ?::json, ?::jsonb)`, [large(1), large(1)]);
    const first = await db.raw(`select body::text, pg_column_compression(body) as body_method, pg_column_compression(notes) as notes_method from ${schema}.documents where id = 1`);
    expect(first.rows[0]).toEqual({ body: large(1), body_method: lz4 ? 'lz4' : serverDefault, notes_method: lz4 ? 'lz4' : serverDefault });

    await migration.down(db);
    expect(await settings()).toEqual({ body: '', notes: '', title: '' });
    await db.raw(`insert into ${schema}.documents (id, body, notes) values (2, ?::json, ?::jsonb)`, [large(2), large(2)]);
    const both = await db.raw(`select id, body::text, pg_column_compression(body) as method from ${schema}.documents order by id`);
    // What up stored stays readable after down; a new value takes the server's default again.
    expect(both.rows).toEqual([
      { id: 1, body: large(1), method: lz4 ? 'lz4' : serverDefault },
      { id: 2, body: large(2), method: serverDefault },
    ]);
  });
});
