/** The `errorCode` values the suite answers with (ARCHITECTURE.md: "Everywhere"); another string from a newer suite passes through. */
export type KybErrorCode =
  | 'UNAUTHENTICATED'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'NOT_ALLOWED'
  | 'INVALID'
  | 'DUPLICATE'
  | 'GONE'
  | 'UNKNOWN_ERROR'
  | (string & {});

/** What {@link KybApiError} is built from. */
export interface KybApiErrorInit {
  httpStatus: number;
  errorCode: KybErrorCode | null;
  errorName: string;
  message: string;
  requestId: string | undefined;
  /** The envelope's `data` (beside `errorName`: for example `failed_rows` of a refused E12 row). */
  data: Record<string, unknown>;
  method: string;
  url: string;
}

/**
 * A failure answered by the suite in its envelope (`{status, message, errorCode, data: {errorName}}`),
 * or a non-JSON answer (a proxy's page), read as well as it can be.
 */
export class KybApiError extends Error {
  readonly httpStatus: number;
  readonly errorCode: KybErrorCode | null;
  readonly errorName: string;
  /** The suite's `X-Request-Id` of the request (or the envelope's, when it states one): quote it to support. */
  readonly requestId: string | undefined;
  readonly data: Record<string, unknown>;
  readonly method: string;
  /** The URL without its query string (which can hold search text). */
  readonly url: string;

  constructor(init: KybApiErrorInit) {
    super(init.message);
    this.name = 'KybApiError';
    this.httpStatus = init.httpStatus;
    this.errorCode = init.errorCode;
    this.errorName = init.errorName;
    this.requestId = init.requestId;
    this.data = init.data;
    this.method = init.method;
    this.url = init.url;
  }
}

/** The request never got an answer (connection refused or reset, DNS, a timeout) after every attempt allowed. */
export class KybNetworkError extends Error {
  readonly method: string;
  readonly url: string;
  readonly attempts: number;

  constructor(init: { method: string; url: string; attempts: number; cause: unknown }) {
    super(`${init.method} ${init.url} got no answer after ${init.attempts} attempt(s)`, { cause: init.cause });
    this.name = 'KybNetworkError';
    this.method = init.method;
    this.url = init.url;
    this.attempts = init.attempts;
  }
}

/** A client call made out of order: for example a signed-in call before `signIn`. */
export class KybClientStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KybClientStateError';
  }
}

/** Why {@link verifyWebhook} refused a delivery. */
export type WebhookVerificationReason = 'missing_headers' | 'bad_timestamp' | 'timestamp_outside_tolerance' | 'no_matching_signature';

/** A webhook delivery that did not verify: answer it with a 4xx and do not act on it. */
export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a failure answer into a {@link KybApiError}; `body` is the parsed JSON, or undefined when the answer was not JSON. */
export function apiErrorOf(response: { status: number; headers: Headers }, body: unknown, request: { method: string; url: string }): KybApiError {
  const envelope = isRecord(body) ? body : {};
  const data = isRecord(envelope.data) ? envelope.data : {};
  const { errorName, requestId, request_id: requestIdSnake, ...rest } = data;
  const fromBody = [requestId, requestIdSnake, envelope.request_id, envelope.requestId].find((v): v is string => typeof v === 'string');
  return new KybApiError({
    httpStatus: response.status,
    errorCode: typeof envelope.errorCode === 'string' ? envelope.errorCode : null,
    errorName: typeof errorName === 'string' ? errorName : 'UnknownError',
    message: typeof envelope.message === 'string' ? envelope.message : `HTTP ${response.status} without the suite's envelope`,
    requestId: fromBody ?? response.headers.get('x-request-id') ?? undefined,
    data: rest,
    method: request.method,
    url: request.url.split('?')[0],
  });
}
