import type { Knex } from '@kyb/db';

const TABLE = 'integration.screening_credentials';

/** A row of `integration.screening_credentials`. `sealed` holds the secrets; nothing else does. */
export interface ScreeningCredentialsRow {
  customer_id: string;
  sealed: string;
  certificate_expiry: Date;
  has_certificate: boolean;
  icas: string[];
  acquirer_id: string | null;
  updated_by: string;
  created_at: Date;
  updated_at: Date;
}

/** What is written for a customer's credentials. */
export type ScreeningCredentialsWrite = Omit<ScreeningCredentialsRow, 'created_at'>;

/** SQL for a customer's sealed screening credentials (one row per customer). */
export function createPgScreeningCredentialsStore(db: Knex) {
  return {
    async find(customerId: string): Promise<ScreeningCredentialsRow | undefined> {
      return db<ScreeningCredentialsRow>(TABLE).where({ customer_id: customerId }).first();
    },

    /** Inserts or replaces the customer's credentials; answers the stored row. */
    async upsert(row: ScreeningCredentialsWrite, on: Knex = db): Promise<ScreeningCredentialsRow> {
      const values = { ...row, icas: JSON.stringify(row.icas) };
      const [stored] = await on(TABLE)
        .insert({ ...values, created_at: row.updated_at })
        .onConflict('customer_id')
        .merge(['sealed', 'certificate_expiry', 'has_certificate', 'icas', 'acquirer_id', 'updated_by', 'updated_at'])
        .returning<ScreeningCredentialsRow[]>('*');
      return stored;
    },
  };
}

/** The credentials store type, for injection. */
export type ScreeningCredentialsStore = ReturnType<typeof createPgScreeningCredentialsStore>;
