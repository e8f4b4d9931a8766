import type { Knex } from '@kyb/db';

/** A provider's classification of a business, as stored (one row per business). */
export interface ClassificationRow {
  business_id: string;
  customer_id: string;
  naics_code: string | null;
  mcc_code: string | null;
  provider: string;
  created_at: Date;
  updated_at: Date;
}

/** A classification to store. */
export interface NewClassification {
  businessId: string;
  customerId: string;
  naicsCode: string;
  mccCode: string | null;
  provider: string;
  at: Date;
}

const TABLE = 'integration.business_classifications';

/** The provider classifications of businesses. The client's own codes live in the case area and are never written here. */
export function createPgClassificationStore(db: Knex) {
  return {
    /** Stores the business's classification, replacing the provider's previous one. */
    async put(entry: NewClassification, on: Knex = db): Promise<void> {
      await on(TABLE)
        .insert({
          business_id: entry.businessId,
          customer_id: entry.customerId,
          naics_code: entry.naicsCode,
          mcc_code: entry.mccCode,
          provider: entry.provider,
          created_at: entry.at,
          updated_at: entry.at,
        })
        .onConflict('business_id')
        .merge(['naics_code', 'mcc_code', 'provider', 'updated_at']);
    },
    /** `put` for many businesses (one classification each) in one statement. */
    async putMany(entries: readonly NewClassification[], on: Knex = db): Promise<void> {
      if (entries.length === 0) return;
      await on.raw(
        `insert into ${TABLE} (business_id, customer_id, naics_code, mcc_code, provider, created_at, updated_at)
         select c.business_id, c.customer_id, c.naics_code, c.mcc_code, c.provider, c.at, c.at
         from unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::timestamptz[]) as c(business_id, customer_id, naics_code, mcc_code, provider, at)
         on conflict (business_id) do update set naics_code = excluded.naics_code, mcc_code = excluded.mcc_code, provider = excluded.provider, updated_at = excluded.updated_at`,
        [
          entries.map((e) => e.businessId),
          entries.map((e) => e.customerId),
          entries.map((e) => e.naicsCode),
          entries.map((e) => e.mccCode),
          entries.map((e) => e.provider),
          entries.map((e) => e.at),
        ],
      );
    },
    async find(businessId: string): Promise<ClassificationRow | undefined> {
      return db(TABLE).where({ business_id: businessId }).first();
    },
  };
}

/** The classification store type, for injection. */
export type ClassificationStore = ReturnType<typeof createPgClassificationStore>;
