import type { Knex } from '@kyb/db';

/** The month a usage counter belongs to (UTC), e.g. `2026-11`. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** SQL for onboarding runs and the monthly usage counter. */
export function createPgOnboardingStore() {
  return {
    /** This month's usage, without a lock (the early check). */
    async used(db: Knex, customerId: string, month: string): Promise<number> {
      const row = await db('cases.onboarding_usage').where({ customer_id: customerId, month }).first();
      return row?.used ?? 0;
    },
    /** This month's usage, locked until the transaction ends: concurrent runs of one customer queue here. */
    async lockUsage(trx: Knex.Transaction, customerId: string, month: string): Promise<number> {
      await trx('cases.onboarding_usage').insert({ customer_id: customerId, month, used: 0 }).onConflict(['customer_id', 'month']).ignore();
      const row = await trx('cases.onboarding_usage').where({ customer_id: customerId, month }).forUpdate().first();
      return row.used;
    },
    async addUsage(trx: Knex.Transaction, customerId: string, month: string, count: number): Promise<void> {
      await trx('cases.onboarding_usage').where({ customer_id: customerId, month }).increment('used', count);
    },
    /** Businesses of the customer holding any of `externalIds`. */
    async businessesByExternalId(db: Knex, customerId: string, externalIds: string[]): Promise<Map<string, string>> {
      if (externalIds.length === 0) return new Map();
      const rows = await db('cases.businesses')
        .where({ customer_id: customerId })
        .whereIn('external_id', externalIds)
        .whereNull('deleted_at')
        .select('id', 'external_id');
      return new Map(rows.map((r: { id: string; external_id: string }) => [r.external_id, r.id]));
    },
    async insertRun(trx: Knex.Transaction, run: { id: string; customer_id: string; created_by: string; row_count: number; status: string }) {
      await trx('cases.onboarding_runs').insert(run);
    },
  };
}

/** The onboarding store type, for injection. */
export type OnboardingStore = ReturnType<typeof createPgOnboardingStore>;
