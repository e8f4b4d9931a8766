import { AppError } from '@kyb/envelope';
import type { TaskView } from './task.presenter';

/** 404 `NOT_FOUND`: no enrichment was ever requested for the business. */
export class PublicRecordsNotFoundError extends AppError {
  constructor() {
    super({
      message: 'No public records have been fetched for this business yet. Request a refresh.',
      httpStatus: 404,
      errorCode: 'NOT_FOUND',
      errorName: 'PublicRecordsNotFoundError',
    });
  }
}

/** 404 `NOT_FOUND`: the only attempt at fetching the business's public records failed. */
export class PublicRecordsUnavailableError extends AppError {
  constructor(task: TaskView) {
    super({
      message: `Public records could not be fetched: ${task.failure_reason ?? 'the provider failed.'} Request a refresh.`,
      httpStatus: 404,
      errorCode: 'NOT_FOUND',
      errorName: 'PublicRecordsUnavailableError',
      data: { business_integration_task: task },
    });
  }
}
