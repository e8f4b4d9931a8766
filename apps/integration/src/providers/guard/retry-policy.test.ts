import { ProviderError } from '../providers.errors';
import { VendorCallError } from '../vendor-http';
import { ProviderThrottledError } from './guard.errors';
import { withRetries, type RetryOptions } from './retry-policy';

const outage = (retryAfterMs: number | null = null) => new VendorCallError('Acme failed (HTTP 503)', { transient: true, status: 503, retryAfterMs });
const refusal = () => new VendorCallError('Acme refused the request (HTTP 400)', { transient: false, status: 400 });

describe('retrying a vendor call', () => {
  let waits: number[];
  let attempts: number[];
  const options = (overrides: Partial<RetryOptions> = {}): RetryOptions => ({
    attempts: 4,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    safeToRepeat: true,
    wait: async (ms) => void waits.push(ms),
    random: () => 0.5,
    ...overrides,
  });
  /** A call that fails with `failures` in turn, then answers 'ok'. */
  const failingWith = (...failures: Error[]) => async (attempt: number) => {
    attempts.push(attempt);
    const failure = failures[attempt - 1];
    if (failure) throw failure;
    return 'ok';
  };
  const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e);

  beforeEach(() => {
    waits = [];
    attempts = [];
  });

  it('answers the first success without waiting', async () => {
    expect(await withRetries(failingWith(), options())).toBe('ok');
    expect([attempts, waits]).toEqual([[1], []]);
  });

  it('backs off exponentially with full jitter: a draw of half of 100, 200, 400 ms', async () => {
    expect(await withRetries(failingWith(outage(), outage(), outage()), options())).toBe('ok');
    expect([attempts, waits]).toEqual([[1, 2, 3, 4], [50, 100, 200]]);
  });

  it('draws each wait below its ceiling, and never above maxDelayMs', async () => {
    const draws = [0, 0.999, 0.999];
    const err = outage();
    await rejection(withRetries(failingWith(err, err, err, err), options({ baseDelayMs: 400, maxDelayMs: 1000, random: () => draws.shift()! })));
    expect(waits).toEqual([0, 799, 999]);
  });

  it('gives up after the last attempt with the last failure', async () => {
    const last = outage();
    expect(await rejection(withRetries(failingWith(outage(), outage(), last), options({ attempts: 3 })))).toBe(last);
    expect([attempts, waits]).toEqual([[1, 2, 3], [50, 100]]);
  });

  it('never retries a permanent failure, nor an error that is not a ProviderError', async () => {
    const permanent = refusal();
    expect(await rejection(withRetries(failingWith(permanent), options()))).toBe(permanent);
    const bug = new TypeError('x is undefined');
    expect(await rejection(withRetries(failingWith(bug), options()))).toBe(bug);
    expect([attempts, waits]).toEqual([[1, 1], []]);
  });

  it('never repeats a call that is not safe to repeat, even when the failure is transient', async () => {
    const err = outage();
    expect(await rejection(withRetries(failingWith(err), options({ safeToRepeat: false })))).toBe(err);
    expect([attempts, waits]).toEqual([[1], []]);
  });

  it('retries our own rate limit even for a call not safe to repeat: it never reached the vendor', async () => {
    expect(await withRetries(failingWith(new ProviderThrottledError('Acme', 300)), options({ safeToRepeat: false }))).toBe('ok');
    expect(waits).toEqual([300]);
  });

  it("waits at least the vendor's Retry-After, and the jittered delay when that is longer", async () => {
    expect(await withRetries(failingWith(outage(700), outage(10)), options())).toBe('ok');
    expect(waits).toEqual([700, 100]);
  });

  it('rethrows at once, still transient with its Retry-After, when the vendor asks for longer than maxDelayMs', async () => {
    const err = outage(5000);
    const thrown = (await rejection(withRetries(failingWith(err), options()))) as VendorCallError;
    expect(thrown).toBe(err);
    expect([thrown.transient, thrown.retryAfterMs, attempts, waits]).toEqual([true, 5000, [1], []]);
  });

  it('retries a transient ProviderError of an adapter (not only vendor HTTP failures)', async () => {
    expect(await withRetries(failingWith(new ProviderError('Acme answered nothing we can read', { transient: true })), options())).toBe('ok');
    expect(waits).toEqual([50]);
  });
});
