/** The closed set of `errorCode` values the contract uses. */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'NOT_ALLOWED'
  | 'INVALID'
  | 'DUPLICATE'
  /** The target existed and was erased (an erased tenant: docs/adr/0043). */
  | 'GONE'
  | 'UNKNOWN_ERROR';

/** What every failure carries. Status and code are stated explicitly: the contract derives neither from the other. */
export interface AppErrorInit {
  /** Client-safe text, sent as the envelope's `message`. */
  message: string;
  httpStatus: number;
  errorCode: ErrorCode | null;
  /** Sent as `data.errorName`. */
  errorName: string;
  /** Extra client-safe fields placed in `data` beside `errorName`. */
  data?: Record<string, unknown>;
  /** Extra response headers (for example `Allow` or `Retry-After`). */
  headers?: Record<string, string>;
  /** The underlying failure, for the log only; never sent. */
  cause?: unknown;
}

/** The body of a failure response (part 7 of the contract). */
export interface FailureBody {
  status: 'fail' | 'error';
  message: string;
  errorCode?: ErrorCode | null;
  data: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The one error model of the suite. Middleware and services throw it (or a subclass named by
 * meaning); exactly one error handler turns it into the envelope.
 */
const BRAND = Symbol.for('kyb.AppError');

export class AppError extends Error {
  /**
   * `instanceof AppError` also recognises errors from another copy of this library (each area's
   * bundle carries its own copy when the suite loads several areas in one process).
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this === AppError) return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
    return Function.prototype[Symbol.hasInstance].call(this, value);
  }

  readonly [BRAND] = true;
  readonly httpStatus: number;
  readonly errorCode: ErrorCode | null;
  readonly errorName: string;
  readonly data: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(init: AppErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = init.errorName;
    this.httpStatus = init.httpStatus;
    this.errorCode = init.errorCode;
    this.errorName = init.errorName;
    this.data = init.data ?? {};
    this.headers = init.headers ?? {};
  }

  /** The envelope written for this error; subclasses override it only where the contract shows another shape. */
  toBody(): FailureBody {
    return {
      status: this.httpStatus >= 500 ? 'error' : 'fail',
      message: this.message,
      errorCode: this.errorCode,
      data: { errorName: this.errorName, ...this.data },
    };
  }
}

/** 400 `INVALID` `ValidationMiddlewareError`: a body, path or query that fails its schema. */
export class ValidationError extends AppError {
  constructor(message: string) {
    super({ message, httpStatus: 400, errorCode: 'INVALID', errorName: 'ValidationMiddlewareError' });
  }
}

/** 405 `NOT_ALLOWED` for a known path asked with another method; carries the `Allow` header. */
export class MethodNotAllowedError extends AppError {
  constructor(allowed: readonly string[]) {
    super({
      message: 'Method Not Allowed',
      httpStatus: 405,
      errorCode: 'NOT_ALLOWED',
      errorName: 'MethodNotAllowedError',
      headers: { Allow: allowed.join(', ') },
    });
  }
}

/** 404 `NOT_FOUND` for a path no app serves. */
export class RouteNotFoundError extends AppError {
  constructor() {
    super({ message: 'Route not found', httpStatus: 404, errorCode: 'NOT_FOUND', errorName: 'RouteNotFoundError' });
  }
}

/** 404 `NOT_FOUND` for a resource that does not exist (`User not found`, `Customer not found`, ...). */
export class NotFoundError extends AppError {
  constructor(message: string, errorName = 'NotFoundError') {
    super({ message, httpStatus: 404, errorCode: 'NOT_FOUND', errorName });
  }
}

/** 409 `DUPLICATE`: the resource already exists. */
export class DuplicateError extends AppError {
  constructor(message: string, errorName = 'DuplicateError') {
    super({ message, httpStatus: 409, errorCode: 'DUPLICATE', errorName });
  }
}

/** 413 for a body over the configured limit. */
export class PayloadTooLargeError extends AppError {
  constructor(limit: string) {
    super({
      message: `Request body is larger than the limit of ${limit}`,
      httpStatus: 413,
      errorCode: 'INVALID',
      errorName: 'PayloadTooLargeError',
    });
  }
}

/** 415 for a body in an encoding or charset the API does not read. */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super({ message, httpStatus: 415, errorCode: 'INVALID', errorName: 'UnsupportedMediaTypeError' });
  }
}

/** The limit a 429 answers for: so many requests per window (seconds). */
export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

/**
 * 429 with `Retry-After` (seconds) when a caller has made too many attempts, and with a policy,
 * the draft IETF rate-limit headers: `RateLimit-Policy`, `RateLimit-Limit`, `RateLimit-Remaining`
 * and `RateLimit-Reset`.
 */
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number, policy?: RateLimitPolicy) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    const rateLimit: Record<string, string> = policy
      ? {
          'RateLimit-Policy': `${policy.limit};w=${policy.windowSeconds}`,
          'RateLimit-Limit': String(policy.limit),
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': String(seconds),
        }
      : {};
    super({
      message,
      httpStatus: 429,
      errorCode: 'NOT_ALLOWED',
      errorName: 'RateLimitError',
      headers: { 'Retry-After': String(seconds), ...rateLimit },
      data: { retryAfterSeconds: seconds },
    });
  }
}

/** 500: the safe face of an unexpected failure; the cause goes to the log only. */
export class InternalError extends AppError {
  constructor(cause?: unknown) {
    super({
      message: 'Something went wrong. Please try again later.',
      httpStatus: 500,
      errorCode: 'UNKNOWN_ERROR',
      errorName: 'InternalServerError',
      cause,
    });
  }
}

/** 503 when a dependency (database, Redis) does not answer. */
export class ServiceUnavailableError extends AppError {
  /** `cause`: what failed underneath, logged by the error handler (never answered). */
  constructor(message: string, data?: Record<string, unknown>, cause?: unknown) {
    super({ message, httpStatus: 503, errorCode: 'UNKNOWN_ERROR', errorName: 'ServiceUnavailableError', data, cause });
  }
}
