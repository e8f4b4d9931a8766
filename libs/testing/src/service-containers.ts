/*
 * PostgreSQL and Redis in containers, for the global set-up and the container journey: from the
 * official images (`postgres:*`, `redis:*`), or from any Debian image with the Debian packages
 * installed (tools/containers/build-images.sh imports kyb-local/debian-services:bookworm, built
 * without a registry), started with our own command. testcontainers is loaded only when a
 * function here is called. Only relative imports: the global set-up loads this file too.
 */
import { existsSync } from 'node:fs';
import type { GenericContainer as ContainerDefinition, StartedNetwork, StartedTestContainer } from 'testcontainers';

/** A service in a container: its URL from this machine, and from containers on its network. */
export interface StartedServiceContainer {
  readonly container: StartedTestContainer;
  /** URL through the mapped port (PostgreSQL: the superuser `postgres`, database `postgres`). */
  readonly url: string;
  /** URL at the network alias, for other containers on the network (undefined without one). */
  readonly networkUrl: string | undefined;
  /** Stops and removes the container. */
  stop(): Promise<void>;
}

/** Options of {@link startPostgresContainer} and {@link startRedisContainer}. */
export interface ServiceContainerOptions {
  image: string;
  /** A network to join, with `alias` as the service's host name there. */
  network?: StartedNetwork;
  alias?: string;
}

/** Resolves true when a Docker engine answers (DOCKER_HOST, or the default socket). Never throws. */
export async function containerEngineAnswers(): Promise<boolean> {
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** Resolves true when the engine holds `image` already (nothing is pulled). */
export async function imageIsLocal(image: string): Promise<boolean> {
  const { getContainerRuntimeClient, ImageName } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  return client.image.exists(ImageName.fromString(image));
}

/**
 * testcontainers starts its reaper (Ryuk) from an image it pulls; where none can be pulled, every
 * container would fail for it. Then the reaper is switched off (TESTCONTAINERS_RYUK_DISABLED) and
 * whoever starts containers must stop them. Returns the line to print, or undefined when unchanged.
 */
export async function disableReaperWhenAbsent(): Promise<string | undefined> {
  if (process.env.TESTCONTAINERS_RYUK_DISABLED !== undefined) return undefined;
  let reaperImage = process.env.RYUK_CONTAINER_IMAGE ?? 'testcontainers/ryuk';
  try {
    // Not part of testcontainers' public surface: the exact image it would pull.
    reaperImage = (await import('testcontainers/build/reaper/reaper')).REAPER_IMAGE;
  } catch {
    // Another version: fall back on the name alone (imageIsLocal below then says no).
  }
  if (await imageIsLocal(reaperImage).catch(() => false)) return undefined;
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  return `testcontainers' reaper image ${reaperImage} is not here: TESTCONTAINERS_RYUK_DISABLED=true, containers are removed by whoever started them`;
}

/** `postgres:15-alpine`, `docker.io/library/postgres`, `mirror.local/postgres:15` ...: the official image (or a copy). */
function isOfficial(image: string, name: 'postgres' | 'redis'): boolean {
  const repository = image.replace(/@.*$/, '').replace(/:[^/:]*$/, '');
  return repository.split('/').pop() === name;
}

/*
 * PostgreSQL on a Debian image: a fresh cluster in /tmp, the superuser `postgres` trusted (as the
 * official image's superuser with a known password), every other role by password (scram), on all
 * addresses. fsync and friends are off: the data lives as long as the test run.
 */
const DEBIAN_POSTGRES = [
  'set -e',
  'bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)',
  'data=/tmp/kyb-pgdata',
  '"$bin/initdb" -D "$data" -U postgres -E UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 >/dev/null',
  'printf "host all postgres all trust\\nhost all all all scram-sha-256\\n" >> "$data/pg_hba.conf"',
  'exec "$bin/postgres" -D "$data" -c listen_addresses="*" -c unix_socket_directories=/tmp -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off',
].join('\n');

/**
 * Starts a container; when it fails (also after it was created but could not start, which
 * testcontainers leaves behind), removes whatever was created for it before rethrowing.
 */
export async function startOrRemove(definition: ContainerDefinition): Promise<StartedTestContainer> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  const marker = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  try {
    return await definition.withLabels({ 'kyb.test-container': marker }).start();
  } catch (err) {
    const { dockerode } = (await getContainerRuntimeClient()).container;
    const leftovers = await dockerode.listContainers({ all: true, filters: { label: [`kyb.test-container=${marker}`] } }).catch(() => []);
    await Promise.allSettled(leftovers.map((found) => dockerode.getContainer(found.Id).remove({ force: true, v: true })));
    throw err;
  }
}

function stopper(container: StartedTestContainer): () => Promise<void> {
  return async () => {
    await container.stop({ remove: true, removeVolumes: true });
  };
}

/** Starts PostgreSQL 15 (or whatever the image holds) and waits until it accepts connections. */
export async function startPostgresContainer(options: ServiceContainerOptions): Promise<StartedServiceContainer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  let container: StartedTestContainer;
  if (isOfficial(options.image, 'postgres')) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    let official = new PostgreSqlContainer(options.image).withUsername('postgres').withPassword('postgres');
    if (options.network) official = official.withNetwork(options.network).withNetworkAliases(...(options.alias ? [options.alias] : []));
    container = await startOrRemove(official);
  } else {
    let generic = new GenericContainer(options.image)
      .withUser('postgres')
      .withCommand(['sh', '-c', DEBIAN_POSTGRES])
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/))
      .withStartupTimeout(60_000);
    if (options.network) generic = generic.withNetwork(options.network).withNetworkAliases(...(options.alias ? [options.alias] : []));
    container = await startOrRemove(generic);
  }
  return {
    container,
    url: `postgres://postgres:postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
    networkUrl: options.alias ? `postgres://postgres:postgres@${options.alias}:5432/postgres` : undefined,
    stop: stopper(container),
  };
}

/** Starts Redis and waits until it accepts connections (Debian image: no persistence, no protected mode). */
export async function startRedisContainer(options: ServiceContainerOptions): Promise<StartedServiceContainer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  let generic: ContainerDefinition;
  if (isOfficial(options.image, 'redis')) {
    const { RedisContainer } = await import('@testcontainers/redis');
    generic = new RedisContainer(options.image);
  } else {
    generic = new GenericContainer(options.image)
      .withUser('redis')
      .withCommand(['redis-server', '--bind', '0.0.0.0', '--protected-mode', 'no', '--port', '6379', '--save', '', '--appendonly', 'no', '--dir', '/tmp'])
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/));
  }
  if (options.network) generic = generic.withNetwork(options.network).withNetworkAliases(...(options.alias ? [options.alias] : []));
  const container = await startOrRemove(generic.withStartupTimeout(60_000));
  return {
    container,
    url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`,
    networkUrl: options.alias ? `redis://${options.alias}:6379` : undefined,
    stop: stopper(container),
  };
}
