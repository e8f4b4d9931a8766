import { apiErrorOf, KybNetworkError } from './errors';

/** How failed attempts are retried. */
export interface RetryOptions {
  /** Attempts in all, the first included (default 4; 1 turns retries off). */
  attempts: number;
  /** The backoff's base: attempt n waits a random time up to `baseDelayMs * 2^(n-1)` (default 250). */
  baseDelayMs: number;
  /** No backoff waits longer than this (default 8000). */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the failure is thrown at once (default 60000). */
  maxRetryAfterMs: number;
}

/** What {@link createTransport} is built from; every field has a default. */
export interface TransportOptions {
  fetch?: typeof fetch;
  retry?: Partial<RetryOptions>;
  /** Each attempt gives up after this long and counts as a network error (default 30000). */
  timeoutMs?: number;
  /** How backoffs wait (tests record them). */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) for the backoff's jitter. */
  random?: () => number;
}

/** One request as it is sent, attempt after attempt. */
export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Whether a failed attempt may be sent again: a safe or idempotent method, or a POST whose route honours its Idempotency-Key. */
  retryable: boolean;
  signal?: AbortSignal;
}

/** A 2xx answer, its body not read yet. */
export type Transport = (request: OutgoingRequest) => Promise<Response>;

/** Statuses that say the request was not done and may be sent again: the gateway or the area was briefly unavailable. */
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

const DEFAULT_RETRY: RetryOptions = { attempts: 4, baseDelayMs: 250, maxDelayMs: 8000, maxRetryAfterMs: 60_000 };

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A 409 IdempotencyKeyInUseError answers a retry that arrived while the first attempt still runs:
 * the suite asks for the same request again later, when it answers the first attempt's result.
 */
function isKeyInUse(status: number, body: unknown): boolean {
  const data = (body as { data?: { errorName?: unknown } } | undefined)?.data;
  return status === 409 && data?.errorName === 'IdempotencyKeyInUseError';
}

/**
 * Sends requests with bounded, jittered retries of the failures that are safe to retry: no
 * answer at all (network error or timeout), 502/503/504, and the suite's 409 for an
 * Idempotency-Key still in use, each only for a retryable request. `Retry-After` is honoured.
 * Other answers below 200 or from 300 up throw `KybApiError`; 4xx are never retried.
 */
export function createTransport(options: TransportOptions = {}): Transport {
  const doFetch = options.fetch ?? globalThis.fetch;
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const backoff = (attempt: number) => Math.floor(random() * Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1)));

  return async (request) => {
    const attempts = request.retryable ? Math.max(1, retry.attempts) : 1;
    for (let attempt = 1; ; attempt++) {
      const signal = request.signal ? AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await doFetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal, redirect: 'follow' });
      } catch (cause) {
        if (request.signal?.aborted) throw cause;
        if (attempt >= attempts) throw new KybNetworkError({ method: request.method, url: request.url.split('?')[0], attempts: attempt, cause });
        await sleep(backoff(attempt));
        continue;
      }
      if (response.ok) return response;
      const body = await readBody(response);
      const error = apiErrorOf(response, body, request);
      const again = RETRYABLE_STATUSES.has(response.status) || isKeyInUse(response.status, body);
      if (!again || attempt >= attempts) throw error;
      const asked = retryAfterMs(response.headers.get('retry-after'));
      if (asked !== undefined && asked > retry.maxRetryAfterMs) throw error;
      await sleep(asked ?? backoff(attempt));
    }
  };
}
