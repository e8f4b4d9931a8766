import { randomBytes } from 'node:crypto';
import IORedis, { type Redis, type RedisOptions } from 'ioredis';
import { createRedisSessionRevocations } from './redis-session-revocations';

/*
 * On a Redis Cluster the subscriber is one node's connection that never reconnects (the processes
 * pass subscriberConnection of @kyb/queues): once it ended, with its node, the revocations open
 * another and load the set again, so a session ended meanwhile, whose message nobody heard, is
 * refused from the cache as soon as the process is in sync again.
 */
const url = process.env.KYB_TEST_REDIS_URL as string;
const logger = { warn: () => undefined, info: () => undefined };

async function within<T>(ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('session revocations whose subscriber connection ends for good', () => {
  const prefix = `kyb-test-${randomBytes(4).toString('hex')}`;
  const redis = new IORedis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
  const writer = new IORedis(url, { maxRetriesPerRequest: 1 });
  const subscribers: Redis[] = [];
  // As a cluster node's subscriber: no reconnection of its own.
  const subscriber = (options: RedisOptions) => {
    const opened = new IORedis(url, { ...options, retryStrategy: () => null });
    subscribers.push(opened);
    return opened;
  };
  const revocations = createRedisSessionRevocations({ redis, subscriber, prefix, logger, resyncIntervalMs: 50 });

  afterAll(async () => {
    await revocations.close();
    await writer.del(`${prefix}:sessions:revoked`);
    for (const connection of [redis, writer, ...subscribers]) connection.disconnect();
  });

  it('opens another subscriber, loads the set again and answers from memory, the ended session included', async () => {
    await revocations.start();
    expect(subscribers).toHaveLength(1);
    await subscribers[0].quit();
    await within(2000, async () => (subscribers[0].status === 'end' ? true : undefined));
    await expect(revocations.check()).rejects.toThrow('not in sync');

    // Ended while nobody listened: in the set, its message unheard.
    await writer.zadd(`${prefix}:sessions:revoked`, Date.now() + 60_000, 'sid-unheard');
    await within(3000, () => revocations.check().then(() => true, () => undefined));
    expect(subscribers).toHaveLength(2);
    expect(subscribers[1].status).toBe('ready');
    // From the cache: Redis is not asked (the fail-fast connection is closed now).
    redis.disconnect();
    await within(1000, async () => (redis.status === 'end' ? true : undefined));
    expect(await revocations.isRevoked('sid-unheard')).toBe(true);
    expect(await revocations.isRevoked('sid-live')).toBe(false);
  });
});
