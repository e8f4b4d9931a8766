import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import type { Knex } from '@kyb/db';
import { createRedisSessionRevocations, type RedisSessionRevocations } from '@kyb/auth';
import { createLogger, type Logger } from '@kyb/http';
import { createMemoryMailTransport, type MailTransport, type MemoryMailTransport } from '@kyb/mail';
import { createRedisConnection, type Redis } from '@kyb/queues';
import { createTestDatabase, createTestRedis, type TestDatabase, type TestRedis } from '@kyb/testing';
import { buildApp } from '../app';
import type { AuthArea, AuthAreaConfig } from '../area';
import { authMigrations } from '../migrations';
import { createAuthFixtures, type AuthFixtures } from './auth-fixtures';

export { signIn, type SignedIn } from './api-sign-in';

/** The configuration tests run the auth area with, unless a test overrides a value. */
export const TEST_AUTH_CONFIG: AuthAreaConfig = {
  TOKEN_TTL_SECONDS: 3600,
  REFRESH_TOKEN_TTL_SECONDS: 30 * 24 * 3600,
  TOKEN_ISSUER: 'kyb-suite-auth',
  TOKEN_AUDIENCE: 'kyb-suite',
  DATA_ENCRYPTION_KEY: randomBytes(32),
  PUBLIC_APP_URL: 'https://app.example.com',
  SIGN_IN_ATTEMPTS_PER_EMAIL: 1000,
  SIGN_IN_ATTEMPTS_PER_ADDRESS: 1000,
  SIGN_IN_SLOWDOWN_AFTER_PER_EMAIL: 1000,
  SIGN_IN_WINDOW_SECONDS: 900,
  SETUP_LINK_TTL_SECONDS: 7 * 24 * 3600,
  EMAIL_CODE_TTL_SECONDS: 900,
  EMAIL_CODE_ATTEMPTS: 5,
  EMAIL_CODE_SENDS: 5,
  EMAIL_CODE_SEND_WINDOW_SECONDS: 3600,
};

/** A controllable clock: starts at real time, moves only when told. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

/** The auth app on a database and Redis prefix of its own, with fixtures. */
export interface AuthTestApp {
  app: Express;
  area: AuthArea;
  db: Knex;
  redis: Redis;
  /** The file's own Redis key prefix. */
  redisPrefix: string;
  clock: TestClock;
  fixtures: AuthFixtures;
  /** The mail the area sent (unless the test gave a transport of its own). */
  mail: MemoryMailTransport;
  /** Ended sessions, in Redis under the file's prefix (as another area's process sees them). */
  revocations: RedisSessionRevocations;
  close(): Promise<void>;
}

/** Starts the auth app for one test file. Call in `beforeAll`; `close()` in `afterAll`. */
export async function startAuthTestApp(
  overrides: Partial<AuthAreaConfig> = {},
  extras: { trustProxy?: boolean | number; sleep?: (ms: number) => Promise<void>; mailTransport?: MailTransport; logger?: Logger } = {},
): Promise<AuthTestApp> {
  const database: TestDatabase = await createTestDatabase([authMigrations]);
  const testRedis: TestRedis = createTestRedis();
  const redis = createRedisConnection(testRedis.url, 'producer');
  let now = Date.now();
  const clock: TestClock = { now: () => new Date(now), advance: (ms) => (now += ms) };
  const mail = createMemoryMailTransport();
  const logger = createLogger({ level: 'silent', name: 'auth-test' });
  const revocations = createRedisSessionRevocations({ redis, prefix: testRedis.prefix, logger });
  await revocations.start();
  const { app, area } = buildApp({
    db: database.db,
    redis,
    logger,
    config: { ...TEST_AUTH_CONFIG, ...overrides },
    revocations,
    clock: clock.now,
    redisPrefix: testRedis.prefix,
    mailTransport: mail,
    ...extras,
  });
  await area.start();
  return {
    app,
    area,
    db: database.db,
    redis,
    redisPrefix: testRedis.prefix,
    clock,
    fixtures: createAuthFixtures(database.db, app, area),
    mail,
    revocations,
    async close() {
      await revocations.close();
      await testRedis.clean();
      redis.disconnect();
      await database.destroy();
    },
  };
}

/** `Authorization` header value for a token. */
export function bearer(token: string): string {
  return `Bearer ${token}`;
}
