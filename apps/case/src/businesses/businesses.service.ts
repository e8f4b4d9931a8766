import { BusinessNotFoundError } from '@kyb/area-views';
import type { Request } from 'express';
import { auditActOf, canAccessBusiness, TenantAccessDeniedError, unseen, type AuthContext } from '@kyb/auth';
import { recordAudit, type Knex } from '@kyb/db';
import { listPage } from '@kyb/validation';
import { presentBusiness, type BusinessRecord } from './business.presenter';
import type { BusinessListQuery } from './businesses.schemas';
import type { BusinessStore } from './businesses.store';

/**
 * Reading businesses: one by id (E9) and a customer's list. E9 with the owners' details (dates of
 * birth, masked SSNs) is personal data: each such read is audited (`business.owner_details_read`)
 * before it is answered.
 */
export function createBusinessesService(options: { businesses: BusinessStore; db: Knex; clock: () => Date }) {
  return {
    async get(caller: AuthContext, businessId: string, withOwners: boolean, request?: Request): Promise<BusinessRecord> {
      const found = await options.businesses.findById(businessId, withOwners);
      // Unknown and another tenant's answer alike to all but an ADMIN (issue 14).
      if (!found || found.business.deleted_at) throw unseen(caller, new BusinessNotFoundError());
      if (!canAccessBusiness(caller, found.business.customer_id, businessId)) throw new TenantAccessDeniedError();
      const presented = presentBusiness(found, withOwners);
      if (withOwners && request) {
        const act = { customerId: found.business.customer_id, action: 'business.owner_details_read', target: { type: 'business', id: businessId }, details: { owners: presented.owners?.length ?? 0 } };
        await recordAudit(options.db, 'cases', [auditActOf(request, act, options.clock())]);
      }
      return presented;
    },
    async list(query: BusinessListQuery) {
      const { items, total } = await options.businesses.list(query);
      return listPage(items.map((item) => presentBusiness(item, false)), total, query);
    },
  };
}

/** The businesses service type, for injection. */
export type BusinessesService = ReturnType<typeof createBusinessesService>;
