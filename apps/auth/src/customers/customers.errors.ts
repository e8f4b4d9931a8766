import { AppError } from '@kyb/envelope';

/**
 * 400 `INVALID` `ErasureConfirmationError`: an erasure whose `confirm_customer_id` is not the
 * customer of its path (a guard against erasing the wrong tenant by a typo). Nothing is erased.
 */
export class ErasureConfirmationError extends AppError {
  constructor() {
    super({
      message: 'confirm_customer_id must be the same customer id as the path; nothing was erased.',
      httpStatus: 400,
      errorCode: 'INVALID',
      errorName: 'ErasureConfirmationError',
    });
  }
}

/**
 * 409 `NOT_ALLOWED` `SealedValuesNotConvertedError`: values sealed with the master key itself
 * (before data keys) may still hold the tenant's data, which destroying its key would not cover:
 * `rotate-data-keys` must convert them first. Nothing is erased.
 */
export class SealedValuesNotConvertedError extends AppError {
  constructor() {
    super({
      message: 'Values sealed before data keys may still hold this customer\'s data: run rotate-data-keys once (docs/adr/0023), then erase it. Nothing was erased.',
      httpStatus: 409,
      errorCode: 'NOT_ALLOWED',
      errorName: 'SealedValuesNotConvertedError',
    });
  }
}

/**
 * 409 `NOT_ALLOWED` `CustomerErasedError`: an erased customer cannot be made active again. A request
 * naming an erased customer is answered 410 by the area's gate first (docs/adr/0043); this answers
 * a re-activation that raced the erasure.
 */
export class CustomerErasedError extends AppError {
  constructor() {
    super({
      message: 'This customer was erased: its data key was destroyed and its personal data deleted in every area, so it cannot be made active again.',
      httpStatus: 409,
      errorCode: 'NOT_ALLOWED',
      errorName: 'CustomerErasedError',
    });
  }
}
