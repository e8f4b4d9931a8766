import knex, { type Knex } from 'knex';
import { Client } from 'pg';
import { cacheStatements, type CachingClient, type StatementCacheOptions } from './statement-cache';

/** Options of {@link createDatabase}. */
export interface CreateDatabaseOptions {
  url: string;
  /** Shown in `pg_stat_activity`, so a DBA can tell the areas' connections apart. */
  applicationName: string;
  pool?: { min?: number; max?: number };
  /** How each connection prepares the statements run often (`cacheStatements`); `false` sends every statement unnamed. */
  statementCache?: StatementCacheOptions | false;
}

/**
 * Settings of every connection's session. `jit=off`: PostgreSQL compiles a statement whose planned
 * cost passes `jit_above_cost` (100,000 by default) to machine code before running it; the suite's
 * statements are short, and the ones that pass (reading back a 1,000-row bulk, an enrichment
 * batch's directory reads) spent more compiling than running: the bulk's read 65 ms without, 180 ms with (ADR 0049).
 */
export const SESSION_SETTINGS = '-c jit=off';

/** A knex instance on PostgreSQL. */
export function createDatabase(options: CreateDatabaseOptions): Knex {
  return knex({
    client: 'pg',
    connection: { connectionString: options.url, application_name: options.applicationName, options: SESSION_SETTINGS },
    pool: {
      min: options.pool?.min ?? 0,
      max: options.pool?.max ?? 10,
      afterCreate(connection: CachingClient, done: (err: Error | null, connection: CachingClient) => void) {
        if (options.statementCache !== false) cacheStatements(connection, options.statementCache);
        done(null, connection);
      },
    },
    acquireConnectionTimeout: 10000,
  });
}

/** Rejects unless the database answers a trivial query. */
export async function checkDatabase(db: Knex): Promise<void> {
  await db.raw('select 1');
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export function withTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/**
 * Creates the database named in `url` when it does not exist yet (for `npm start` on a fresh
 * machine). Connects to the server's `postgres` database to do so.
 */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}
