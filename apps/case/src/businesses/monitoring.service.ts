import { BusinessNotFoundError } from '@kyb/area-views';
import { auditActOf, unseen, type Actor } from '@kyb/auth';
import { recordAudit, type Knex } from '@kyb/db';
import type { BusinessStore } from './businesses.store';

/**
 * Switching a business's risk monitoring on or off (issue 12): `is_monitoring_enabled` and its
 * subscription (ACTIVE from the first switch on, CANCELLED when switched off), in one transaction
 * with the audit act. Monitored businesses are re-enriched (and so re-scored) on the integration
 * area's schedule, at their customer's monitoring frequency. Answers the business as E9 does (without owners).
 */
export function createMonitoringService(options: { db: Knex; businesses: BusinessStore; clock: () => Date }) {
  return {
    async set(actor: Actor, customerId: string, businessId: string, enabled: boolean) {
      await options.db.transaction(async (trx) => {
        const now = options.clock();
        const changed = await trx('cases.businesses')
          .where({ id: businessId.toLowerCase(), customer_id: customerId.toLowerCase() })
          .whereNull('deleted_at')
          .update({
            is_monitoring_enabled: enabled,
            subscription_status: enabled ? 'ACTIVE' : 'CANCELLED',
            subscription_created_at: trx.raw('coalesce(subscription_created_at, ?)', [now]),
            subscription_updated_at: now,
            updated_by: actor.userId,
            updated_at: now,
          });
        // Not this customer's business, or none: answered as for another tenant's (404 to an ADMIN).
        if (changed === 0) throw unseen(actor, new BusinessNotFoundError());
        const act = { customerId, action: 'business.monitoring_changed', target: { type: 'business', id: businessId }, details: { enabled } };
        await recordAudit(trx, 'cases', [auditActOf(actor, act, now)]);
      });
      const found = await options.businesses.findById(businessId, false);
      if (!found) throw unseen(actor, new BusinessNotFoundError());
      return found.presented;
    },
  };
}

/** The monitoring service type, for injection. */
export type MonitoringService = ReturnType<typeof createMonitoringService>;
