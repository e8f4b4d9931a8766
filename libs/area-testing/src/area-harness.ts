import { createRedisSessionRevocations, type RedisSessionRevocations, type TokenTrust } from '@kyb/auth';
import { createTestKeys, TEST_AUDIENCE, TEST_ISSUER, type TestKeys } from '@kyb/auth/testing';
import type { AreaMigrations, Knex } from '@kyb/db';
import { createLogger, type Logger } from '@kyb/http';
import { createRedisConnection, type Redis } from '@kyb/queues';
import { createTestDatabase, createTestRedis } from '@kyb/testing';

/**
 * A clock a test can move: real time, moved by `advance` (forward or back), until `set` stops it
 * at a time (undefined: real time again).
 */
export interface TestClock {
  now(): Date;
  set(at: Date | undefined): void;
  advance(ms: number): void;
}

function createTestClock(): TestClock {
  let stopped: Date | undefined;
  let offsetMs = 0;
  return {
    now: () => stopped ?? new Date(Date.now() + offsetMs),
    set(at) {
      stopped = at;
      offsetMs = 0;
    },
    advance(ms) {
      if (stopped) stopped = new Date(stopped.getTime() + ms);
      else offsetMs += ms;
    },
  };
}

/** What every area's test app is built on. */
export interface AreaHarness {
  /** A database of the test file's own, with the areas' migrations applied. */
  db: Knex;
  keys: TestKeys;
  /** Ended sessions under the file's Redis prefix: revoke a token's `sessionId` here to end it. */
  revocations: RedisSessionRevocations;
  /** How the area trusts tokens of {@link keys}: give it as the area's `tokens`. */
  tokens: TokenTrust;
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
export async function startAreaHarness(migrations: AreaMigrations[], name: string, options: { logger?: Logger } = {}): Promise<AreaHarness> {
  const database = await createTestDatabase(migrations);
  const testRedis = createTestRedis();
  const redis = createRedisConnection(testRedis.url, 'producer');
  const workerConnection = createRedisConnection(testRedis.url, 'worker');
  const logger = options.logger ?? createLogger({ level: 'silent', name: `${name}-test` });
  const revocations = createRedisSessionRevocations({ redis, prefix: testRedis.prefix, logger });
  await revocations.start();
  const keys = createTestKeys();
  return {
    db: database.db,
    keys,
    revocations,
    tokens: { keys: keys.keySource, issuer: TEST_ISSUER, audience: TEST_AUDIENCE, revocations },
    redis,
    redisUrl: testRedis.url,
    redisPrefix: testRedis.prefix,
    workerConnection,
    logger,
    clock: createTestClock(),
    async close(stopArea) {
      await stopArea();
      await revocations.close();
      await testRedis.clean();
      await Promise.allSettled([workerConnection.quit(), redis.quit()]);
      await database.destroy();
    },
  };
}
