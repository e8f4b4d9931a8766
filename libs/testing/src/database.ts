import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDatabase, migrateLatest, type AreaMigrations, type Knex } from '@kyb/db';

function serverUrl(): string {
  const url = process.env.KYB_TEST_POSTGRES_URL;
  if (!url) throw new Error('KYB_TEST_POSTGRES_URL is unset: run tests through jest with the testing global set-up');
  return url;
}

function urlFor(database: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function withServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The template's name: a hash of every migration's name and the code of its `up` and `down`, and
 * of the files of each area's migration folder (`sourceDir`), so that it changes whenever what a
 * migration runs does, also when that is built outside `up` and `down`.
 */
export function templateName(areas: AreaMigrations[]): string {
  const hash = createHash('sha256');
  for (const area of areas) {
    hash.update(area.schema);
    for (const m of area.migrations) hash.update(m.name).update(String(m.up)).update(String(m.down));
    if (area.sourceDir === undefined) continue;
    for (const file of readdirSync(area.sourceDir, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name).sort()) {
      hash.update(file).update(readFileSync(join(area.sourceDir, file)));
    }
  }
  return `kyb_tpl_${hash.digest('hex').slice(0, 16)}`;
}

/** Creates (once, under an advisory lock) a template database with every area's migrations applied. */
async function ensureTemplate(areas: AreaMigrations[]): Promise<string> {
  const name = templateName(areas);
  await withServer(async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return;
      await client.query(`create database "${name}_building"`).catch(async () => {
        await client.query(`drop database "${name}_building" with (force)`);
        await client.query(`create database "${name}_building"`);
      });
      const db = createDatabase({ url: urlFor(`${name}_building`), applicationName: 'kyb-test-template' });
      try {
        for (const area of areas) await migrateLatest(db, area);
      } finally {
        await db.destroy();
      }
      await client.query(`alter database "${name}_building" rename to "${name}"`);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

/** A database of one test file, cloned from the migrated template. */
export interface TestDatabase {
  db: Knex;
  url: string;
  name: string;
  /** Closes the pool and drops the database. */
  destroy(): Promise<void>;
}

/**
 * Gives a test file its own database with the areas' migrations applied, cloned from a
 * template that is migrated once. With no areas, the database is empty (for testing migrations).
 * Call in `beforeAll`, destroy in `afterAll`.
 */
export async function createTestDatabase(areas: AreaMigrations[] = []): Promise<TestDatabase> {
  const template = areas.length > 0 ? await ensureTemplate(areas) : undefined;
  const name = `kyb_t_${process.env.KYB_TEST_RUN_ID ?? 'local'}_${randomBytes(4).toString('hex')}`;
  await withServer((client) => client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
  const url = urlFor(name);
  const db = createDatabase({ url, applicationName: 'kyb-test' });
  return {
    db,
    url,
    name,
    async destroy() {
      await db.destroy();
      await withServer((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
