/*
 * Jest global set-up and tear-down: where the tests' PostgreSQL and Redis come from.
 * Order (ARCHITECTURE.md): TEST_DATABASE_URL / TEST_REDIS_URL when set; else testcontainers
 * when a Docker engine answers (images TEST_POSTGRES_IMAGE / TEST_REDIS_IMAGE, the official ones by
 * default); else, or when the image cannot be started, the local services at their default addresses.
 * Only relative imports here: Jest loads global set-up without the path aliases.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import {
  containerEngineAnswers,
  disableReaperWhenAbsent,
  startPostgresContainer,
  startRedisContainer,
  type ServiceContainerOptions,
  type StartedServiceContainer,
} from './service-containers';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const DEFAULT_POSTGRES_IMAGE = 'postgres:15-alpine';
const DEFAULT_REDIS_IMAGE = 'redis:7-alpine';

const started: StartedServiceContainer[] = [];

/** One line of the set-up, on stderr so that Jest's reporters leave it alone. */
function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** What one service's URL is and where it came from. */
interface ServiceChoice {
  name: 'PostgreSQL' | 'Redis';
  explicit: { variable: string; url: string | undefined };
  image: string;
  local: string;
  start(options: ServiceContainerOptions): Promise<StartedServiceContainer>;
}

/**
 * The explicit URL; else a container when the engine answers; else the local service. An image
 * that is missing and cannot be pulled (no registry here) falls back loudly, never fails the run.
 */
async function choose(service: ServiceChoice, docker: boolean): Promise<string> {
  if (service.explicit.url) {
    say(`testing: ${service.name} from ${service.explicit.variable}`);
    return service.explicit.url;
  }
  if (docker) {
    try {
      const container = await service.start({ image: service.image });
      started.push(container);
      say(`testing: ${service.name} from testcontainers (${service.image})`);
      return container.url;
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0].trim();
      say(`testing: Docker answers but ${service.image} cannot be started (${reason}): using the local services`);
    }
  }
  say(`testing: ${service.name} from local services`);
  return service.local;
}

/** Jest globalSetup: decides where PostgreSQL and Redis are and publishes it to the test workers. */
export default async function globalSetup(): Promise<void> {
  const needed = !process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL;
  const docker = needed ? await containerEngineAnswers() : false;
  if (docker) {
    const reaper = await disableReaperWhenAbsent();
    if (reaper) say(`testing: ${reaper}`);
  }
  process.env.KYB_TEST_POSTGRES_URL = await choose(
    {
      name: 'PostgreSQL',
      explicit: { variable: 'TEST_DATABASE_URL', url: process.env.TEST_DATABASE_URL },
      image: process.env.TEST_POSTGRES_IMAGE || DEFAULT_POSTGRES_IMAGE,
      local: LOCAL_POSTGRES,
      start: startPostgresContainer,
    },
    docker,
  );
  process.env.KYB_TEST_REDIS_URL = await choose(
    {
      name: 'Redis',
      explicit: { variable: 'TEST_REDIS_URL', url: process.env.TEST_REDIS_URL },
      image: process.env.TEST_REDIS_IMAGE || DEFAULT_REDIS_IMAGE,
      local: LOCAL_REDIS,
      start: startRedisContainer,
    },
    docker,
  );
  process.env.KYB_TEST_RUN_ID = randomBytes(4).toString('hex');
}

/** Jest globalTeardown: drops this run's databases (unless in a container) and stops any containers. */
export async function globalTeardown(): Promise<void> {
  const url = process.env.KYB_TEST_POSTGRES_URL;
  const runId = process.env.KYB_TEST_RUN_ID;
  const inContainer = started.some((service) => service.url === url);
  if (url && runId && !inContainer) {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`kyb_t_${runId}_%`]);
      for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    } finally {
      await client.end();
    }
  }
  await Promise.allSettled(started.splice(0).map((service) => service.stop()));
}
