import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import type { Knex } from '@kyb/db';
import type { RedisSessionRevocations } from '@kyb/auth';
import { startAreaHarness, type TestClock } from '@kyb/area-testing';
import type { Logger } from '@kyb/http';
import { createMemoryMailTransport, type MailTransport, type MemoryMailTransport } from '@kyb/mail';
import type { Redis } from '@kyb/queues';
import { buildApp } from './area-app';
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

/** The auth app on a database and Redis prefix of its own (the harness every area's tests use), with fixtures. */
export interface AuthTestApp {
  app: Express;
  area: AuthArea;
  /** The configuration the area runs with (its DATA_ENCRYPTION_KEY opens what it sealed). */
  config: AuthAreaConfig;
  db: Knex;
  redis: Redis;
  /** The file's own Redis key prefix. */
  redisPrefix: string;
  /** The area's clock: real time, moved by `advance`, stopped by `set`. */
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
  const h = await startAreaHarness([authMigrations], 'auth', { logger: extras.logger });
  const mail = createMemoryMailTransport();
  const config = { ...TEST_AUTH_CONFIG, ...overrides };
  const { app, area } = buildApp({
    db: h.db,
    redis: h.redis,
    logger: h.logger,
    config,
    revocations: h.revocations,
    clock: h.clock.now,
    redisPrefix: h.redisPrefix,
    mailTransport: extras.mailTransport ?? mail,
    trustProxy: extras.trustProxy,
    sleep: extras.sleep,
  });
  await area.start();
  return {
    app,
    area,
    config,
    db: h.db,
    redis: h.redis,
    redisPrefix: h.redisPrefix,
    clock: h.clock,
    fixtures: createAuthFixtures(h.db, app, area),
    mail,
    revocations: h.revocations,
    close: () => h.close(() => area.stop()),
  };
}

/** `Authorization` header value for a token. */
export function bearer(token: string): string {
  return `Bearer ${token}`;
}
