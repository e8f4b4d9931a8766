import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { createTestKeys, type TestKeys } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { createLogger } from '@kyb/http';
import { createRedisConnection, type Redis } from '@kyb/queues';
import {
  createBusinessDirectoryStandIn,
  createIntegrationDirectoryStandIn,
  createScoreDirectoryStandIn,
  type StandInBusiness,
} from '@kyb/tenants';
import { createTestDatabase, createTestRedis, TEST_ISSUER, type TestDatabase } from '@kyb/testing';
import { buildApp } from '../app';
import type { ReportArea, ReportAreaDeps } from '../area';
import { reportMigrations } from '../migrations';

/** The report app on a database of its own, with stand-ins of the case, integration and score views. */
export interface ReportTestApp {
  app: Express;
  area: ReportArea;
  db: Knex;
  keys: TestKeys;
  redis: Redis;
  redisUrl: string;
  redisPrefix: string;
  dataEncryptionKey: Buffer;
  clock: { now(): Date; set(at: Date | undefined): void };
  business(business: StandInBusiness): Promise<void>;
  integration: Awaited<ReturnType<typeof createIntegrationDirectoryStandIn>>;
  scores: Awaited<ReturnType<typeof createScoreDirectoryStandIn>>;
  close(): Promise<void>;
}

/** Starts the report app for one test file. Call in `beforeAll`; `close()` in `afterAll`. */
export async function startReportTestApp(options: { workers?: boolean } & Partial<Pick<ReportAreaDeps, 'render' | 'leaseMs' | 'storage'>> = {}): Promise<ReportTestApp> {
  const database: TestDatabase = await createTestDatabase([reportMigrations]);
  const keys = createTestKeys();
  const testRedis = createTestRedis();
  const redis = createRedisConnection(testRedis.url, 'producer');
  const businesses = await createBusinessDirectoryStandIn(database.db);
  const integration = await createIntegrationDirectoryStandIn(database.db);
  const scores = await createScoreDirectoryStandIn(database.db);
  const dataEncryptionKey = randomBytes(32);
  let now: Date | undefined;
  const clock = { now: () => now ?? new Date(), set: (at: Date | undefined) => (now = at) };
  const { workers, ...overrides } = options;
  const { app, area } = buildApp({
    db: database.db,
    redis,
    redisPrefix: testRedis.prefix,
    clock: clock.now,
    logger: createLogger({ level: 'silent', name: 'report-test' }),
    keySource: keys.keySource,
    tokenIssuer: TEST_ISSUER,
    dataEncryptionKey,
    publicAppUrl: 'http://reports.test',
    ...overrides,
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
    business: (business) => businesses.put(business),
    integration,
    scores,
    async close() {
      await area.stop();
      await testRedis.clean();
      await Promise.allSettled([workerConnection.quit(), redis.quit()]);
      await database.destroy();
    },
  };
}
