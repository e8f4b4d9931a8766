/*
 * Where one benchmark run lives: a fresh database and Redis key prefix, a state folder, the mail
 * sink the suite delivers invitations to, the suite's environment, and the clean-up afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { freePort } from './processes';

/** Mail the sink received: when each recipient's mail arrived. */
export interface MailSink {
  port: number;
  /** Resolves when mail to `address` has arrived, with the time it arrived (ms since the epoch). */
  arrival(address: string): Promise<number>;
  close(): Promise<void>;
}

/** A local SMTP server that accepts every mail and records when it arrived. */
export async function startMailSink(): Promise<MailSink> {
  const arrived = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const at = Date.now();
        for (const { address } of session.envelope.rcptTo) {
          const key = address.toLowerCase();
          arrived.set(key, at);
          waiting.get(key)?.(at);
        }
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    arrival(address) {
      const key = address.toLowerCase();
      const at = arrived.get(key);
      return at !== undefined ? Promise.resolve(at) : new Promise((resolve) => waiting.set(key, resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One run's places and secrets. */
export interface BenchWorld {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  stateDir: string;
  adminPassword: string;
  demoPassword: string;
  dataEncryptionKey: string;
}

/** The PostgreSQL server (any database of it) and the Redis a run uses: the local services unless told otherwise. */
const POSTGRES = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

function databaseUrl(name: string): string {
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh world: nothing of it exists yet (the suite creates the database when it starts). */
export function createWorld(): BenchWorld {
  const id = `${Date.now().toString(36)}${process.pid}`;
  return {
    databaseUrl: databaseUrl(`kyb_bench_${id}`),
    redisUrl: REDIS,
    queuePrefix: `kyb-bench-${id}`,
    stateDir: mkdtempSync(join(tmpdir(), 'kyb-bench-')),
    adminPassword: `Kb!${randomBytes(12).toString('base64url')}`,
    demoPassword: `Kb!${randomBytes(12).toString('base64url')}`,
    dataEncryptionKey: randomBytes(32).toString('hex'),
  };
}

/** The suite's environment in `role`, serving on `port` with its metrics on `metricsPort`. */
export function suiteEnvironment(world: BenchWorld, role: string, port: number, metricsPort: number, smtpPort: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    ROLE: role,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    DATABASE_URL: world.databaseUrl,
    REDIS_URL: world.redisUrl,
    QUEUE_PREFIX: world.queuePrefix,
    SUITE_STATE_DIR: world.stateDir,
    DATA_ENCRYPTION_KEY: world.dataEncryptionKey,
    ADMIN_PASSWORD: world.adminPassword,
    DEMO_PASSWORD: world.demoPassword,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
    AUTH_JWKS_URL: `http://127.0.0.1:${port}/auth/api/v1/.well-known/jwks.json`,
    // The sign-in bursts sign the same owner in many times a second from one address.
    SIGN_IN_ATTEMPTS_PER_EMAIL: '1000000',
    SIGN_IN_SLOWDOWN_AFTER_PER_EMAIL: '1000000',
    SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000000',
  };
}

/** Removes what the run left: its database, its Redis keys and its state folder. */
export async function removeWorld(world: BenchWorld): Promise<void> {
  const database = new URL(world.databaseUrl).pathname.slice(1);
  const admin = new Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${database}" with (force)`);
  } finally {
    await admin.end();
  }
  const redis = new Redis(world.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${world.queuePrefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  rmSync(world.stateDir, { recursive: true, force: true });
}
