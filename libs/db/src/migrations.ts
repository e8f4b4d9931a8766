import type { Knex } from 'knex';

/** One migration of an area, kept in code so it ships inside the bundle. Additive: expand, then contract. */
export interface Migration {
  /** Sortable unique name, e.g. `20261122_0001_users`. */
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/**
 * A column of sealed values (ADR 0023), for the data key rotation command: `table` (schema
 * qualified), `column`, the SQL of its data key scope over the row aliased `t` (`'customer:' ||
 * t.customer_id`, or `'platform'`), and the column of its lookup hash, if any.
 */
export interface SealedColumn {
  table: string;
  column: string;
  scope: string;
  lookup?: string;
  /** The column may be empty: an erased tenant's value is emptied (null) rather than marked `erased`. */
  emptiedWhenErased?: boolean;
}

/** The scope of a kept Idempotency-Key answer: its tenant's key for a customer's keys, else the platform's. */
export const idempotencyAnswersColumn = (schema: string): SealedColumn => ({
  table: `${schema}.idempotency_keys`,
  column: 'response_body',
  scope: `case when t.scope like 'customer:%' then lower(t.scope) else 'platform' end`,
  // An emptied answer is replayed as erased (410 IdempotencyAnswerErasedError).
  emptiedWhenErased: true,
});

/** An area's schema and its ordered migrations. */
export interface AreaMigrations {
  /** The Postgres schema the area owns (`auth`, `cases`, ...). */
  schema: string;
  migrations: Migration[];
  /** Tables of the schema the application's role may read and insert into, but never update or delete from (an audit log). */
  appendOnlyTables?: string[];
  /** The columns the area seals values in: the rotation command converts values sealed with a master key to data keys. */
  sealedColumns?: SealedColumn[];
  /**
   * The folder of the area's migration files. The test databases' template is named after a hash
   * of them too (libs/testing), so SQL a migration builds outside its `up` and `down` (a constant,
   * a helper) makes a new template when it changes.
   */
  sourceDir?: string;
}

class InCodeMigrationSource implements Knex.MigrationSource<Migration> {
  constructor(private readonly migrations: Migration[]) {}
  async getMigrations(): Promise<Migration[]> {
    return [...this.migrations].sort((a, b) => a.name.localeCompare(b.name));
  }
  getMigrationName(migration: Migration): string {
    return migration.name;
  }
  async getMigration(migration: Migration): Promise<Knex.Migration> {
    return { up: (db) => migration.up(db), down: (db) => migration.down(db) };
  }
}

function migratorConfig(area: AreaMigrations): Knex.MigratorConfig {
  return {
    migrationSource: new InCodeMigrationSource(area.migrations),
    schemaName: area.schema,
    tableName: 'knex_migrations',
  };
}

/** Creates the area's schema and applies its pending migrations; returns their names. */
export async function migrateLatest(db: Knex, area: AreaMigrations): Promise<string[]> {
  await db.raw('create schema if not exists ??', [area.schema]);
  const [, applied] = (await db.migrate.latest(migratorConfig(area))) as [number, string[]];
  return applied;
}

/** Rolls every migration of the area back (used by tests of the down path). */
export async function migrateDownAll(db: Knex, area: AreaMigrations): Promise<string[]> {
  const [, reverted] = (await db.migrate.rollback(migratorConfig(area), true)) as [number, string[]];
  return reverted;
}

/**
 * The area's migrations the database has not applied yet, in order. Reads only (no DDL), so a
 * process without schema rights can tell that its schema is behind the code.
 */
export async function pendingMigrations(db: Knex, area: AreaMigrations): Promise<string[]> {
  const table = `${area.schema}.knex_migrations`;
  const found = await db
    .raw<{ rows: Array<{ exists: string | null }> }>('select to_regclass(?)::text as exists', [table])
    .catch((err: { code?: string }) => {
      // 42501: insufficient privilege. The role the process connects as was not granted the schema.
      if (err.code !== '42501') throw err;
      throw new Error(`this database role may not use the ${area.schema} schema: run the migrate role with DB_APP_ROLE naming it`);
    });
  const names = [...area.migrations].map((m) => m.name).sort((a, b) => a.localeCompare(b));
  if (!found.rows[0]?.exists) return names;
  const applied = new Set((await db.withSchema(area.schema).select('name').from('knex_migrations')).map((row: { name: string }) => row.name));
  return names.filter((name) => !applied.has(name));
}

/** Thrown when an area's schema is behind its code: names the first missing migration. */
export class SchemaBehindError extends Error {
  constructor(
    readonly area: string,
    readonly missing: string[],
  ) {
    super(
      `the ${area} schema is behind the code: migration ${missing[0]} is not applied` +
        (missing.length > 1 ? ` (${missing.length} pending)` : '') +
        '; run the migrate role first (ROLE=migrate)',
    );
    this.name = 'SchemaBehindError';
  }
}

/** Rejects with {@link SchemaBehindError} unless every migration of `area` is applied. */
export async function ensureSchemaCurrent(db: Knex, name: string, area: AreaMigrations): Promise<void> {
  const missing = await pendingMigrations(db, area);
  if (missing.length > 0) throw new SchemaBehindError(name, missing);
}

/**
 * Grants the least-privilege role that api and worker processes connect as what they need on
 * the area's schema: USAGE, DML on every table and view, sequences; and the same on tables that
 * later migrations create (default privileges of the migrating role). No DDL, no TRUNCATE.
 */
export async function grantAppRole(db: Knex, area: AreaMigrations, role: string): Promise<void> {
  const found = await db.raw<{ rows: unknown[] }>('select 1 from pg_roles where rolname = ?', [role]);
  if (found.rows.length === 0) throw new Error(`DB_APP_ROLE names a role that does not exist: ${role}`);
  const schema = area.schema;
  await db.raw('grant usage on schema ?? to ??', [schema, role]);
  await db.raw('grant select, insert, update, delete on all tables in schema ?? to ??', [schema, role]);
  await db.raw('grant usage, select on all sequences in schema ?? to ??', [schema, role]);
  await db.raw('alter default privileges in schema ?? grant select, insert, update, delete on tables to ??', [schema, role]);
  await db.raw('alter default privileges in schema ?? grant usage, select on sequences to ??', [schema, role]);
  for (const table of area.appendOnlyTables ?? []) await db.raw('revoke update, delete, truncate on ??.?? from ??', [schema, table, role]);
}
