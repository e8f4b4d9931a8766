/*
 * Jest global set-up and tear-down: where the tests' PostgreSQL and Redis come from.
 * Order (ARCHITECTURE.md): TEST_DATABASE_URL / TEST_REDIS_URL when set; else testcontainers
 * when a Docker engine answers; else the local services at their default addresses.
 * Only relative imports here: Jest loads global set-up without the path aliases.
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

interface Stoppable {
  stop(): Promise<unknown>;
}

const started: Stoppable[] = [];

function dockerMayAnswer(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

async function dockerAnswers(): Promise<boolean> {
  if (!dockerMayAnswer()) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function startPostgresContainer(): Promise<string> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:15-alpine').withUsername('postgres').withPassword('postgres').start();
  started.push(container);
  return `postgres://postgres:postgres@${container.getHost()}:${container.getPort()}/postgres`;
}

async function startRedisContainer(): Promise<string> {
  const { RedisContainer } = await import('@testcontainers/redis');
  const container = await new RedisContainer('redis:7-alpine').start();
  started.push(container);
  return container.getConnectionUrl();
}

/** Jest globalSetup: decides where PostgreSQL and Redis are and publishes it to the test workers. */
export default async function globalSetup(): Promise<void> {
  const docker = !process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL ? await dockerAnswers() : false;
  process.env.KYB_TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? (docker ? await startPostgresContainer() : LOCAL_POSTGRES);
  process.env.KYB_TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? (docker ? await startRedisContainer() : LOCAL_REDIS);
  process.env.KYB_TEST_RUN_ID = randomBytes(4).toString('hex');
}

/** Jest globalTeardown: drops this run's databases and stops any containers. */
export async function globalTeardown(): Promise<void> {
  const url = process.env.KYB_TEST_POSTGRES_URL;
  const runId = process.env.KYB_TEST_RUN_ID;
  if (url && runId && started.length === 0) {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`kyb_t_${runId}_%`]);
      for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    } finally {
      await client.end();
    }
  }
  await Promise.allSettled(started.map((c) => c.stop()));
}
