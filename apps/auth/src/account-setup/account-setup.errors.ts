import { AppError } from '@kyb/envelope';

/** The email and set-up credential (temporary password or invitation token) do not match. */
export class InvalidSetupCredentialsError extends AppError {
  constructor() {
    super({
      message: 'The email, temporary password or invitation link is not valid.',
      httpStatus: 400,
      errorCode: 'INVALID',
      errorName: 'AccountSetupError',
    });
  }
}
