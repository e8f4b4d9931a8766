import { AppError } from '@kyb/envelope';

/** The message of {@link CustomerErasedError}: what erasure did, in one sentence. */
export const CUSTOMER_ERASED_MESSAGE =
  "This customer was erased: its data key was destroyed and its personal data deleted, so nothing of it can be read or done any more.";

/**
 * 410 `GONE` `CustomerErasedError` (docs/adr/0043): the tenant the request touches was erased.
 * Every route that touches an erased tenant answers it, to every caller that may see the tenant
 * (the platform admin too); a caller that may not see it is refused as before, so the answer
 * tells nothing about another tenant.
 */
export class CustomerErasedError extends AppError {
  constructor() {
    super({ message: CUSTOMER_ERASED_MESSAGE, httpStatus: 410, errorCode: 'GONE', errorName: 'CustomerErasedError' });
  }
}
