import { createRedisConnection, type Redis } from '@kyb/queues';
import { createTestRedis } from '@kyb/testing';
import { createTokenBucket, type TokenBucket } from './token-bucket';

describe('a token bucket per credential in Redis', () => {
  const testRedis = createTestRedis();
  const connections: Redis[] = Array.from({ length: 4 }, () => createRedisConnection(testRedis.url, 'producer'));
  let now: number;
  let key: string;
  let n = 0;
  /** A bucket of 5 tokens refilled at 10 a second (one every 100 ms), on the `i`th connection. */
  const bucket = (i = 0): TokenBucket => createTokenBucket({ redis: connections[i], prefix: testRedis.prefix, capacity: 5, refillPerSecond: 10, clock: () => new Date(now) });

  beforeAll(async () => {
    await Promise.all(connections.map((c) => (c.status === 'ready' ? undefined : new Promise((resolve) => c.once('ready', resolve)))));
  });
  afterAll(async () => {
    // The buckets' keys start with the prefix as a hash tag, which clean() does not match.
    const keys = await connections[0].keys(`{${testRedis.prefix}}:*`);
    if (keys.length > 0) await connections[0].del(...keys);
    await Promise.all(connections.map((c) => c.quit()));
  });
  beforeEach(() => {
    now = Date.parse('2026-12-02T10:00:00.000Z');
    key = `smarty:fingerprint-${(n += 1)}`;
  });

  it('gives its capacity at once, then nothing without waiting, and refills at its rate', async () => {
    const takes: number[] = [];
    for (let i = 0; i < 6; i += 1) takes.push(await bucket().take(key));
    expect(takes).toEqual([0, 0, 0, 0, 0, 100]);
    now += 250;
    expect([await bucket().take(key), await bucket().take(key), await bucket().take(key)]).toEqual([0, 0, 50]);
  });

  it('never refills beyond its capacity', async () => {
    await bucket().take(key);
    now += 60_000;
    const takes: number[] = [];
    for (let i = 0; i < 6; i += 1) takes.push(await bucket().take(key));
    expect(takes).toEqual([0, 0, 0, 0, 0, 100]);
  });

  it('gives exactly its capacity to 20 takes racing from 4 connections, and refuses the rest their wait', async () => {
    const takes = await Promise.all(Array.from({ length: 20 }, (_, i) => bucket(i % 4).take(key)));
    expect(takes.filter((wait) => wait === 0)).toHaveLength(5);
    expect(takes.filter((wait) => wait === 100)).toHaveLength(15);
  });

  it('reserves tokens for racing takes that may wait, one every 100 ms, each once', async () => {
    const takes = await Promise.all(Array.from({ length: 12 }, (_, i) => bucket(i % 4).take(key, 1000)));
    expect(takes.sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 0, 100, 200, 300, 400, 500, 600, 700]);
    // A take that would wait longer than it may takes nothing, so the next reservation is unchanged.
    expect(await bucket().take(key, 500)).toBe(800);
    expect(await bucket().take(key, 800)).toBe(800);
  });

  it("empties on a vendor's Retry-After and refills only from its end", async () => {
    expect(await bucket().take(key)).toBe(0);
    await bucket().pause(key, 2000);
    expect(await bucket().take(key)).toBe(2100);
    now += 2000;
    expect(await bucket().take(key)).toBe(100);
    now += 300;
    expect([await bucket().take(key), await bucket().take(key), await bucket().take(key), await bucket().take(key)]).toEqual([0, 0, 0, 100]);
  });

  it('keeps a longer pause when a shorter one follows', async () => {
    await bucket().pause(key, 5000);
    await bucket().pause(key, 1000);
    expect(await bucket().take(key)).toBe(5100);
  });

  it('keys each bucket under the prefix as a hash tag, and lets it expire once it would be full again', async () => {
    await bucket().take(key);
    await bucket().take(key);
    const redisKey = `{${testRedis.prefix}}:provider-rate:${key}`;
    expect(await connections[0].hgetall(redisKey)).toEqual({ tokens: '3', at: String(now) });
    expect(await connections[0].pttl(redisKey)).toBeGreaterThan(1000);
    expect(await connections[0].pttl(redisKey)).toBeLessThanOrEqual(1200);
  });

  it('refuses a bucket that could never give a token', () => {
    expect(() => createTokenBucket({ redis: connections[0], prefix: 'p', capacity: 0, refillPerSecond: 1 })).toThrow('A token bucket needs a capacity of at least 1 and a refill above 0 per second');
    expect(() => createTokenBucket({ redis: connections[0], prefix: 'p', capacity: 1, refillPerSecond: 0 })).toThrow('A token bucket needs a capacity of at least 1 and a refill above 0 per second');
  });
});
