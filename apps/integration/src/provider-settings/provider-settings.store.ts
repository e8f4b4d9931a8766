import type { Knex } from '@kyb/db';
import type { Capability } from './adapter-catalog';

const TABLE = 'integration.provider_settings';

/** A row of `integration.provider_settings`: a tenant's choice for one capability. */
export interface ProviderSettingsRow {
  customer_id: string;
  capability: Capability;
  adapter: string;
  credentials_sealed: string | null;
  credentials_fingerprint: string | null;
  settings: Record<string, unknown>;
  updated_by: string;
  updated_at: Date;
}

/** SQL of the tenants' provider choices (one row per tenant and capability; none: the sandbox). */
export function createPgProviderSettingsStore(db: Knex) {
  return {
    async find(customerId: string, capability: Capability): Promise<ProviderSettingsRow | undefined> {
      return db<ProviderSettingsRow>(TABLE).where({ customer_id: customerId.toLowerCase(), capability }).first();
    },

    /** Every choice the tenant made, one per capability it chose for. */
    async ofCustomer(customerId: string): Promise<ProviderSettingsRow[]> {
      return db<ProviderSettingsRow>(TABLE).where({ customer_id: customerId.toLowerCase() });
    },

    /** Inserts or replaces the tenant's choice for the capability; answers the stored row. */
    async put(row: Omit<ProviderSettingsRow, 'updated_at'>, at: Date, on: Knex = db): Promise<ProviderSettingsRow> {
      const values = { ...row, customer_id: row.customer_id.toLowerCase(), settings: JSON.stringify(row.settings), updated_at: at };
      const [stored] = await on(TABLE)
        .insert({ ...values, created_at: at })
        .onConflict(['customer_id', 'capability'])
        .merge(['adapter', 'credentials_sealed', 'credentials_fingerprint', 'settings', 'updated_by', 'updated_at'])
        .returning<ProviderSettingsRow[]>(['customer_id', 'capability', 'adapter', 'credentials_sealed', 'credentials_fingerprint', 'settings', 'updated_by', 'updated_at']);
      return stored;
    },
  };
}

/** The provider settings store type, for injection. */
export type ProviderSettingsStore = ReturnType<typeof createPgProviderSettingsStore>;
