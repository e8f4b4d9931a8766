/** The envelope fields the matrix compares (contract 2.1); anything else stays opaque. */
export interface Envelope {
  status?: string;
  message?: string;
  errorCode?: string | null;
  data?: Record<string, unknown> & { errorName?: string };
}

/** One answer of the running suite. */
export interface Answer {
  status: number;
  body: Envelope;
  /** The body as text, to compare two answers exactly. */
  text: string;
}

/** What a request carries besides its method and path. */
export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Appended to the path as is, e.g. `?page=1`. */
  query?: string;
  /** More request headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** Calls the suite at its public port. */
export type Call = (method: string, path: string, options?: CallOptions) => Promise<Answer>;

/** A {@link Call} against `base` (e.g. `http://127.0.0.1:8080`). */
export function createCall(base: string): Call {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}${options.query ?? ''}`, {
      method: method.toUpperCase(),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: Envelope = {};
    try {
      body = text ? (JSON.parse(text) as Envelope) : {};
    } catch {
      // Not JSON (a PDF): compared by status and text only.
    }
    return { status: res.status, body, text };
  };
}

/** The `data` of a successful set-up step; anything else fails the set-up with the answer. */
export function dataOf<T>(answer: Answer, step: string): T {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${step} answered ${answer.status}: ${answer.text}`);
  return answer.body.data as T;
}
