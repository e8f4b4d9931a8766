import { AppError, type FailureBody } from '@kyb/envelope';
import type { RowFailure } from './row-validation';

/** 7.1 row 5: the customer has not switched PAT_120_ADD_BUSINESS on (see docs/adr/0005). */
export class FeatureNotEnabledError extends AppError {
  constructor() {
    super({ message: 'This feature has not been enabled.', httpStatus: 405, errorCode: 'NOT_ALLOWED', errorName: 'FeatureFlagError' });
  }
  override toBody(): FailureBody {
    return { status: 'fail', message: this.message, errorCode: 'NOT_ALLOWED', erroCode: 'NOT_ALLOWED', data: {} };
  }
}

/** 7.1 row 6: nothing left of this month's onboarding limit. */
export class OnboardingLimitExhaustedError extends AppError {
  constructor() {
    super({ message: 'Monthly onboarding limit exhausted.', httpStatus: 403, errorCode: 'NOT_ALLOWED', errorName: 'OnboardingLimitError' });
  }
}

/** 7.1 row 7: the request would pass this month's onboarding limit. */
export class OnboardingLimitWillExceedError extends AppError {
  constructor() {
    super({
      message: 'Onboarding limit will be reached, check remaining limit count.',
      httpStatus: 400,
      errorCode: 'INVALID',
      errorName: 'OnboardingLimitError',
    });
  }
}

/** The message of each failed row of a {@link RowValidationError}, before its failures. */
export const ROW_FAILED = 'Validation failed. Error details:';

/** 7.1 row 9: rows that failed their checks, keyed by row index; nothing was stored. */
export class RowValidationError extends AppError {
  constructor(
    readonly runId: string,
    readonly failedRows: Record<string, { message: string; data: RowFailure[] }>,
  ) {
    super({ message: 'Bulk process had errors', httpStatus: 400, errorCode: null, errorName: 'BulkProcessError' });
  }
  override toBody(): FailureBody {
    return { status: 'fail', message: this.message, errorCode: null, data: { runId: this.runId, failed_rows: this.failedRows, result: {} } };
  }
}

/** The worker found its run no longer PENDING once it held the run's lock: another job of the run ended it first. */
export class RunAlreadyFinishedError extends Error {
  constructor(readonly runId: string) {
    super(`onboarding run ${runId} was already finished by another job`);
  }
}
