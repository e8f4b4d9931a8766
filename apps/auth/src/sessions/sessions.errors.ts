import { AppError } from '@kyb/envelope';

/** ARCHITECTURE.md: a refresh request without a token. */
export class RefreshTokenRequiredError extends AppError {
  constructor() {
    super({ message: 'Refresh Token is Required', httpStatus: 400, errorCode: 'INVALID', errorName: 'SignInApiError' });
  }
}

/** A refresh token that is unknown, expired, revoked or already used. */
export class InvalidRefreshTokenError extends AppError {
  constructor() {
    super({ message: 'Refresh Token is invalid or expired', httpStatus: 401, errorCode: 'UNAUTHENTICATED', errorName: 'SignInApiError' });
  }
}
