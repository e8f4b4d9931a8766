import { randomBytes, randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import { createDataKeys, dataKeyScope, DataKeyDestroyedError, type DataKeys } from '@kyb/area-views';
import { createDataKeyStandIn } from '@kyb/area-views/testing';
import { createMasterKeyring } from '@kyb/secrets';
import { integrationMigrations } from '../migrations';
import { ProviderError } from '../providers/providers.errors';
import type { ProviderUsageEvent } from '../providers/guard/guarded-call';
import { createProviderGuardRuntime } from './provider-guard-runtime';

/* The guard as the area builds it, over real Redis and real data keys (a destroyed key: an erased tenant). */
describe('the provider guard runtime', () => {
  let h: AreaHarness;
  let dataKeys: DataKeys;
  let destroyKey: (scope: string) => Promise<unknown>;
  const usage: ProviderUsageEvent[] = [];
  const warnings: string[] = [];
  const runtime = () =>
    createProviderGuardRuntime({
      redis: h.redis,
      redisPrefix: h.redisPrefix,
      dataKeys,
      usage: { record: async (event) => void usage.push(event) },
      settings: { failureThreshold: 1, rateLimits: { compliancely: { perMinute: 60, burst: 5 } } },
      clock: h.clock.now,
      logger: { warn: (_details, message) => void warnings.push(message) },
    });
  const tinMatch = (customerId: string, credentialFingerprint = 'a1b2c3d4e5f60718') => ({ adapter: 'compliancely', credentialFingerprint, capability: 'tin', customerId, safeToRepeat: false, cacheKey: { tin: '123456789', legalName: 'Acme Widgets LLC' } });
  const answer = { matched: true, code: '0' };

  beforeAll(async () => {
    h = await startAreaHarness([integrationMigrations], 'integration');
    destroyKey = (await createDataKeyStandIn(h.db)).destroy;
    // No key kept in memory, so a destroyed key stops opening at once.
    dataKeys = createDataKeys(h.db, createMasterKeyring(randomBytes(32)), { cacheMs: 0 });
  });
  afterAll(async () => h.close(async () => undefined));

  it("keeps a tenant's answer sealed with its own key under a keyed hash, under the prefix's hash tag", async () => {
    const tenant = randomUUID();
    const { guard } = runtime();
    let calls = 0;
    const call = async () => ((calls += 1), answer);
    expect(await guard(tinMatch(tenant), call)).toEqual(answer);
    expect(await guard(tinMatch(tenant), call)).toEqual(answer);
    expect(calls).toBe(1);
    const [key, ...others] = await h.redis.keys(`{${h.redisPrefix}}:provider-answer:tin:compliancely:${tenant}:*`);
    expect(others).toEqual([]);
    const box = await dataKeys.boxFor(dataKeyScope(tenant));
    expect(key.endsWith(box.lookupHash('{"legalName":"Acme Widgets LLC","tin":"123456789"}'))).toBe(true);
    const sealed = (await h.redis.get(key))!;
    expect([sealed.includes('123456789'), sealed.includes('Acme')]).toEqual([false, false]);
    expect(JSON.parse(await dataKeys.open(sealed))).toEqual(answer);
    expect(await h.redis.exists(`{${h.redisPrefix}}:provider-rate:compliancely:a1b2c3d4e5f60718`)).toBe(1);
  });

  it("never reads an erased tenant's cached answer: its key is destroyed, so the answer neither opens nor is found", async () => {
    const tenant = randomUUID();
    const { guard } = runtime();
    let calls = 0;
    const call = async () => ((calls += 1), answer);
    await guard(tinMatch(tenant, 'erased0000000001'), call);
    const [key] = await h.redis.keys(`{${h.redisPrefix}}:provider-answer:tin:compliancely:${tenant}:*`);
    await destroyKey(dataKeyScope(tenant));
    await expect(dataKeys.open((await h.redis.get(key))!)).rejects.toThrow(DataKeyDestroyedError);
    warnings.length = 0;
    await guard(tinMatch(tenant, 'erased0000000001'), call);
    expect(calls).toBe(2);
    expect(warnings).toEqual(['a provider answer could not be read from or kept in the cache', 'a provider answer could not be read from or kept in the cache']);
  });

  it('registers the circuits gauge on a registry, read from the breakers at each scrape', async () => {
    const { guard, registerMetrics } = runtime();
    const registry = new Registry();
    registerMetrics(registry);
    await expect(guard({ ...tinMatch(randomUUID(), 'down000000000001'), cacheKey: undefined }, async () => Promise.reject(new ProviderError('Compliancely answered 503', { transient: true })))).rejects.toThrow('Compliancely answered 503');
    expect(await registry.metrics()).toContain('kyb_provider_circuit_state{adapter="compliancely",credential="down000000000001"} 2');
  });
});
