import { AppError } from '@kyb/envelope';

function signInError(message: string): ConstructorParameters<typeof AppError>[0] {
  return { message, httpStatus: 400, errorCode: 'INVALID', errorName: 'SignInApiError' };
}

/**
 * Contract 7.2 (sign-in errors): an unknown email, a wrong password, or a user without the role of
 * the sign-in path all get the same 'Incorrect username or password.'
 */
export class IncorrectCredentialsError extends AppError {
  constructor() {
    super(signInError('Incorrect username or password.'));
  }
}

/** Contract 7.2 (sign-in errors): a user whose status is neither ACTIVE nor INACTIVE (e.g. SIGNUP_PENDING) must onboard first. */
export class NotOnboardedError extends AppError {
  constructor() {
    super(signInError('Onboard the platform via Invitation Link sent to your email or Contact Support.'));
  }
}

/** Contract 7.2 (sign-in errors): an ACTIVE user whose first login is not completed or whose email is not verified. */
export class SetupIncompleteError extends AppError {
  constructor() {
    super(signInError('Your account setup is incomplete. Please contact support for assistance.'));
  }
}

/** An invite token that is unknown, for another email, expired or already used. */
export class InvalidInvitationError extends AppError {
  constructor() {
    super({
      message: 'The invitation is not valid, has expired or was already used.',
      httpStatus: 400,
      errorCode: 'INVALID',
      errorName: 'SignInApiError',
    });
  }
}
