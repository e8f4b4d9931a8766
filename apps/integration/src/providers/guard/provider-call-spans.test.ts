import { recordSpans } from '@kyb/telemetry/testing';
import { VendorCallError } from '../vendor-http';
import type { AnswerCache } from './answer-cache';
import { createCircuitBreakers } from './circuit-breaker';
import { createProviderGuard, type GuardedCallRequest } from './guarded-call';

const AT = new Date('2026-12-02T10:00:00.000Z');
const REQUEST: GuardedCallRequest = { adapter: 'smarty', credentialFingerprint: 'a1b2c3d4e5f60718', capability: 'address', customerId: 'c-1', safeToRepeat: false };

/* Traces (issue 47): every guarded provider call is a span of its own, its outcome named, nothing of the tenant's. */
describe('the provider call spans', () => {
  const recorded = recordSpans();
  afterAll(() => recorded.stop());

  it('name the capability and adapter, and carry the outcome: ok, cached, failed, circuit_open; no customer, credential or query', async () => {
    const kept = new Map<string, unknown>();
    const cache: AnswerCache = { get: async <T>(key: unknown) => kept.get(JSON.stringify(key)) as T | undefined, set: async (key, answer) => void kept.set(JSON.stringify(key), answer) };
    const guard = createProviderGuard({
      breakers: createCircuitBreakers({ failureThreshold: 1, coolDownMs: 30_000, clock: () => AT }),
      maxRateWaitMs: 500,
      cache,
      retry: { attempts: 1, baseDelayMs: 100, maxDelayMs: 2000 },
      wait: async () => undefined,
      clock: () => AT,
    });
    const asked = { ...REQUEST, cacheKey: { street: '1 Main St' } };
    await guard(asked, async () => ({ deliverable: true }));
    await guard(asked, async () => ({ deliverable: false }));
    await guard(REQUEST, async () => Promise.reject(new VendorCallError('Smarty failed (HTTP 503)', { transient: true, status: 503 }))).catch(() => undefined);
    await guard(REQUEST, async () => ({ deliverable: true })).catch(() => undefined);

    const spans = recorded.spans();
    expect(spans.map((s) => [s.name, s.attributes['kyb.provider.outcome'], s.status.code])).toEqual([
      ['provider address smarty', 'ok', 0],
      ['provider address smarty', 'cached', 0],
      ['provider address smarty', 'failed', 2],
      ['provider address smarty', 'circuit_open', 2],
    ]);
    for (const span of spans) expect(Object.keys(span.attributes).sort()).toEqual(expect.arrayContaining(['kyb.provider.adapter', 'kyb.provider.capability', 'kyb.provider.outcome']));
    const exported = JSON.stringify(spans.map((s) => [s.attributes, s.events]));
    for (const secret of ['c-1', 'a1b2c3d4e5f60718', '1 Main St', 'HTTP 503']) expect(exported).not.toContain(secret);
  });
});
