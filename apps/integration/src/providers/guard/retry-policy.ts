import { ProviderError } from '../providers.errors';
import { VendorCallError } from '../vendor-http';
import { ProviderThrottledError } from './guard.errors';

/** Waits `ms` milliseconds: a timer in production, a recorder in tests. */
export type Wait = (ms: number) => Promise<void>;

/** A timer-backed {@link Wait}. */
export const waitFor: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a vendor call is retried. */
export interface RetryOptions {
  /** Tries in all, the first included (1: no retry). */
  attempts: number;
  /** The backoff's ceiling before the first retry; it doubles for each further retry. */
  baseDelayMs: number;
  /** No single wait is longer; a vendor's `Retry-After` beyond it ends the retries at once. */
  maxDelayMs: number;
  /**
   * The call may run twice without harm: a read, or a write the vendor documents as idempotent.
   * When false, only failures that never reached the vendor (our own rate limit) are retried.
   */
  safeToRepeat: boolean;
  wait?: Wait;
  /** In [0, 1): the jitter's draw. */
  random?: () => number;
}

/** What a vendor (or our own limit) asked us to wait, if it said. */
function retryAfterOf(err: unknown): number | null {
  return err instanceof VendorCallError || err instanceof ProviderThrottledError ? err.retryAfterMs : null;
}

/** Whether another try may follow this failure. */
function retriable(err: unknown, safeToRepeat: boolean): boolean {
  if (!(err instanceof ProviderError) || !err.transient) return false;
  return safeToRepeat || err instanceof ProviderThrottledError;
}

/**
 * Runs `call` (given its 1-based attempt number), retrying transient {@link ProviderError}s while
 * the call is safe to repeat. The wait before retry `n` is drawn uniformly from
 * `[0, min(maxDelayMs, baseDelayMs * 2^(n-1)))` (full jitter: callers failing together do not
 * return together), and is at least the error's `retryAfterMs` when it has one. A `retryAfterMs`
 * longer than `maxDelayMs` ends the retries: the error is rethrown as it came (still transient, with
 * its `retryAfterMs`), so the job's own backoff waits it out instead of a held worker. Permanent
 * errors, and anything that is not a ProviderError (a bug), are rethrown at once.
 */
export async function withRetries<T>(call: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const wait = options.wait ?? waitFor;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call(attempt);
    } catch (err) {
      if (attempt >= options.attempts || !retriable(err, options.safeToRepeat)) throw err;
      const asked = retryAfterOf(err);
      if (asked !== null && asked > options.maxDelayMs) throw err;
      const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
      await wait(Math.max(Math.floor(random() * ceiling), asked ?? 0));
    }
  }
}
