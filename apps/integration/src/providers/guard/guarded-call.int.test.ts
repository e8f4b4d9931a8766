import { randomBytes } from 'node:crypto';
import { createRedisConnection } from '@kyb/queues';
import { createSealedBox } from '@kyb/secrets';
import { createTestRedis } from '@kyb/testing';
import { startFakeVendor, type FakeAnswer, type FakeVendor } from '../../test-support/fake-vendor';
import { createVendorHttp } from '../vendor-http';
import { createAnswerCache } from './answer-cache';
import { createCircuitBreakers } from './circuit-breaker';
import { createProviderGuard, type ProviderUsageEvent } from './guarded-call';
import { createTokenBucket } from './token-bucket';

describe('a guarded vendor call over Redis', () => {
  const testRedis = createTestRedis();
  const redis = createRedisConnection(testRedis.url, 'producer');
  const box = createSealedBox(randomBytes(32));
  let fake: FakeVendor;
  const answers: FakeAnswer[] = [];

  beforeAll(async () => {
    fake = await startFakeVendor(() => answers.shift() ?? { status: 500, body: {} });
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  });
  afterAll(async () => {
    const keys = await redis.keys(`{${testRedis.prefix}}:*`);
    if (keys.length > 0) await redis.del(...keys);
    const ended = new Promise((resolve) => redis.once('end', resolve));
    await redis.quit();
    await ended;
    await fake.close();
  });

  it('waits out a 429 in the shared bucket, retries, seals the answer in the cache and answers it again without a call', async () => {
    let now = Date.parse('2026-12-02T10:00:00.000Z');
    const clock = () => new Date(now);
    const waits: number[] = [];
    const usage: ProviderUsageEvent[] = [];
    const guard = createProviderGuard({
      breakers: createCircuitBreakers({ failureThreshold: 3, coolDownMs: 30_000, clock }),
      rateLimits: { smarty: createTokenBucket({ redis, prefix: testRedis.prefix, capacity: 2, refillPerSecond: 10, clock }) },
      maxRateWaitMs: 500,
      cache: createAnswerCache({ redis, prefix: testRedis.prefix, ttlSeconds: { address: 600 }, seal: (_c, text) => box.seal(text), open: (_c, sealed) => box.open(sealed), hashQuery: (_c, text) => box.lookupHash(text) }),
      retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 5000 },
      wait: async (ms) => {
        waits.push(ms);
        now += ms;
      },
      random: () => 0,
      clock,
      onUsage: (event) => void usage.push(event),
    });
    const http = createVendorHttp({ vendor: 'Smarty', baseUrl: fake.baseUrl });
    const lookUp = () => http<Array<{ delivery_line_1: string }>>({ method: 'GET', path: '/street-address', query: { street: '1 Main St' } }).then((answer) => answer.body);
    const request = { adapter: 'smarty', credentialFingerprint: 'a1b2c3d4e5f60718', capability: 'address', customerId: 'c-1', safeToRepeat: true, cacheKey: { street: '1 Main St' } };
    answers.push({ status: 429, headers: { 'retry-after': '2' }, body: {} }, { status: 200, body: [{ delivery_line_1: '1 Main St Springfield' }] });

    expect(await guard(request, lookUp)).toEqual([{ delivery_line_1: '1 Main St Springfield' }]);
    // Retry-After 2 s, then the bucket (emptied until then) owes its first token 100 ms later.
    expect(waits).toEqual([2000, 100]);
    expect(fake.requests).toHaveLength(2);
    const [entry] = await redis.keys(`{${testRedis.prefix}}:provider-answer:*`);
    const value = (await redis.get(entry))!;
    expect([value.includes('Main'), value.includes('Springfield'), entry.includes('Main')]).toEqual([false, false, false]);

    expect(await guard(request, lookUp)).toEqual([{ delivery_line_1: '1 Main St Springfield' }]);
    expect(fake.requests).toHaveLength(2);
    expect(usage.map((event) => event.outcome)).toEqual(['failed', 'ok']);
  });
});
