import { AppError, ServiceUnavailableError } from '@kyb/envelope';

/** 422: the key was first used with another request (method, path, query or body). */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super({
      message: 'This Idempotency-Key was used with a different request; use a new key for a new request',
      httpStatus: 422,
      errorCode: 'INVALID',
      errorName: 'IdempotencyKeyReusedError',
    });
  }
}

/** 409: the first request with the key is still running; retrying later gets its answer. */
export class IdempotencyKeyInUseError extends AppError {
  constructor() {
    super({
      message: 'A request with this Idempotency-Key is still being processed; retry it later for its answer',
      httpStatus: 409,
      errorCode: 'DUPLICATE',
      errorName: 'IdempotencyKeyInUseError',
      headers: { 'Retry-After': '1' },
    });
  }
}

/**
 * 410 `NOT_ALLOWED`: the request with this key was done, but the answer kept for it was erased with
 * the personal data it held (an owner's erasure); it is not done again.
 */
export class IdempotencyAnswerErasedError extends AppError {
  constructor() {
    super({
      message: 'The request with this Idempotency-Key was done; the answer kept for it was erased with the personal data it held',
      httpStatus: 410,
      errorCode: 'NOT_ALLOWED',
      errorName: 'IdempotencyAnswerErasedError',
    });
  }
}

/**
 * 503: the tenant's register of keys (Redis, shared by every area) did not answer, so whether the
 * key was used elsewhere cannot be told; nothing was done and the key stays free for a retry.
 */
export class IdempotencyKeysUnavailableError extends ServiceUnavailableError {
  constructor(cause?: unknown) {
    super('Idempotency-Key cannot be checked right now. Try again shortly.', undefined, cause);
  }
}
