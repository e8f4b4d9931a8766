import { AppError, NotFoundError } from '@kyb/envelope';

/** 404 `NOT_FOUND`: the customer has no webhook endpoint with this id (another tenant's answers alike). */
export class WebhookNotFoundError extends NotFoundError {
  constructor() {
    super('Webhook not found', 'WebhookNotFoundError');
  }
}

/** 404 `NOT_FOUND`: the endpoint has no delivery with this id. */
export class WebhookDeliveryNotFoundError extends NotFoundError {
  constructor() {
    super('Webhook delivery not found', 'WebhookDeliveryNotFoundError');
  }
}

/** 400 `INVALID`: a URL the suite will not deliver to (scheme, credentials, or an address it refuses). */
export class WebhookUrlError extends AppError {
  constructor(reason: string) {
    super({ message: `Webhook url refused: ${reason}`, httpStatus: 400, errorCode: 'INVALID', errorName: 'WebhookUrlError' });
  }
}

/** 409 `NOT_ALLOWED`: the endpoint is disabled; enable it (PATCH enabled=true) before retrying or replaying. */
export class WebhookDisabledError extends AppError {
  constructor() {
    super({ message: 'Webhook is disabled: enable it before retrying or replaying deliveries', httpStatus: 409, errorCode: 'NOT_ALLOWED', errorName: 'WebhookDisabledError' });
  }
}

/** 409 `NOT_ALLOWED`: the customer holds as many endpoints as one may (WEBHOOK_MAX_ENDPOINTS). */
export class WebhookLimitError extends AppError {
  constructor(maxEndpoints: number) {
    super({
      message: `A customer can hold at most ${maxEndpoints} webhooks: delete one before registering another`,
      httpStatus: 409,
      errorCode: 'NOT_ALLOWED',
      errorName: 'WebhookLimitError',
    });
  }
}

/** 409 `NOT_ALLOWED`: a replay of the endpoint is running (some of its deliveries are pending); one runs at a time. */
export class WebhookReplayRunningError extends AppError {
  constructor() {
    super({
      message: 'A replay of this webhook is running: replay again once its deliveries have ended',
      httpStatus: 409,
      errorCode: 'NOT_ALLOWED',
      errorName: 'WebhookReplayRunningError',
    });
  }
}

/** 409 `DUPLICATE`: an attempt of the delivery is running; retry after it ends. */
export class WebhookDeliveryInFlightError extends AppError {
  constructor() {
    super({ message: 'An attempt of this delivery is running: retry it after the attempt ends', httpStatus: 409, errorCode: 'DUPLICATE', errorName: 'WebhookDeliveryInFlightError' });
  }
}

/** 400 `INVALID`: a replay range that is empty, in the future, older than the events kept, or holding too many events. */
export class WebhookReplayRangeError extends AppError {
  constructor(message: string) {
    super({ message, httpStatus: 400, errorCode: 'INVALID', errorName: 'WebhookReplayRangeError' });
  }
}

/** 409 `NOT_ALLOWED`: the endpoint has as many secrets that still sign as a delivery may carry; the oldest expires at `oldestExpiresAt`. */
export class WebhookSecretLimitError extends AppError {
  constructor(signing: number, oldestExpiresAt: Date) {
    super({
      message: `This webhook already has ${signing} secrets that sign (the most allowed): rotate it again after ${oldestExpiresAt.toISOString()}, when the oldest expires`,
      httpStatus: 409,
      errorCode: 'NOT_ALLOWED',
      errorName: 'WebhookSecretLimitError',
    });
  }
}
