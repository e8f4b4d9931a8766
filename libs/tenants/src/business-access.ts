import { canAccessBusiness, TenantAccessDeniedError, type AuthContext } from '@kyb/auth';
import { NotFoundError } from '@kyb/envelope';
import type { BusinessDirectory, BusinessEntry } from './business-directory';

/** 404 `NOT_FOUND` 'Business not found' `BusinessApiError`, as the case area answers it (contract 7.1 row 10). */
export class BusinessNotFoundError extends NotFoundError {
  constructor() {
    super('Business not found', 'BusinessApiError');
  }
}

/**
 * The business `businessId` if `caller` may see it: 404 when there is none (or it was deleted),
 * 403 `AccessMiddlewareError` when it belongs to another tenant (or, for an APPLICANT, is not
 * one of its invited businesses).
 */
export async function findAccessibleBusiness(businesses: BusinessDirectory, caller: AuthContext, businessId: string): Promise<BusinessEntry> {
  const business = await businesses.find(businessId);
  if (!business) throw new BusinessNotFoundError();
  if (!canAccessBusiness(caller, business.customerId, business.id)) throw new TenantAccessDeniedError();
  return business;
}
