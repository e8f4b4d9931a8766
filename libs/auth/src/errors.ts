import { AppError } from '@kyb/envelope';

/** Part 5.5: 401 `UNAUTHENTICATED` 'Authorization header not present'. */
export class MissingAuthorizationHeaderError extends AppError {
  constructor() {
    super({
      message: 'Authorization header not present',
      httpStatus: 401,
      errorCode: 'UNAUTHENTICATED',
      errorName: 'AuthenticationMiddlewareError',
    });
  }
}

/** Part 5.6: 400 `INVALID` 'Invalid Authorization header type'. */
export class InvalidAuthorizationHeaderTypeError extends AppError {
  constructor() {
    super({
      message: 'Invalid Authorization header type',
      httpStatus: 400,
      errorCode: 'INVALID',
      errorName: 'AuthenticationMiddlewareError',
    });
  }
}

/** Part 5.7: 401 `UNAUTHENTICATED` 'User Session Expired'. */
export class SessionExpiredError extends AppError {
  constructor() {
    super({ message: 'User Session Expired', httpStatus: 401, errorCode: 'UNAUTHENTICATED', errorName: 'TokenExpiredError' });
  }
}

/** A token that is malformed, badly signed, from another issuer or unsigned: 401 `UNAUTHENTICATED`. */
export class InvalidTokenError extends AppError {
  constructor(cause?: unknown) {
    super({
      message: 'Invalid token',
      httpStatus: 401,
      errorCode: 'UNAUTHENTICATED',
      errorName: 'AuthenticationMiddlewareError',
      cause,
    });
  }
}

/** Part 5.3: 401 `UNAUTHORIZED` 'Role Not Allowed'. */
export class RoleNotAllowedError extends AppError {
  constructor() {
    super({ message: 'Role Not Allowed', httpStatus: 401, errorCode: 'UNAUTHORIZED', errorName: 'RoleMiddlewareError' });
  }
}

/** Part 5.4: 403 `UNAUTHORIZED` 'You are not allowed to access the data.' */
export class TenantAccessDeniedError extends AppError {
  constructor() {
    super({
      message: 'You are not allowed to access the data.',
      httpStatus: 403,
      errorCode: 'UNAUTHORIZED',
      errorName: 'AccessMiddlewareError',
    });
  }
}

/** A customer user whose subrole lacks the permission an operation needs: 403 `UNAUTHORIZED`. */
export class PermissionDeniedError extends AppError {
  constructor(permission: string) {
    super({
      message: 'You do not have permission to perform this action.',
      httpStatus: 403,
      errorCode: 'UNAUTHORIZED',
      errorName: 'PermissionMiddlewareError',
      data: { permission },
    });
  }
}
