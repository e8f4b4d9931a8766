import { AppError } from '@kyb/envelope';

function signInError(message: string): ConstructorParameters<typeof AppError>[0] {
  return { message, httpStatus: 400, errorCode: 'INVALID', errorName: 'SignInApiError' };
}

/** 7.2: unknown email, wrong password, or a user without the role of the sign-in path. */
export class IncorrectCredentialsError extends AppError {
  constructor() {
    super(signInError('Incorrect username or password.'));
  }
}

/** 7.2: status INACTIVE. */
export class AccountDisabledError extends AppError {
  constructor() {
    super(signInError('Your account has been disabled, Contact Support.'));
  }
}

/** 7.2: status neither ACTIVE nor INACTIVE. */
export class NotOnboardedError extends AppError {
  constructor() {
    super(signInError('Onboard the platform via Invitation Link sent to your email or Contact Support.'));
  }
}

/** 7.2: ACTIVE, but first login not completed or email not verified. */
export class SetupIncompleteError extends AppError {
  constructor() {
    super(signInError('Your account setup is incomplete. Please contact support for assistance.'));
  }
}
