import IORedis, { Cluster } from 'ioredis';
import { isRedisClusterUrl, parseRedisClusterUrl } from '@kyb/config';
import { clusterOptions } from './connection';

/** What does not answer, and where (never the credentials). */
function whatAndWhere(url: string): string {
  if (isRedisClusterUrl(url)) return `The Redis Cluster does not answer at ${parseRedisClusterUrl(url).nodes.map((n) => `${n.host}:${n.port}`).join(',')}`;
  const { hostname, port } = new URL(url);
  return `Redis does not answer at ${hostname}:${port || '6379'}`;
}

/** A client that tries once: it gives up instead of reconnecting. */
function tryOnce(url: string): IORedis | Cluster {
  const once = { maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null };
  if (!isRedisClusterUrl(url)) return new IORedis(url, { ...once, lazyConnect: true });
  // The cluster connects lazily; its nodes' connections must not say so (ioredis then never settles `connect()`).
  const { redisOptions, ...options } = clusterOptions(url, 'producer', once);
  return new Cluster(parseRedisClusterUrl(url).nodes, { ...options, lazyConnect: true, clusterRetryStrategy: () => null, redisOptions });
}

/** Rejects with a one-line explanation unless Redis (or the Redis Cluster) at `url` answers PING. */
export async function ensureRedisReachable(url: string): Promise<void> {
  const redis = tryOnce(url);
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    const fix = isRedisClusterUrl(url) ? 'start its nodes or set REDIS_CLUSTER_NODES' : 'start it (redis-server --daemonize yes) or set REDIS_URL';
    throw new Error(`${whatAndWhere(url)} (${(err as Error).message}): ${fix}`);
  } finally {
    redis.disconnect();
  }
}
