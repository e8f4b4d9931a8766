import type { Knex } from '@kyb/db';

const TABLE = 'integration.provider_usage';

/** One vendor call made for a tenant (a cache hit is none). */
export interface ProviderCall {
  customerId: string;
  capability: string;
  adapter: string;
  outcome: 'ok' | 'failed';
  at: Date;
}

/** A tenant's calls to one adapter for one capability in one month. */
export interface ProviderUsageRow {
  month: string;
  capability: string;
  adapter: string;
  calls: number;
  failures: number;
}

/** The first day of `at`'s month (UTC), as PostgreSQL's date. */
const monthOf = (at: Date) => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;

/** SQL of the vendor calls counted per tenant, adapter and month (ids and counts only). */
export function createPgProviderUsageStore(db: Knex) {
  return {
    /** Counts one call, in one statement (concurrent calls add up). */
    async record(call: ProviderCall): Promise<void> {
      const failed = call.outcome === 'failed' ? 1 : 0;
      await db.raw(
        `insert into ${TABLE} (customer_id, capability, adapter, month, calls, failures, updated_at) values (?, ?, ?, ?::date, 1, ?, ?)
         on conflict (customer_id, month, capability, adapter)
         do update set calls = ${TABLE}.calls + 1, failures = ${TABLE}.failures + excluded.failures, updated_at = excluded.updated_at`,
        [call.customerId.toLowerCase(), call.capability, call.adapter, monthOf(call.at), failed, call.at],
      );
    },

    /** The tenant's usage in the months from `from` to `to` (first days, inclusive), newest month first. */
    async ofCustomer(customerId: string, range: { from: string; to: string }): Promise<ProviderUsageRow[]> {
      const rows = await db(TABLE)
        .where({ customer_id: customerId.toLowerCase() })
        .whereBetween('month', [range.from, range.to])
        .orderBy([{ column: 'month', order: 'desc' }, 'capability', 'adapter'])
        .select<Array<{ month: Date | string; capability: string; adapter: string; calls: string; failures: string }>>(db.raw(`to_char(month, 'YYYY-MM') as month`), 'capability', 'adapter', 'calls', 'failures');
      return rows.map((r) => ({ month: String(r.month), capability: r.capability, adapter: r.adapter, calls: Number(r.calls), failures: Number(r.failures) }));
    },
  };
}

/** The provider usage store type, for injection. */
export type ProviderUsageStore = ReturnType<typeof createPgProviderUsageStore>;
