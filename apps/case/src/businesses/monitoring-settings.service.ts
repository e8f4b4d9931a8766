import { CustomerNotFoundError, type CustomerDirectory, type MonitoringSettings } from '@kyb/area-views';
import { auditActOf, unseen, type Actor, type AuthContext } from '@kyb/auth';
import { recordAudit, type Knex } from '@kyb/db';
import type { MonitoringSettingsStore, StoredMonitoringSettings } from './monitoring-settings.store';

/** The settings as the routes answer them. */
export interface MonitoringSettingsView {
  customer_id: string;
  frequency: MonitoringSettings['frequency'];
  score_change_alert_points: number;
  /** Null while the customer set none: the defaults apply. */
  updated_at: string | null;
}

const present = (customerId: string, s: StoredMonitoringSettings): MonitoringSettingsView => ({
  customer_id: customerId,
  frequency: s.frequency,
  score_change_alert_points: s.scoreChangeAlertPoints,
  updated_at: s.updatedAt ? s.updatedAt.toISOString() : null,
});

/**
 * A customer's monitoring settings (issue 12): how often its monitored businesses are re-enriched
 * (the integration area's schedule reads them through cases.monitoring_settings_directory) and the
 * score change that raises an alert. A change is audited in its transaction, like the monitoring switch.
 */
export function createMonitoringSettingsService(options: { db: Knex; store: MonitoringSettingsStore; customers: CustomerDirectory; clock: () => Date }) {
  // A CUSTOMER's token vouches for its tenant (requireTenant, before); an ADMIN may name any id.
  const assertCustomer = async (caller: AuthContext, customerId: string) => {
    if (!(await options.customers.find(customerId))) throw unseen(caller, new CustomerNotFoundError());
  };
  return {
    async get(caller: AuthContext, customerID: string): Promise<MonitoringSettingsView> {
      const customerId = customerID.toLowerCase();
      await assertCustomer(caller, customerId);
      return present(customerId, await options.store.find(customerId));
    },

    async set(actor: Actor, customerID: string, settings: MonitoringSettings): Promise<MonitoringSettingsView> {
      const customerId = customerID.toLowerCase();
      await assertCustomer(actor, customerId);
      const stored = await options.db.transaction(async (trx) => {
        const now = options.clock();
        const saved = await options.store.put(trx, { customerId, settings, by: actor.userId, at: now });
        const details = { frequency: settings.frequency, score_change_alert_points: settings.scoreChangeAlertPoints };
        const act = { customerId, action: 'customer.monitoring_settings_changed', target: { type: 'customer', id: customerId }, details };
        await recordAudit(trx, 'cases', [auditActOf(actor, act, now)]);
        return saved;
      });
      return present(customerId, stored);
    },
  };
}

/** The monitoring settings service type, for injection. */
export type MonitoringSettingsService = ReturnType<typeof createMonitoringSettingsService>;
