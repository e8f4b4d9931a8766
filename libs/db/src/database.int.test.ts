import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Knex } from 'knex';
import { checkDatabase, createDatabase, ensureDatabaseExists, withTransaction } from './database';
import { migrateDownAll, migrateLatest, type AreaMigrations } from './migrations';
import { DependencyUnavailableError, ensurePostgresReachable } from './reachability';

const serverUrl = () => process.env.KYB_TEST_POSTGRES_URL as string;

function urlFor(database: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return ((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

const sampleArea: AreaMigrations = {
  schema: 'sample',
  // Given out of order on purpose: they must run by name.
  migrations: [
    {
      name: '0002_add_colour',
      up: (db: Knex) => db.schema.withSchema('sample').alterTable('things', (t) => t.text('colour')),
      down: (db: Knex) => db.schema.withSchema('sample').alterTable('things', (t) => t.dropColumn('colour')),
    },
    {
      name: '0001_things',
      up: (db: Knex) => db.schema.withSchema('sample').createTable('things', (t) => t.increments('id')),
      down: (db: Knex) => db.schema.withSchema('sample').dropTable('things'),
    },
  ],
};

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// This library sits below @kyb/testing, so its tests make their database by hand.
function testDatabaseName(): string {
  return `kyb_t_${process.env.KYB_TEST_RUN_ID ?? 'local'}_${randomBytes(4).toString('hex')}`;
}

describe('the database library', () => {
  const name = testDatabaseName();
  const database = { url: urlFor(name), db: undefined as unknown as Knex };
  beforeAll(async () => {
    await onServer(`create database "${name}"`);
    database.db = createDatabase({ url: database.url, applicationName: 'kyb-db-test' });
    await database.db.raw('create table ledger (id serial primary key, note text not null)');
  });
  afterAll(async () => {
    await database.db.destroy();
    await onServer(`drop database if exists "${name}" with (force)`);
  });

  it('commits a transaction whose work resolves', async () => {
    await withTransaction(database.db, (trx) => trx('ledger').insert({ note: 'kept' }));
    expect(await database.db('ledger').where({ note: 'kept' })).toHaveLength(1);
  });

  it('rolls back a transaction whose work throws, and rethrows', async () => {
    await expect(
      withTransaction(database.db, async (trx) => {
        await trx('ledger').insert({ note: 'dropped' });
        throw new Error('rule broken');
      }),
    ).rejects.toThrow('rule broken');
    expect(await database.db('ledger').where({ note: 'dropped' })).toHaveLength(0);
  });

  it('applies in-code migrations in name order, once, and reverts them', async () => {
    expect(await migrateLatest(database.db, sampleArea)).toEqual(['0001_things', '0002_add_colour']);
    expect(await database.db.schema.withSchema('sample').hasColumn('things', 'colour')).toBe(true);
    expect(await migrateLatest(database.db, sampleArea)).toEqual([]);
    expect(await migrateDownAll(database.db, sampleArea)).toEqual(['0002_add_colour', '0001_things']);
    expect(await database.db.schema.withSchema('sample').hasTable('things')).toBe(false);
  });

  it("opens every connection with PostgreSQL's JIT compilation off (it cost more than the suite's statements run)", async () => {
    const db = createDatabase({ url: database.url, applicationName: 'kyb-jit' });
    try {
      expect((await db.raw('show jit')).rows).toEqual([{ jit: 'off' }]);
      // The server's own default is untouched: a plain connection still has it on.
      const plain = new Client({ connectionString: database.url });
      await plain.connect();
      try {
        expect((await plain.query('show jit')).rows).toEqual([{ jit: 'on' }]);
      } finally {
        await plain.end();
      }
    } finally {
      await db.destroy();
    }
  });

  it('checkDatabase resolves on a live pool and rejects once it is destroyed', async () => {
    const db = createDatabase({ url: database.url, applicationName: 'kyb-check' });
    await expect(checkDatabase(db)).resolves.toBeUndefined();
    await db.destroy();
    await expect(checkDatabase(db)).rejects.toThrow();
  });

  it('ensureDatabaseExists creates a missing database and leaves an existing one alone', async () => {
    const name = testDatabaseName();
    try {
      expect(await databaseExists(name)).toBe(false);
      await ensureDatabaseExists(urlFor(name));
      expect(await databaseExists(name)).toBe(true);
      await expect(ensureDatabaseExists(urlFor(name))).resolves.toBeUndefined();
    } finally {
      await onServer(`drop database if exists "${name}" with (force)`);
    }
  });

  it('ensurePostgresReachable explains in one line what to start or set', async () => {
    await expect(ensurePostgresReachable(serverUrl())).resolves.toBeUndefined();
    const failure = await ensurePostgresReachable('postgres://postgres@127.0.0.1:1/x').catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(DependencyUnavailableError);
    expect((failure as Error).message).toMatch(/^PostgreSQL does not answer at 127\.0\.0\.1:1 .*set DATABASE_URL$/);
    expect((failure as Error).message).not.toContain('\n');
  });
});
