import { NotFoundError } from '@kyb/envelope';

/**
 * 404 `NOT_FOUND` 'Customer not found' `CustomerApiError`: a customer (tenant) id that does not
 * exist. The auth area, which owns customers, answers it; other areas that check a customer id
 * against the customer directory answer it the same way.
 */
export class CustomerNotFoundError extends NotFoundError {
  constructor() {
    super('Customer not found', 'CustomerApiError');
  }
}
