import { AppError, NotFoundError, type FailureBody } from '@kyb/envelope';

/** E5's failure sample, for a business of another customer, answered with HTTP 403. */
export class BusinessNotOnboardedError extends AppError {
  constructor() {
    super({
      message: 'This business was not onboarded by the current customer.',
      httpStatus: 403,
      errorCode: 'UNKNOWN_ERROR',
      errorName: 'BusinessApiError',
    });
  }
  override toBody(): FailureBody {
    return { status: 'error', message: this.message, errorCode: 'UNKNOWN_ERROR', data: { errorName: 'BusinessApiError', data: { data: {} } } };
  }
}

/** A `case_id` that is not a case of the business. */
export class CaseNotFoundError extends NotFoundError {
  constructor() {
    super('Case not found', 'BusinessApiError');
  }
}
