import { AppError, TooManyRequestsError } from '@kyb/envelope';

function codeError(message: string): ConstructorParameters<typeof AppError>[0] {
  return { message, httpStatus: 400, errorCode: 'INVALID', errorName: 'SignInApiError' };
}

/** A code that does not match the one sent (an attempt is spent). */
export class WrongEmailCodeError extends AppError {
  constructor() {
    super(codeError('The verification code is not correct.'));
  }
}

/** No code is pending: none was sent, it expired, or it was used. */
export class EmailCodeExpiredError extends AppError {
  constructor() {
    super(codeError('The verification code has expired or was already used. Sign in again without email_code to get a new one.'));
  }
}

/** Too many wrong codes: the code is dead, even the right one is refused now. */
export class EmailCodeExhaustedError extends AppError {
  constructor() {
    super(codeError('Too many wrong verification codes. Sign in again without email_code to get a new one.'));
  }
}

/** 429: the resend limit of one email and invitation is reached for this window. */
export class TooManyEmailCodesError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number, policy: { limit: number; windowSeconds: number }) {
    super('Too many verification codes were sent. Please try again later.', retryAfterSeconds, policy);
  }
}

/** 503: the mail with the code could not be handed to the mail server; nothing was sent, so nothing is pending. */
export class EmailCodeNotSentError extends AppError {
  constructor(cause: unknown) {
    super({
      message: 'The verification code could not be sent. Please try again later.',
      httpStatus: 503,
      errorCode: 'UNKNOWN_ERROR',
      errorName: 'ServiceUnavailableError',
      cause,
    });
  }
}
