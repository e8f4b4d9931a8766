import { inSpan } from '@kyb/telemetry';
import { VendorCallError } from '../vendor-http';
import type { AnswerCache } from './answer-cache';
import type { CircuitBreakers } from './circuit-breaker';
import { CircuitOpenError, ProviderThrottledError } from './guard.errors';
import { providerSpanAttributes } from './traced-provider';
import { waitFor, withRetries, type RetryOptions, type Wait } from './retry-policy';
import type { TokenBucket } from './token-bucket';

/** One provider call to guard: whose, through what, and whether it may be repeated or cached. */
export interface GuardedCallRequest {
  adapter: string;
  /** The credentials' fingerprint (never the secret): it keys the circuit and the rate limit. */
  credentialFingerprint: string;
  capability: string;
  customerId: string;
  /** A read, or a write the vendor documents as idempotent: transient failures may be retried. */
  safeToRepeat: boolean;
  /** The query, when its answer may be cached (only a keyed hash of it is kept). */
  cacheKey?: unknown;
}

/** One vendor call actually made (cache hits make none), for metering per tenant, adapter and month. */
export interface ProviderUsageEvent {
  customerId: string;
  adapter: string;
  capability: string;
  outcome: 'ok' | 'failed';
  cached: false;
  at: Date;
}

/** One guarded call as its caller saw it, for metrics: no customer, credential or query. */
export interface ProviderCallObservation {
  adapter: string;
  outcome: 'ok' | 'cached' | 'failed' | 'circuit_open' | 'throttled';
  /** From the call to its answer or error, retries and waits included. */
  seconds: number;
}

export interface ProviderGuardOptions {
  breakers: CircuitBreakers;
  /** The bucket of each rate-limited adapter (its vendor's limits); an adapter not listed is not limited. */
  rateLimits?: Readonly<Record<string, TokenBucket>>;
  /** The longest a call waits for a token; beyond it the attempt fails with {@link ProviderThrottledError}. */
  maxRateWaitMs: number;
  cache?: AnswerCache;
  retry: Pick<RetryOptions, 'attempts' | 'baseDelayMs' | 'maxDelayMs'>;
  wait?: Wait;
  random?: () => number;
  clock: () => Date;
  /** Told of every vendor call; not awaited, and its failures go to `onError`, never to the call. */
  onUsage?: (event: ProviderUsageEvent) => void | Promise<void>;
  /** Hears what the guard hides so the call goes on: a failing usage hook, a rate limit Redis cannot keep. */
  onError?: (err: unknown) => void;
  /** Told of every guarded call once it answered or failed (metrics); must not throw. */
  onCall?: (call: ProviderCallObservation) => void;
  /** A monotonic clock in milliseconds for `onCall`'s durations (default `performance.now`). */
  elapsedMs?: () => number;
}

/**
 * Guards every adapter call: a cached answer when there is one; else the credential's circuit
 * breaker around the retries, each attempt taking its own token from the credential's bucket (a
 * retry is a request the vendor counts too) before `call` runs. A vendor 429 with `Retry-After`
 * empties the bucket until then, for every process. A successful answer is cached when the request
 * has a `cacheKey`. `onUsage` hears each run of `call`, `onCall` each guarded call's outcome and time. A rate limit that cannot be read lets the
 * call go (Redis failing should not stop checks that do not need it).
 */
export function createProviderGuard(options: ProviderGuardOptions) {
  const wait = options.wait ?? waitFor;
  const tell = (event: ProviderUsageEvent) => {
    try {
      void Promise.resolve(options.onUsage?.(event)).catch((err: unknown) => options.onError?.(err));
    } catch (err) {
      options.onError?.(err);
    }
  };
  const quietly = async <T>(work: () => Promise<T>): Promise<T | undefined> => work().catch((err: unknown) => void options.onError?.(err));

  const elapsedMs = options.elapsedMs ?? (() => performance.now());

  // Traced: one span per guarded call (adapter, capability and outcome; never the tenant's data), the vendor's HTTP call its child.
  return async function guardedCall<T>(request: GuardedCallRequest, call: () => Promise<T>): Promise<T> {
    const attributes = providerSpanAttributes(request.capability, request.adapter);
    return inSpan(`provider ${request.capability} ${request.adapter}`, attributes, async (span) => {
      const startedMs = elapsedMs();
      const observe = (outcome: ProviderCallObservation['outcome']) => {
        span.setAttribute('kyb.provider.outcome', outcome);
        options.onCall?.({ adapter: request.adapter, outcome, seconds: Math.max(0, elapsedMs() - startedMs) / 1000 });
      };
      try {
        const { answer, cached } = await guarded(request, call);
        observe(cached ? 'cached' : 'ok');
        return answer;
      } catch (err) {
        observe(err instanceof CircuitOpenError ? 'circuit_open' : err instanceof ProviderThrottledError ? 'throttled' : 'failed');
        throw err;
      }
    });
  };

  async function guarded<T>(request: GuardedCallRequest, call: () => Promise<T>): Promise<{ answer: T; cached: boolean }> {
    const { adapter, capability, customerId } = request;
    const cacheKey = request.cacheKey === undefined ? undefined : { capability, adapter, customerId, query: request.cacheKey };
    if (cacheKey && options.cache) {
      const kept = await options.cache.get<T>(cacheKey);
      if (kept !== undefined) return { answer: kept, cached: true };
    }
    const bucket = options.rateLimits?.[adapter];
    const bucketKey = `${adapter}:${request.credentialFingerprint}`;

    const attempt = async (): Promise<T> => {
      const waitMs = bucket ? ((await quietly(() => bucket.take(bucketKey, options.maxRateWaitMs))) ?? 0) : 0;
      if (waitMs > options.maxRateWaitMs) throw new ProviderThrottledError(adapter, waitMs);
      if (waitMs > 0) await wait(waitMs);
      try {
        const answer = await call();
        tell({ customerId, adapter, capability, outcome: 'ok', cached: false, at: options.clock() });
        return answer;
      } catch (err) {
        tell({ customerId, adapter, capability, outcome: 'failed', cached: false, at: options.clock() });
        const pauseMs = err instanceof VendorCallError && err.status === 429 ? err.retryAfterMs : null;
        if (bucket && pauseMs !== null) await quietly(() => bucket.pause(bucketKey, pauseMs));
        throw err;
      }
    };
    const answer = await options.breakers.run({ adapter, credential: request.credentialFingerprint }, () =>
      withRetries(attempt, { ...options.retry, safeToRepeat: request.safeToRepeat, wait, random: options.random }),
    );
    if (cacheKey && options.cache) await options.cache.set(cacheKey, answer);
    return { answer, cached: false };
  }
}

/** A guard's call, as {@link createProviderGuard} makes it. */
export type GuardedCall = ReturnType<typeof createProviderGuard>;
