import { createTestKeys, type TestKeys } from '@kyb/auth';
import type { AreaMigrations, Knex } from '@kyb/db';
import { createLogger, type Logger } from '@kyb/http';
import { createRedisConnection, type Redis } from '@kyb/queues';
import { createTestDatabase, createTestRedis } from '@kyb/testing';

/** A clock a test can move: real time until `set`, then the time it was set to (undefined: real time again). */
export interface TestClock {
  now(): Date;
  set(at: Date | undefined): void;
}

/** What every area's test app is built on. */
export interface AreaHarness {
  /** A database of the test file's own, with the areas' migrations applied. */
  db: Knex;
  keys: TestKeys;
  /** A producer connection, the Redis URL and the test file's own key prefix. */
  redis: Redis;
  redisUrl: string;
  redisPrefix: string;
  /** A connection for the area's workers (they wait out outages). */
  workerConnection: Redis;
  logger: Logger;
  clock: TestClock;
  /** Stops the area (`stopArea`), then cleans Redis, closes the connections and drops the database. */
  close(stopArea: () => Promise<void>): Promise<void>;
}

/** Provisions an area's test app for one test file: call in `beforeAll`, `close()` in `afterAll`. */
export async function startAreaHarness(migrations: AreaMigrations[], name: string): Promise<AreaHarness> {
  const database = await createTestDatabase(migrations);
  const testRedis = createTestRedis();
  const redis = createRedisConnection(testRedis.url, 'producer');
  const workerConnection = createRedisConnection(testRedis.url, 'worker');
  let now: Date | undefined;
  return {
    db: database.db,
    keys: createTestKeys(),
    redis,
    redisUrl: testRedis.url,
    redisPrefix: testRedis.prefix,
    workerConnection,
    logger: createLogger({ level: 'silent', name: `${name}-test` }),
    clock: { now: () => now ?? new Date(), set: (at) => (now = at) },
    async close(stopArea) {
      await stopArea();
      await testRedis.clean();
      await Promise.allSettled([workerConnection.quit(), redis.quit()]);
      await database.destroy();
    },
  };
}
