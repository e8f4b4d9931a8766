/**
 * PostgreSQL through knex: connections, per-area in-code migrations, transactions.
 * @packageDocumentation
 */
export { checkDatabase, createDatabase, ensureDatabaseExists, withTransaction } from './database';
export type { CreateDatabaseOptions } from './database';
export { migrateDownAll, migrateLatest } from './migrations';
export type { AreaMigrations, Migration } from './migrations';
export type { Knex } from 'knex';
export { DependencyUnavailableError, ensurePostgresReachable } from './reachability';
export { containsPattern } from './search';
