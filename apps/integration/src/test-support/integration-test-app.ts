import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { createTestKeys, type TestKeys } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { createLogger } from '@kyb/http';
import { createRedisConnection, type Redis } from '@kyb/queues';
import { createBusinessDirectoryStandIn, createCustomerDirectoryStandIn, type StandInBusiness } from '@kyb/tenants';
import { createTestDatabase, createTestRedis, TEST_ISSUER, type TestDatabase } from '@kyb/testing';
import { buildApp } from '../app';
import type { IntegrationArea, IntegrationAreaDeps } from '../area';
import { integrationMigrations } from '../migrations';

/** The integration app on a database of its own, trusting tokens signed with test keys. */
export interface IntegrationTestApp {
  app: Express;
  area: IntegrationArea;
  db: Knex;
  keys: TestKeys;
  /** A producer connection and the file's Redis prefix (to enqueue or inspect jobs). */
  redis: Redis;
  redisUrl: string;
  redisPrefix: string;
  dataEncryptionKey: Buffer;
  /** Moves the area's clock. */
  clock: { now(): Date; set(at: Date | undefined): void };
  /** Puts a business (and its owners) in the directory the integration area reads. */
  business(business: StandInBusiness): Promise<void>;
  /** Puts a customer in the directory the integration area reads. */
  customer(customerId: string): Promise<void>;
  /** Removes a business from the directory, as a deletion in the case area would. */
  removeBusiness(businessId: string): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link startIntegrationTestApp}: providers and settings to use instead of the defaults. */
export type IntegrationTestOptions = Partial<
  Pick<IntegrationAreaDeps, 'publicRecordsProvider' | 'financialsProvider' | 'screeningProvider' | 'screeningSandboxDelayMs'>
> & { workers?: boolean };

/** Starts the integration app for one test file. Call in `beforeAll`; `close()` in `afterAll`. */
export async function startIntegrationTestApp(options: IntegrationTestOptions = {}): Promise<IntegrationTestApp> {
  const database: TestDatabase = await createTestDatabase([integrationMigrations]);
  const keys = createTestKeys();
  const testRedis = createTestRedis();
  const redis = createRedisConnection(testRedis.url, 'producer');
  const directory = await createBusinessDirectoryStandIn(database.db);
  const customers = await createCustomerDirectoryStandIn(database.db);
  const dataEncryptionKey = randomBytes(32);
  let now: Date | undefined;
  const clock = { now: () => now ?? new Date(), set: (at: Date | undefined) => (now = at) };
  const { workers, ...providers } = options;
  const { app, area } = buildApp({
    db: database.db,
    redis,
    redisPrefix: testRedis.prefix,
    dataEncryptionKey,
    clock: clock.now,
    logger: createLogger({ level: 'silent', name: 'integration-test' }),
    keySource: keys.keySource,
    tokenIssuer: TEST_ISSUER,
    screeningSandboxDelayMs: 0,
    ...providers,
  });
  const workerConnection = createRedisConnection(testRedis.url, 'worker');
  if (workers !== false) area.startWorkers(workerConnection);
  return {
    app,
    area,
    db: database.db,
    keys,
    redis,
    redisUrl: testRedis.url,
    redisPrefix: testRedis.prefix,
    dataEncryptionKey,
    clock,
    business: (business) => directory.put(business),
    customer: (id) => customers.put({ id }),
    removeBusiness: (businessId) => directory.remove(businessId),
    async close() {
      await area.stop();
      await testRedis.clean();
      await Promise.allSettled([workerConnection.quit(), redis.quit()]);
      await database.destroy();
    },
  };
}

/** Polls `check` every 50 ms until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
