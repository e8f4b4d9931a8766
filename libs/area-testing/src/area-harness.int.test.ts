import type { Knex } from 'knex';
import { startAreaHarness } from './area-harness';

const migrations = [
  {
    schema: 'harness',
    migrations: [
      {
        name: '20261122_0001_things',
        up: (db: Knex) => db.schema.withSchema('harness').createTable('things', (t) => t.increments('id')),
        down: (db: Knex) => db.schema.withSchema('harness').dropTable('things'),
      },
    ],
  },
];

describe('startAreaHarness', () => {
  it('gives a migrated database, working Redis connections under a prefix, a movable clock, and cleans up after the area stopped', async () => {
    const h = await startAreaHarness(migrations, 'harness');
    await h.db('harness.things').insert({});
    expect(await h.db('harness.things').count({ n: '*' })).toEqual([{ n: '1' }]);
    await h.redis.set(`${h.redisPrefix}:key`, 'v');
    expect(await h.workerConnection.get(`${h.redisPrefix}:key`)).toBe('v');
    h.clock.advance(3600_000);
    expect(Math.abs(h.clock.now().getTime() - (Date.now() + 3600_000))).toBeLessThan(1000);
    h.clock.advance(-3600_000);
    expect(Math.abs(h.clock.now().getTime() - Date.now())).toBeLessThan(1000);
    h.clock.set(new Date('2030-01-01T00:00:00Z'));
    expect(h.clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    h.clock.advance(60_000);
    expect(h.clock.now().toISOString()).toBe('2030-01-01T00:01:00.000Z');
    h.clock.set(undefined);
    expect(Math.abs(h.clock.now().getTime() - Date.now())).toBeLessThan(1000);
    expect(h.keys.tokenFor({ role: 'ADMIN' })).toMatch(/^ey/);
    const order: string[] = [];
    const name = (await h.db.raw('select current_database() as db')).rows[0].db as string;
    const inspector = await startAreaHarness([], 'inspector');
    await h.close(async () => void order.push('area stopped'));
    order.push('closed');
    expect(order).toEqual(['area stopped', 'closed']);
    expect((await inspector.db('pg_database').where({ datname: name })).length).toBe(0);
    expect(await inspector.redis.get(`${h.redisPrefix}:key`)).toBeNull();
    await inspector.close(async () => undefined);
  });
});
