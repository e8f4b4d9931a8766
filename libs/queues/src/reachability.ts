import IORedis from 'ioredis';

/** Rejects with a one-line explanation unless Redis at `url` answers PING. */
export async function ensureRedisReachable(url: string): Promise<void> {
  const redis = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    const { hostname, port } = new URL(url);
    throw new Error(
      `Redis does not answer at ${hostname}:${port || '6379'} (${(err as Error).message}): ` +
        'start it (redis-server --daemonize yes) or set REDIS_URL',
    );
  } finally {
    redis.disconnect();
  }
}
