import { Registry } from 'prom-client';
import { metricSamples } from '@kyb/testing';
import { VendorCallError } from '../vendor-http';
import type { AnswerCache } from './answer-cache';
import { createCircuitBreakers } from './circuit-breaker';
import { createProviderGuard, type GuardedCallRequest } from './guarded-call';
import { createProviderCallMetrics } from './provider-call-metrics';

const AT = new Date('2026-12-02T10:00:00.000Z');
const REQUEST: GuardedCallRequest = { adapter: 'smarty', credentialFingerprint: 'a1b2c3d4e5f60718', capability: 'address', customerId: 'c-1', safeToRepeat: false };

describe('the provider call metrics', () => {
  it('time each guarded call by adapter and outcome: ok, cached, failed, circuit_open and throttled, with no customer or credential label', async () => {
    let ms = 0;
    const kept = new Map<string, unknown>();
    const cache: AnswerCache = { get: async <T>(key: unknown) => kept.get(JSON.stringify(key)) as T | undefined, set: async (key, answer) => void kept.set(JSON.stringify(key), answer) };
    const metrics = createProviderCallMetrics();
    const guard = createProviderGuard({
      breakers: createCircuitBreakers({ failureThreshold: 1, coolDownMs: 30_000, clock: () => AT }),
      rateLimits: { cobalt: { take: async () => 60_000, pause: async () => undefined } },
      maxRateWaitMs: 500,
      cache,
      retry: { attempts: 1, baseDelayMs: 100, maxDelayMs: 2000 },
      wait: async () => undefined,
      clock: () => AT,
      onCall: metrics.observe,
      elapsedMs: () => ms,
    });
    // Calls before the registry exists count too: the guard is wired before the process's registry is made.
    await guard({ ...REQUEST, cacheKey: { street: '1 Main St' } }, async () => ((ms += 250), { deliverable: true }));
    const registry = new Registry();
    metrics.register(registry);
    await guard({ ...REQUEST, cacheKey: { street: '1 Main St' } }, async () => ({ deliverable: false }));
    await guard(REQUEST, async () => {
      ms += 2000;
      throw new VendorCallError('Smarty failed (HTTP 503)', { transient: true, status: 503 });
    }).catch(() => undefined);
    await guard(REQUEST, async () => ({ deliverable: true })).catch(() => undefined);
    await guard({ ...REQUEST, adapter: 'cobalt' }, async () => ({ found: true })).catch(() => undefined);

    const text = await registry.metrics();
    expect(metricSamples(text, 'kyb_provider_call_duration_seconds_count')).toEqual(
      new Map([
        ['{adapter="smarty",outcome="ok"}', 1],
        ['{adapter="smarty",outcome="cached"}', 1],
        ['{adapter="smarty",outcome="failed"}', 1],
        ['{adapter="smarty",outcome="circuit_open"}', 1],
        ['{adapter="cobalt",outcome="throttled"}', 1],
      ]),
    );
    const sums = metricSamples(text, 'kyb_provider_call_duration_seconds_sum');
    expect([sums.get('{adapter="smarty",outcome="ok"}'), sums.get('{adapter="smarty",outcome="failed"}'), sums.get('{adapter="smarty",outcome="cached"}')]).toEqual([0.25, 2, 0]);
    expect(metricSamples(text, 'kyb_provider_call_duration_seconds_bucket').get('{le="0.25",adapter="smarty",outcome="ok"}')).toBe(1);
    expect(text).not.toMatch(/customer|credential|a1b2c3d4/);
  });
});
