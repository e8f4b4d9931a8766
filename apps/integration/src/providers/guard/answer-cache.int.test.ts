import { randomBytes } from 'node:crypto';
import { createRedisConnection } from '@kyb/queues';
import { createSealedBox, type SealedBox } from '@kyb/secrets';
import { createTestRedis } from '@kyb/testing';
import { canonicalJson, createAnswerCache, type AnswerCacheOptions, type AnswerKey } from './answer-cache';

describe('the provider answer cache', () => {
  const testRedis = createTestRedis();
  const redis = createRedisConnection(testRedis.url, 'producer');
  const boxes = new Map<string, SealedBox>();
  const boxOf = (customerId: string) => boxes.get(customerId) ?? boxes.set(customerId, createSealedBox(randomBytes(32))).get(customerId)!;
  let errors: unknown[];
  const cache = (overrides: Partial<AnswerCacheOptions> = {}) =>
    createAnswerCache({
      redis,
      prefix: testRedis.prefix,
      ttlSeconds: { tin: 3600, address: 60 },
      seal: (customerId, text) => boxOf(customerId).seal(text),
      open: (customerId, sealed) => boxOf(customerId).open(sealed),
      hashQuery: (customerId, text) => boxOf(customerId).lookupHash(text),
      onError: (err) => errors.push(err),
      ...overrides,
    });
  const tinKey: AnswerKey = { capability: 'tin', adapter: 'compliancely', customerId: 'c-1', query: { tin: '123456789', name: 'Acme Widgets LLC' } };
  const answer = { match: true, code: '0', trace: { adapter: 'compliancely', version: 'v1', raw: '{"tin":"123456789","name":"Acme Widgets LLC"}' } };
  /** Every key (and its value) the cache wrote under the test's prefix. */
  const stored = async () => {
    const keys = await redis.keys(`{${testRedis.prefix}}:*`);
    return Promise.all(keys.map(async (key) => ({ key, value: (await redis.get(key))!, ttl: await redis.ttl(key) })));
  };

  beforeAll(async () => {
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  });
  beforeEach(async () => {
    errors = [];
    const keys = await redis.keys(`{${testRedis.prefix}}:*`);
    if (keys.length > 0) await redis.del(...keys);
  });
  afterAll(async () => {
    const keys = await redis.keys(`{${testRedis.prefix}}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('answers what was kept for the same query, whatever the order of its fields', async () => {
    await cache().set(tinKey, answer);
    expect(await cache().get({ ...tinKey, query: { name: 'Acme Widgets LLC', tin: '123456789' } })).toEqual(answer);
  });

  it('keeps neither the answer nor the query in clear: a sealed value under a keyed hash, with the capability TTL', async () => {
    await cache().set(tinKey, answer);
    const [entry, ...others] = await stored();
    expect(others).toEqual([]);
    const hash = boxOf('c-1').lookupHash('{"name":"Acme Widgets LLC","tin":"123456789"}');
    expect(entry.key).toBe(`{${testRedis.prefix}}:provider-answer:tin:compliancely:c-1:${hash}`);
    expect(entry.ttl).toBe(3600);
    for (const clear of ['123456789', 'Acme', 'match', 'compliancely']) expect(entry.value).not.toContain(clear);
    expect(entry.key).not.toContain('123456789');
    expect(JSON.parse(boxOf('c-1').open(entry.value))).toEqual(answer);
  });

  it('misses another query, adapter, capability or tenant', async () => {
    await cache().set(tinKey, answer);
    for (const other of [
      { ...tinKey, query: { tin: '123456780', name: 'Acme Widgets LLC' } },
      { ...tinKey, adapter: 'sandbox' },
      { ...tinKey, capability: 'address' },
      { ...tinKey, customerId: 'c-2' },
    ]) expect(await cache().get(other)).toBeUndefined();
  });

  it('misses when the kept value does not open (another key sealed it, or it was altered)', async () => {
    await cache().set(tinKey, answer);
    const [entry] = await stored();
    await redis.set(entry.key, boxOf('c-other').seal(JSON.stringify(answer)));
    expect(await cache().get(tinKey)).toBeUndefined();
    await redis.set(entry.key, 'not sealed');
    expect(await cache().get(tinKey)).toBeUndefined();
  });

  it('keeps nothing for a capability without a TTL, and keeps no undefined answer', async () => {
    await cache().set({ ...tinKey, capability: 'registry' }, answer);
    await cache().set(tinKey, undefined);
    expect(await stored()).toEqual([]);
    expect(await cache().get({ ...tinKey, capability: 'registry' })).toBeUndefined();
  });

  it('expires an entry with its own capability TTL', async () => {
    await cache().set({ ...tinKey, capability: 'address', adapter: 'smarty' }, answer);
    expect((await stored()).map((entry) => entry.ttl)).toEqual([60]);
  });

  it('hides a failing Redis as a miss and an answer not kept, telling onError', async () => {
    const broken = { get: async () => Promise.reject(new Error('Connection is closed.')), set: async () => Promise.reject(new Error('Connection is closed.')) } as never;
    expect(await cache({ redis: broken }).get(tinKey)).toBeUndefined();
    await cache({ redis: broken }).set(tinKey, answer);
    expect(errors.map((err) => (err as Error).message)).toEqual(['Connection is closed.', 'Connection is closed.']);
  });

  it('hashes a query canonically: sorted keys, undefined fields left out, arrays in order', () => {
    expect(canonicalJson({ b: [2, { d: 1, c: null }], a: 'x', skip: undefined })).toBe('{"a":"x","b":[2,{"c":null,"d":1}]}');
  });
});
