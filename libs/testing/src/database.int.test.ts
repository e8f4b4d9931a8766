import IORedis from 'ioredis';
import { Client } from 'pg';
import type { AreaMigrations } from '@kyb/db';
import { createTestDatabase } from './database';
import { createTestRedis } from './redis';

const area: AreaMigrations = {
  schema: 'probe',
  migrations: [
    {
      name: '0001_notes',
      up: (db) => db.schema.withSchema('probe').createTable('notes', (t) => t.text('body')),
      down: (db) => db.schema.withSchema('probe').dropTable('notes'),
    },
  ],
};

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: process.env.KYB_TEST_POSTGRES_URL });
  await client.connect();
  try {
    return ((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

describe('createTestDatabase', () => {
  it('gives each caller its own database with the areas already migrated, and drops it on destroy', async () => {
    const [first, second] = await Promise.all([createTestDatabase([area]), createTestDatabase([area])]);
    try {
      expect(first.name).not.toBe(second.name);
      await first.db('probe.notes').insert({ body: 'only in the first' });
      expect(await first.db('probe.notes')).toEqual([{ body: 'only in the first' }]);
      expect(await second.db('probe.notes')).toEqual([]);
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
    }
    expect(await databaseExists(first.name)).toBe(false);
    expect(await databaseExists(second.name)).toBe(false);
  });

  it('gives an empty database when no areas are named', async () => {
    const empty = await createTestDatabase();
    try {
      expect(await empty.db.schema.withSchema('probe').hasTable('notes')).toBe(false);
    } finally {
      await empty.destroy();
    }
  });
});

describe('createTestRedis', () => {
  it('gives distinct prefixes, and clean() removes only its own keys', async () => {
    const mine = createTestRedis();
    const theirs = createTestRedis();
    expect(mine.prefix).not.toBe(theirs.prefix);
    const redis = new IORedis(mine.url);
    try {
      await redis.set(`${mine.prefix}:a`, '1');
      await redis.set(`${theirs.prefix}:a`, '1');
      await mine.clean();
      expect(await redis.exists(`${mine.prefix}:a`)).toBe(0);
      expect(await redis.exists(`${theirs.prefix}:a`)).toBe(1);
      await theirs.clean();
    } finally {
      redis.disconnect();
    }
  });
});
