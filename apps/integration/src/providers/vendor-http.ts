import { ProviderError } from './providers.errors';

/** A call to a vendor's JSON API, relative to the adapter's base URL. */
export interface VendorRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path under the base URL, e.g. `/street-address`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Statuses besides 2xx that the adapter reads itself (a vendor's 404 "no such company"). */
  answers?: readonly number[];
}

/** A vendor's answer: its status, its JSON body, and the body's text as it came (the raw answer kept). */
export interface VendorAnswer<T> {
  status: number;
  body: T;
  text: string;
}

/** What signs a request where the vendor wants more than a header it knows in advance (OAuth 1.0a). */
export type Authorize = (request: { method: string; url: string; body: string | undefined }) => Record<string, string>;

/** How an adapter reaches its vendor. */
export interface VendorHttpOptions {
  /** The vendor's name, in our messages (`Smarty`, `OpenCorporates`...). */
  vendor: string;
  /** `<PROVIDER>_BASE_URL`: the vendor's production host by default, a fake in tests. */
  baseUrl: string;
  /** Per call; a call that takes longer is abandoned and fails transient. */
  timeoutMs?: number;
  authorize?: Authorize;
  fetch?: typeof fetch;
}

/**
 * A vendor refused or failed a call. `status` is the vendor's (null when it never answered);
 * `retryAfterMs` is its `Retry-After`, when it said one. The message is ours: never the vendor's
 * text, which may echo what was sent.
 */
export class VendorCallError extends ProviderError {
  readonly status: number | null;
  readonly retryAfterMs: number | null;
  constructor(message: string, options: { transient: boolean; status: number | null; retryAfterMs?: number | null; cause?: unknown }) {
    super(message, { transient: options.transient, cause: options.cause });
    this.name = 'VendorCallError';
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function urlOf(baseUrl: string, request: VendorRequest): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + request.path);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/** Our text for a vendor status that is not an answer. */
function refusal(vendor: string, status: number, retryAfter: number | null): VendorCallError {
  if (status === 401 || status === 403) return new VendorCallError(`${vendor} refused the credentials (HTTP ${status})`, { transient: false, status });
  if (status === 429) return new VendorCallError(`${vendor} is rate limiting these credentials (HTTP 429)`, { transient: true, status, retryAfterMs: retryAfter });
  if (status >= 500) return new VendorCallError(`${vendor} failed (HTTP ${status})`, { transient: true, status, retryAfterMs: retryAfter });
  return new VendorCallError(`${vendor} refused the request (HTTP ${status})`, { transient: false, status });
}

/**
 * A vendor's JSON API: one call with a time-out, its failures as {@link VendorCallError}s (401, 403
 * and other 4xx permanent; 429, 5xx, time-outs, network failures and bodies that are not JSON
 * transient). Retries, the circuit breaker and rate limits are the caller's (the provider guard).
 */
export function createVendorHttp(options: VendorHttpOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async function call<T>(request: VendorRequest): Promise<VendorAnswer<T>> {
    const url = urlOf(options.baseUrl, request);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers: Record<string, string> = { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers };
    Object.assign(headers, options.authorize?.({ method: request.method, url, body }) ?? {});
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, { method: request.method, headers, body, signal, redirect: 'error' });
      text = await response.text();
    } catch (err) {
      const timedOut = signal.aborted;
      const message = timedOut ? `${options.vendor} did not answer within ${timeoutMs} ms` : `${options.vendor} could not be reached`;
      throw new VendorCallError(message, { transient: true, status: null, cause: err });
    }
    const ok = (response.status >= 200 && response.status < 300) || (request.answers ?? []).includes(response.status);
    if (!ok) throw refusal(options.vendor, response.status, retryAfterMs(response.headers.get('retry-after')));
    try {
      return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T, text };
    } catch {
      // No cause: the parser's message quotes the body, which may echo what was sent (a TIN, a name).
      throw new VendorCallError(`${options.vendor} answered a body that is not JSON (HTTP ${response.status})`, { transient: true, status: response.status });
    }
  };
}

/** A vendor's JSON API, as {@link createVendorHttp} makes it. */
export type VendorHttp = ReturnType<typeof createVendorHttp>;
