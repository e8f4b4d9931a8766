import type { Knex } from 'knex';
import type { Migration } from './migrations';

/**
 * A migration that stores large values of `columns` (schema-qualified table -> columns) compressed
 * with LZ4 rather than PostgreSQL's default pglz, where the server was built with LZ4 (PostgreSQL 14
 * and later; Debian's and the official images are). A score's explanation, a public-records summary
 * or a financial profile is 2-10 kB of JSON that PostgreSQL compresses on every write: with pglz that
 * was ~10% of PostgreSQL's CPU for a business from its add to its score (ADR 0031). Values already
 * stored keep their compression until written again; both read alike. A server without LZ4 keeps
 * pglz, and the migration does nothing there (up or down).
 */
export function lz4CompressionMigration(name: string, columns: Record<string, string[]>): Migration {
  const setAll = async (db: Knex, method: 'lz4' | 'default') => {
    if (!(await supportsLz4(db))) return;
    for (const [table, names] of Object.entries(columns)) {
      await db.raw(`alter table ${table} ${names.map((column) => `alter column ${column} set compression ${method}`).join(', ')}`);
    }
  };
  return { name, up: (db) => setAll(db, 'lz4'), down: (db) => setAll(db, 'default') };
}

/** Whether the server can compress with LZ4. */
export async function supportsLz4(db: Knex): Promise<boolean> {
  const { rows } = await db.raw<{ rows: Array<{ lz4: boolean }> }>(
    `select coalesce((select 'lz4' = any(enumvals) from pg_settings where name = 'default_toast_compression'), false) as lz4`,
  );
  return rows[0].lz4;
}
