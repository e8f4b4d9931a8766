import { preparedRead, type Knex } from '@kyb/db';

/** Whether a customer's users may work: DISABLED ends their sessions and refuses them tokens. */
export type CustomerStatus = 'ACTIVE' | 'DISABLED';

/** A customer (tenant) as stored. */
export interface CustomerRow {
  id: string;
  name: string;
  status: CustomerStatus;
  monthly_onboarding_limit: number | null;
  features: Record<string, boolean>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** SQL for customers. */
export function createPgCustomerStore(db: Knex) {
  const customers = (trx: Knex = db) => trx<CustomerRow>('auth.customers');
  // Read by every users page (E2) and customer read: built once, a named prepared statement.
  const byId = preparedRead<CustomerRow, 'id'>(db, ['id'], (v) => db('auth.customers').where({ id: v.id }).first());
  return {
    async findById(id: string, trx: Knex = db): Promise<CustomerRow | undefined> {
      if (trx !== db) return customers(trx).where({ id }).first();
      return (await byId({ id }))[0];
    },
    /** Reads a customer and locks its row until `trx` ends (changes of one customer made one after another). */
    lockById(id: string, trx: Knex.Transaction): Promise<CustomerRow | undefined> {
      return customers(trx).where({ id }).forUpdate().first();
    },
    findByName(name: string, trx: Knex = db): Promise<CustomerRow | undefined> {
      return customers(trx).where({ name }).orderBy('created_at').first();
    },
    async insert(row: Pick<CustomerRow, 'name' | 'created_by'> & Partial<CustomerRow>, trx: Knex = db): Promise<CustomerRow> {
      const [created] = await customers(trx)
        .insert({ ...row, updated_by: row.created_by, features: JSON.stringify(row.features ?? {}) as unknown as Record<string, boolean> })
        .returning('*');
      return created as CustomerRow;
    },
    /** Updates columns; `features` are merged into the stored switches, not replaced. */
    async update(
      id: string,
      changes: { name?: string; status?: CustomerStatus; monthly_onboarding_limit?: number | null; features?: Record<string, boolean>; updated_by: string },
      trx: Knex = db,
    ): Promise<CustomerRow | undefined> {
      const { features, ...given } = changes;
      const columns = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
      const [row] = await customers(trx)
        .where({ id })
        .update({
          ...columns,
          ...(features ? { features: trx.raw('features || ?::jsonb', [JSON.stringify(features)]) } : {}),
          updated_at: trx.fn.now(),
        } as Record<string, unknown>)
        .returning('*');
      return row as CustomerRow | undefined;
    },
    /** The ids of the customer's users (to end their sessions). */
    async userIds(customerId: string, trx: Knex = db): Promise<string[]> {
      const rows = await trx('auth.users').select('id').where({ customer_id: customerId });
      return rows.map((row: { id: string }) => row.id);
    },
    /** The applicants who accepted invitations of this customer only (an erasure erases them with it, and ends their sessions). */
    async soleApplicantIds(customerId: string, trx: Knex = db): Promise<string[]> {
      const { rows } = await trx.raw<{ rows: Array<{ user_id: string }> }>(
        `select distinct a.user_id from auth.accepted_invitations a where a.customer_id = ?
          and not exists (select 1 from auth.accepted_invitations o where o.user_id = a.user_id and o.customer_id <> a.customer_id)`,
        [customerId],
      );
      return rows.map((row) => row.user_id);
    },
  };
}

/** The customer store type, for injection. */
export type CustomerStore = ReturnType<typeof createPgCustomerStore>;
