import { BusinessNotFoundError } from '@kyb/area-views';
import { canAccessBusiness, TenantAccessDeniedError, unseen, type AuthContext } from '@kyb/auth';
import { listPage } from '@kyb/validation';
import { presentBusiness, type BusinessRecord } from './business.presenter';
import type { BusinessListQuery } from './businesses.schemas';
import type { BusinessStore } from './businesses.store';

/** Reading businesses: one by id (E9) and a customer's list. */
export function createBusinessesService(options: { businesses: BusinessStore }) {
  return {
    async get(caller: AuthContext, businessId: string, withOwners: boolean): Promise<BusinessRecord> {
      const found = await options.businesses.findById(businessId, withOwners);
      // Unknown and another tenant's answer alike to all but an ADMIN (issue 14).
      if (!found || found.business.deleted_at) throw unseen(caller, new BusinessNotFoundError());
      if (!canAccessBusiness(caller, found.business.customer_id, businessId)) throw new TenantAccessDeniedError();
      return presentBusiness(found, withOwners);
    },
    async list(query: BusinessListQuery) {
      const { items, total } = await options.businesses.list(query);
      return listPage(items.map((item) => presentBusiness(item, false)), total, query);
    },
  };
}

/** The businesses service type, for injection. */
export type BusinessesService = ReturnType<typeof createBusinessesService>;
