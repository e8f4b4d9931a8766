import type { Express } from 'express';
import { createTestKeys, type TestKeys } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { createLogger } from '@kyb/http';
import { createRedisConnection, type Redis } from '@kyb/queues';
import { createBusinessDirectoryStandIn, createIntegrationDirectoryStandIn, type StandInBusiness } from '@kyb/tenants';
import { createTestDatabase, createTestRedis, TEST_ISSUER, type TestDatabase } from '@kyb/testing';
import { buildApp } from '../app';
import type { ScoreArea } from '../area';
import { scoreMigrations } from '../migrations';

/** The score app on a database of its own, with stand-ins of the case and integration views. */
export interface ScoreTestApp {
  app: Express;
  area: ScoreArea;
  db: Knex;
  keys: TestKeys;
  redis: Redis;
  redisPrefix: string;
  clock: { now(): Date; set(at: Date | undefined): void };
  business(business: StandInBusiness): Promise<void>;
  /** What the integration area would publish for a business. */
  integration: Awaited<ReturnType<typeof createIntegrationDirectoryStandIn>>;
  close(): Promise<void>;
}

/** Starts the score app for one test file. Call in `beforeAll`; `close()` in `afterAll`. */
export async function startScoreTestApp(options: { workers?: boolean; monitoringCron?: string } = {}): Promise<ScoreTestApp> {
  const database: TestDatabase = await createTestDatabase([scoreMigrations]);
  const keys = createTestKeys();
  const testRedis = createTestRedis();
  const redis = createRedisConnection(testRedis.url, 'producer');
  const businesses = await createBusinessDirectoryStandIn(database.db);
  const integration = await createIntegrationDirectoryStandIn(database.db);
  let now: Date | undefined;
  const clock = { now: () => now ?? new Date(), set: (at: Date | undefined) => (now = at) };
  const { app, area } = buildApp({
    db: database.db,
    redis,
    redisPrefix: testRedis.prefix,
    clock: clock.now,
    logger: createLogger({ level: 'silent', name: 'score-test' }),
    keySource: keys.keySource,
    tokenIssuer: TEST_ISSUER,
    monitoringCron: options.monitoringCron,
  });
  const workerConnection = createRedisConnection(testRedis.url, 'worker');
  if (options.workers !== false) await area.startWorkers(workerConnection);
  return {
    app,
    area,
    db: database.db,
    keys,
    redis,
    redisPrefix: testRedis.prefix,
    clock,
    business: (business) => businesses.put(business),
    integration,
    async close() {
      await area.stop();
      await testRedis.clean();
      await Promise.allSettled([workerConnection.quit(), redis.quit()]);
      await database.destroy();
    },
  };
}
