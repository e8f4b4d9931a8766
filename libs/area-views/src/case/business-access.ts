import { canAccessBusiness, TenantAccessDeniedError, unseen, type AuthContext } from '@kyb/auth';
import { NotFoundError } from '@kyb/envelope';
import type { BusinessDirectory, BusinessEntry } from './business-directory';

/** 404 `NOT_FOUND` 'Business not found' `BusinessApiError`, as the case area answers it (contract 7.1 row 10). */
export class BusinessNotFoundError extends NotFoundError {
  constructor() {
    super('Business not found', 'BusinessApiError');
  }
}

/**
 * The business `businessId` if `caller` may see it; otherwise 403 `AccessMiddlewareError`, whether
 * it belongs to another tenant (or, for an APPLICANT, is not one of its invited businesses) or does
 * not exist at all: only an ADMIN is told 404 for a business that does not exist.
 */
export async function findAccessibleBusiness(businesses: BusinessDirectory, caller: AuthContext, businessId: string): Promise<BusinessEntry> {
  const business = await businesses.find(businessId);
  if (!business) throw unseen(caller, new BusinessNotFoundError());
  if (!canAccessBusiness(caller, business.customerId, business.id)) throw new TenantAccessDeniedError();
  return business;
}
