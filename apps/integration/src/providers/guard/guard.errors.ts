import { ProviderError } from '../providers.errors';

/**
 * A credential's circuit is open: its vendor failed too often, so the call was not made. Transient
 * (the vendor may recover); `retryAfterMs` says when the next trial call may go, for the job's backoff.
 */
export class CircuitOpenError extends ProviderError {
  readonly retryAfterMs: number | null;
  constructor(message: string, retryAfterMs: number | null) {
    super(message, { transient: true });
    this.name = 'CircuitOpenError';
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * Our own rate limit for a credential is spent for longer than a call may wait: the call was not
 * made. Transient; `retryAfterMs` is when a token will be free. Never sent, so always safe to retry.
 */
export class ProviderThrottledError extends ProviderError {
  readonly retryAfterMs: number;
  constructor(adapter: string, retryAfterMs: number) {
    super(`${adapter} calls with these credentials are at their rate limit: the next one is free in ${retryAfterMs} ms`, { transient: true });
    this.name = 'ProviderThrottledError';
    this.retryAfterMs = retryAfterMs;
  }
}
