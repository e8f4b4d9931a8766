import { AppError } from '@kyb/envelope';

/** 503 `UNKNOWN_ERROR`: the queue did not take the job; nothing was started. */
export class QueueUnavailableError extends AppError {
  constructor(cause: unknown) {
    super({
      message: 'The enrichment could not be queued; try again shortly.',
      httpStatus: 503,
      errorCode: 'UNKNOWN_ERROR',
      errorName: 'QueueUnavailableError',
      cause,
    });
  }
}
