import { randomBytes } from 'node:crypto';
import IORedis, { type Redis } from 'ioredis';
import { createRedisSessionRevocations, type RedisSessionRevocations } from './redis-session-revocations';
import { SessionStateUnavailableError } from './session-revocations';

/*
 * Two processes of the suite, as two revocation instances on their own connections to the test
 * Redis: what one revokes, the other refuses within a second, from its own cache.
 */
const url = process.env.KYB_TEST_REDIS_URL as string;
const logger = { warn: () => undefined, info: () => undefined };
const producer = (): Redis => new IORedis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });

async function within<T>(ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('session revocations shared through Redis', () => {
  const prefix = `kyb-test-${randomBytes(4).toString('hex')}`;
  const connections: Redis[] = [];
  const instances: RedisSessionRevocations[] = [];
  async function processWith(now?: () => number) {
    const redis = producer();
    connections.push(redis);
    const revocations = createRedisSessionRevocations({ redis, prefix, logger, now });
    instances.push(revocations);
    await revocations.start();
    return { redis, revocations };
  }
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    for (const connection of connections) connection.disconnect();
    const cleaner = new IORedis(url, { maxRetriesPerRequest: 1 });
    await cleaner.del(`${prefix}:sessions:revoked`);
    await cleaner.quit();
  });

  it('a session revoked by one process is refused by another within a second, from its cache', async () => {
    const auth = await processWith();
    const caseArea = await processWith();
    await caseArea.revocations.check();
    expect(await caseArea.revocations.isRevoked('s-1')).toBe(false);
    await auth.revocations.revoke(['s-1', 's-2'], 60);
    expect(await auth.revocations.isRevoked('s-1')).toBe(true);
    await within(1000, async () => ((await caseArea.revocations.isRevoked('s-2')) ? true : undefined));
    // From the cache: the other process answers even with its command connection gone.
    caseArea.redis.disconnect();
    expect(await caseArea.revocations.isRevoked('s-1')).toBe(true);
    expect(await caseArea.revocations.isRevoked('s-3')).toBe(false);
  });

  it('a process started after a revocation loads it', async () => {
    const first = await processWith();
    await first.revocations.revoke(['s-late'], 60);
    const later = await processWith();
    expect(await later.revocations.isRevoked('s-late')).toBe(true);
  });

  it('an entry is forgotten once every token of the session has expired', async () => {
    let now = Date.now();
    const clocked = await processWith(() => now);
    await clocked.revocations.revoke(['s-short'], 5);
    expect(await clocked.revocations.isRevoked('s-short')).toBe(true);
    now += 5_001;
    expect(await clocked.revocations.isRevoked('s-short')).toBe(false);
    const later = await processWith(() => now);
    expect(await later.revocations.isRevoked('s-short')).toBe(false);
  });

  it('while out of sync it asks Redis per check, and answers 503 rather than pass when Redis cannot answer', async () => {
    const redis = producer();
    connections.push(redis);
    const unstarted = createRedisSessionRevocations({ redis, prefix, logger });
    instances.push(unstarted);
    await expect(unstarted.check()).rejects.toThrow('not in sync');
    const writer = await processWith();
    await writer.revocations.revoke(['s-direct'], 60);
    expect(await unstarted.isRevoked('s-direct')).toBe(true);
    expect(await unstarted.isRevoked('s-unknown')).toBe(false);
    redis.disconnect();
    await expect(unstarted.isRevoked('s-unknown')).rejects.toBeInstanceOf(SessionStateUnavailableError);
    await expect(unstarted.revoke(['s-x'], 60)).rejects.toMatchObject({ httpStatus: 503 });
  });
});
