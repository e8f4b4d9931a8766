import type { Knex } from 'knex';

/** One migration of an area, kept in code so it ships inside the bundle. Additive: expand, then contract. */
export interface Migration {
  /** Sortable unique name, e.g. `20261122_0001_users`. */
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/** An area's schema and its ordered migrations. */
export interface AreaMigrations {
  /** The Postgres schema the area owns (`auth`, `cases`, ...). */
  schema: string;
  migrations: Migration[];
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
