import { AppError } from '@kyb/envelope';

/** 400 for a subrole code that does not exist for the customer. */
export class UnknownSubroleError extends AppError {
  constructor(code: string) {
    super({ message: `Unknown subrole: ${code}`, httpStatus: 400, errorCode: 'INVALID', errorName: 'UserApiError' });
  }
}
