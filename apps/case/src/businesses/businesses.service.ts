import { BusinessNotFoundError } from '@kyb/area-views';
import { auditActOf, canAccessBusiness, TenantAccessDeniedError, unseen, type Actor } from '@kyb/auth';
import { recordAudit, type Knex } from '@kyb/db';
import { cursorListPage } from '@kyb/validation';
import type { RawJson } from '@kyb/envelope';
import type { BusinessListQuery } from './businesses.schemas';
import type { BusinessStore } from './businesses.store';

/**
 * Reading businesses: one by id (E9) and a customer's list. E9 with the owners' details (dates of
 * birth, masked SSNs) is personal data: each such read is audited (`business.owner_details_read`)
 * before it is answered.
 */
export function createBusinessesService(options: { businesses: BusinessStore; db: Knex; clock: () => Date }) {
  return {
    /** The business as contract 2.7 shows it, JSON text written by PostgreSQL (business-json.sql.ts). */
    async get(actor: Actor, businessId: string, withOwners: boolean): Promise<RawJson> {
      const found = await options.businesses.findById(businessId, withOwners);
      // Unknown and another tenant's answer alike to all but an ADMIN (issue 14).
      if (!found || found.business.deleted_at) throw unseen(actor, new BusinessNotFoundError());
      if (!canAccessBusiness(actor, found.business.customer_id, businessId)) throw new TenantAccessDeniedError();
      if (withOwners) {
        const act = { customerId: found.business.customer_id, action: 'business.owner_details_read', target: { type: 'business', id: businessId }, details: { owners: found.ownerCount } };
        await recordAudit(options.db, 'cases', [auditActOf(actor, act, options.clock())]);
      }
      return found.presented;
    },
    /** A page of the customer's businesses (`next_cursor` the position after it), and whether its totals are an estimate (ADR 0056). */
    async list(query: BusinessListQuery) {
      const { items, total, estimated, next } = await options.businesses.list(query);
      return { ...cursorListPage(items.map((item) => item.presented), total, query, next), total_is_estimate: estimated };
    },
  };
}

/** The businesses service type, for injection. */
export type BusinessesService = ReturnType<typeof createBusinessesService>;
