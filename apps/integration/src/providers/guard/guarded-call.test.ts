import { VendorCallError } from '../vendor-http';
import type { AnswerCache } from './answer-cache';
import { createCircuitBreakers, type CircuitBreakers } from './circuit-breaker';
import { CircuitOpenError, ProviderThrottledError } from './guard.errors';
import { createProviderGuard, type GuardedCallRequest, type ProviderGuardOptions, type ProviderUsageEvent } from './guarded-call';
import type { TokenBucket } from './token-bucket';

const AT = new Date('2026-12-02T10:00:00.000Z');
const REQUEST: GuardedCallRequest = { adapter: 'smarty', credentialFingerprint: 'a1b2c3d4e5f60718', capability: 'address', customerId: 'c-1', safeToRepeat: true };
const outage = () => new VendorCallError('Smarty failed (HTTP 503)', { transient: true, status: 503 });
const rateLimited = (retryAfterMs: number) => new VendorCallError('Smarty is rate limiting these credentials (HTTP 429)', { transient: true, status: 429, retryAfterMs });

describe('a guarded provider call', () => {
  let log: string[];
  let usage: ProviderUsageEvent[];
  let errors: unknown[];
  let takeWaits: number[];
  let kept: Map<string, unknown>;
  let breakers: CircuitBreakers;
  const bucket: TokenBucket = {
    take: async (key, maxWaitMs) => (log.push(`take ${key} ${maxWaitMs}`), takeWaits.shift() ?? 0),
    pause: async (key, ms) => void log.push(`pause ${key} ${ms}`),
  };
  const cache: AnswerCache = {
    get: async <T>(key: { query: unknown }) => (log.push('cache get'), kept.get(JSON.stringify(key)) as T | undefined),
    set: async (key, answer) => void (log.push('cache set'), kept.set(JSON.stringify(key), answer)),
  };
  const guard = (overrides: Partial<ProviderGuardOptions> = {}) =>
    createProviderGuard({
      breakers,
      rateLimits: { smarty: bucket },
      maxRateWaitMs: 500,
      cache,
      retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 2000 },
      wait: async (ms) => void log.push(`wait ${ms}`),
      random: () => 0.5,
      clock: () => AT,
      onUsage: (event) => void usage.push(event),
      onError: (err) => void errors.push(err),
      ...overrides,
    });
  /** A vendor call failing with `failures` in turn, then answering. */
  const vendor = (...failures: Error[]) => async () => {
    log.push('call');
    const failure = failures.shift();
    if (failure) throw failure;
    return { deliverable: true };
  };
  const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e);
  const used = (outcome: 'ok' | 'failed'): ProviderUsageEvent => ({ customerId: 'c-1', adapter: 'smarty', capability: 'address', outcome, cached: false, at: AT });

  beforeEach(() => {
    log = [];
    usage = [];
    errors = [];
    takeWaits = [];
    kept = new Map();
    breakers = createCircuitBreakers({ failureThreshold: 2, coolDownMs: 30_000, clock: () => AT });
  });

  it('takes a token, calls, caches the answer, and meters one call', async () => {
    expect(await guard()({ ...REQUEST, cacheKey: { street: '1 Main St' } }, vendor())).toEqual({ deliverable: true });
    expect(log).toEqual(['cache get', 'take smarty:a1b2c3d4e5f60718 500', 'call', 'cache set']);
    expect(usage).toEqual([used('ok')]);
  });

  it('answers a cached answer without a token, a call or a usage event', async () => {
    await guard()({ ...REQUEST, cacheKey: { street: '1 Main St' } }, vendor());
    log = [];
    usage = [];
    expect(await guard()({ ...REQUEST, cacheKey: { street: '1 Main St' } }, vendor())).toEqual({ deliverable: true });
    expect([log, usage]).toEqual([['cache get'], []]);
  });

  it('neither reads nor writes the cache without a cacheKey', async () => {
    await guard()(REQUEST, vendor());
    expect(log).toEqual(['take smarty:a1b2c3d4e5f60718 500', 'call']);
  });

  it('retries a transient failure with a fresh token per attempt, metering each call', async () => {
    expect(await guard()(REQUEST, vendor(outage(), outage()))).toEqual({ deliverable: true });
    const take = 'take smarty:a1b2c3d4e5f60718 500';
    expect(log).toEqual([take, 'call', 'wait 50', take, 'call', 'wait 100', take, 'call']);
    expect(usage).toEqual([used('failed'), used('failed'), used('ok')]);
  });

  it('waits for a token that comes within maxRateWaitMs, and fails transient (without calling) beyond it', async () => {
    takeWaits = [300];
    await guard()(REQUEST, vendor());
    expect(log).toEqual(['take smarty:a1b2c3d4e5f60718 500', 'wait 300', 'call']);
    log = [];
    takeWaits = [2500];
    const err = (await rejection(guard()(REQUEST, vendor()))) as ProviderThrottledError;
    expect([err.constructor, err.message, err.transient, err.retryAfterMs]).toEqual([ProviderThrottledError, 'smarty calls with these credentials are at their rate limit: the next one is free in 2500 ms', true, 2500]);
    expect([log, usage.length]).toEqual([['take smarty:a1b2c3d4e5f60718 500'], 1]);
    expect(breakers.state({ adapter: 'smarty', credential: 'a1b2c3d4e5f60718' })).toBe('closed');
  });

  it("pauses the credential's bucket on a vendor 429 with Retry-After, then retries after it", async () => {
    expect(await guard()(REQUEST, vendor(rateLimited(1500)))).toEqual({ deliverable: true });
    expect(log).toEqual(['take smarty:a1b2c3d4e5f60718 500', 'call', 'pause smarty:a1b2c3d4e5f60718 1500', 'wait 1500', 'take smarty:a1b2c3d4e5f60718 500', 'call']);
  });

  it('does not repeat a call that is not safe to repeat, and opens the circuit after 2 failed calls, then fails fast', async () => {
    const first = outage();
    expect(await rejection(guard()({ ...REQUEST, safeToRepeat: false }, vendor(first)))).toBe(first);
    await rejection(guard()(REQUEST, vendor(outage(), outage(), outage())));
    expect(usage).toHaveLength(4);
    log = [];
    const err = (await rejection(guard()(REQUEST, vendor()))) as CircuitOpenError;
    expect([err.constructor, err.message, err.transient]).toEqual([CircuitOpenError, 'smarty is failing: calls paused until 2026-12-02T10:00:30.000Z', true]);
    expect([log, usage.length]).toEqual([[], 4]);
  });

  it('calls an adapter without a rate limit directly', async () => {
    await guard({ rateLimits: {} })(REQUEST, vendor());
    expect(log).toEqual(['call']);
  });

  it('lets the call go when the rate limit cannot be read, and a failing usage hook never fails the call', async () => {
    const down = new Error('Connection is closed.');
    const hookFailure = new Error('usage store down');
    const failing = guard({ rateLimits: { smarty: { take: async () => Promise.reject(down), pause: async () => undefined } }, onUsage: () => Promise.reject(hookFailure) });
    expect(await failing(REQUEST, vendor())).toEqual({ deliverable: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual([down, hookFailure]);
    const throwing = guard({ onUsage: () => { throw hookFailure; } });
    expect(await throwing(REQUEST, vendor())).toEqual({ deliverable: true });
    expect(errors).toEqual([down, hookFailure, hookFailure]);
  });
});
