import IORedis, { Cluster, type ClusterOptions, type Redis, type RedisOptions } from 'ioredis';
import { isRedisClusterUrl, parseRedisClusterUrl } from '@kyb/config';

/** What a role's connection does while Redis is away. */
const ROLE_OPTIONS = {
  // Workers wait out outages, as BullMQ requires of them.
  worker: { maxRetriesPerRequest: null, enableReadyCheck: true },
  // Producers and request paths fail fast: a request must not hang while Redis is down.
  producer: { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5000 },
} satisfies Record<string, RedisOptions>;

/**
 * A Redis connection for one role. Producers and request paths fail fast (a request must not
 * hang while Redis is down); workers wait out outages, as BullMQ requires
 * (`maxRetriesPerRequest: null`).
 *
 * A `redis+cluster://host:port,host:port` URL (see `redisUrlOf` in @kyb/config) gives an ioredis
 * `Cluster` instead, typed as `Redis`: it answers the same commands, routing each to the node of
 * its key's slot. Code that needs what only one of them has (`duplicate`'s options, a node's
 * CONFIG) asks {@link isRedisCluster} first; every key the suite writes carries the prefix's hash
 * tag in cluster mode ({@link clusterSafePrefix}), so each script's keys share a slot.
 */
export function createRedisConnection(url: string, role: 'producer' | 'worker'): Redis {
  if (!isRedisClusterUrl(url)) return new IORedis(url, ROLE_OPTIONS[role]);
  return new Cluster(clusterNodesOf(url), clusterOptions(url, role)) as unknown as Redis;
}

/** The cluster's start-up nodes. */
function clusterNodesOf(url: string): Array<{ host: string; port: number }> {
  return parseRedisClusterUrl(url).nodes;
}

/**
 * Options of a cluster client for `role`. Each node's connection gets the role's retries; a
 * producer's commands also time out after 5 s (`commandTimeout`), which is how it fails fast in a
 * cluster. The cluster-level offline queue stays on for both roles: with it off, ioredis refuses
 * every command to a node whose connection is not ready with 'Connection is closed' without
 * reconnecting it, and after a master came back a producer was seen to refuse its slot for good.
 */
export function clusterOptions(url: string, role: 'producer' | 'worker', overrides: RedisOptions = {}): ClusterOptions {
  const { username, password, tls } = parseRedisClusterUrl(url);
  // ioredis gives every node connection an offline queue of its own whatever is asked.
  const { enableOfflineQueue: _perNode, ...perNode } = { ...ROLE_OPTIONS[role], ...(role === 'producer' ? { commandTimeout: 5000 } : {}), ...overrides } as RedisOptions;
  return {
    redisOptions: { ...perNode, username, password, ...(tls ? { tls: {} } : {}) },
    enableOfflineQueue: true,
    enableReadyCheck: true,
    // No delayed retries inside the client: a command to a node that is gone (or a cluster that is
    // down) fails at once, and its caller retries as on one Redis (BullMQ's workers after their
    // run-retry delay, a request with a 503). Delayed ones were seen to wedge a worker for good
    // after a master came back (ioredis' delay queue waiting on a slot refresh that never called back).
    retryDelayOnFailover: 0,
    retryDelayOnClusterDown: 0,
    retryDelayOnTryAgain: 0,
  };
}

/** Whether `redis` is a Redis Cluster client (created from a `redis+cluster://` URL). */
export function isRedisCluster(redis: Redis): boolean {
  return (redis as unknown as { isCluster?: boolean }).isCluster === true;
}

/** The master nodes of a cluster client, or the connection itself when it is one Redis. */
export function redisMasters(redis: Redis): Redis[] {
  return isRedisCluster(redis) ? (redis as unknown as Cluster).nodes('master') : [redis];
}

/**
 * A connection of its own for SUBSCRIBE (a subscribed connection runs no other command). On one
 * Redis: a duplicate of `redis` with `options`, which reconnects by itself. In a cluster a
 * publication reaches every node, so it is one node's connection, a master picked at random, that
 * never reconnects: once it ends (its node is gone) the caller opens another, which picks again.
 */
export function subscriberConnection(redis: Redis, options: RedisOptions): Redis {
  if (!isRedisCluster(redis)) return redis.duplicate(options);
  const masters = redisMasters(redis);
  const node = masters[Math.floor(Math.random() * masters.length)];
  if (!node) throw new Error('the Redis Cluster has no master node known yet');
  const { host, port, username, password, tls, connectTimeout } = node.options;
  return new IORedis({ host, port, username, password, tls, connectTimeout, ...options, retryStrategy: () => null });
}

/**
 * The key prefix of every key the suite writes, for the Redis at `url`: `prefix` as it is on one
 * Redis (the keys of a running deployment stay where they are), and in a cluster with a hash tag,
 * `{prefix}`, so that every key of the suite sits in one slot. BullMQ needs it (its scripts touch
 * several keys of a queue), and so do the multi-key commands of the session revocations. A prefix
 * that already carries a hash tag is kept.
 */
export function clusterSafePrefix(prefix: string, url: string): string {
  if (!isRedisClusterUrl(url) || /\{[^}]+\}/.test(prefix)) return prefix;
  return `{${prefix}}`;
}

/** Rejects unless Redis answers PING. */
export async function checkRedis(connection: Redis): Promise<void> {
  const reply = await connection.ping();
  if (reply !== 'PONG') throw new Error(`Unexpected PING reply: ${reply}`);
}

export type { Redis };
