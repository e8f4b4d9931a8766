import { AppError } from '@kyb/envelope';

/**
 * Contract 7.2 (sign-in errors): a user whose status is INACTIVE is refused with 400 `INVALID`
 * 'Your account has been disabled, Contact Support.' `SignInApiError`. Sign-in, applicant sign-in,
 * refresh and account set-up all answer a disabled account (or a user of a disabled customer) this way.
 */
export class AccountDisabledError extends AppError {
  constructor() {
    super({ message: 'Your account has been disabled, Contact Support.', httpStatus: 400, errorCode: 'INVALID', errorName: 'SignInApiError' });
  }
}
