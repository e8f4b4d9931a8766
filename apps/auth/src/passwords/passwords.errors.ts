import { AppError } from '@kyb/envelope';

/** 400 `INVALID` for a password the policy refuses, with the reason as message. */
export class PasswordPolicyError extends AppError {
  constructor(message: string) {
    super({ message, httpStatus: 400, errorCode: 'INVALID', errorName: 'PasswordPolicyError' });
  }
}
