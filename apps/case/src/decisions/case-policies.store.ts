import type { Knex } from '@kyb/db';
import type { CasePolicy } from './case-policy';

const TABLE = 'cases.case_policies';

/** A stored version of a customer's policy. */
export interface StoredCasePolicy {
  id: string;
  customerId: string;
  version: number;
  policy: CasePolicy;
  createdBy: string | null;
  createdAt: Date;
}

type Row = { id: string; customer_id: string; version: number; body: CasePolicy; created_by: string | null; created_at: Date };

const toStored = (row: Row): StoredCasePolicy => ({ id: row.id, customerId: row.customer_id, version: row.version, policy: row.body, createdBy: row.created_by, createdAt: row.created_at });

/** SQL of customers' case policy versions (issue 45): never changed, the newest in force. */
export function createPgCasePoliciesStore(db: Knex) {
  return {
    /** The customer's newest version, or undefined while it has none (the default policy decides). */
    async current(customerId: string): Promise<StoredCasePolicy | undefined> {
      const row = await db(TABLE).where({ customer_id: customerId }).orderBy('version', 'desc').first<Row | undefined>();
      return row ? toStored(row) : undefined;
    },

    /** A page of the customer's versions (offset and limit, null: all), newest or oldest first, and how many there are. */
    async list(customerId: string, page: { offset: number; limit: number | null; oldestFirst: boolean }): Promise<{ items: StoredCasePolicy[]; total: number }> {
      const query = db(TABLE).where({ customer_id: customerId }).orderBy('version', page.oldestFirst ? 'asc' : 'desc').offset(page.offset);
      if (page.limit !== null) query.limit(page.limit);
      const rows = await query.select<Row[]>('*');
      const [{ count }] = await db(TABLE).where({ customer_id: customerId }).count<Array<{ count: string }>>({ count: '*' });
      return { items: rows.map(toStored), total: Number(count) };
    },

    /** Stores `policy` as the customer's next version in `trx` (two at once wait for each other and get consecutive versions). */
    async add(trx: Knex.Transaction, input: { customerId: string; policy: CasePolicy; by: string | null; at: Date }): Promise<StoredCasePolicy> {
      await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`case-policy:${input.customerId}`]);
      const { rows } = await trx.raw<{ rows: Row[] }>(
        `insert into ${TABLE} (customer_id, version, body, created_by, created_at)
         select ?, coalesce(max(version), 0) + 1, ?::jsonb, ?, ? from ${TABLE} where customer_id = ?
         returning *`,
        [input.customerId, JSON.stringify(input.policy), input.by, input.at, input.customerId],
      );
      return toStored(rows[0]);
    },
  };
}

/** The case policies store type, for injection. */
export type CasePoliciesStore = ReturnType<typeof createPgCasePoliciesStore>;
