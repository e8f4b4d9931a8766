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
    async find(businessId: string): Promise<ClassificationRow | undefined> {
      return db(TABLE).where({ business_id: businessId }).first();
    },
  };
}

/** The classification store type, for injection. */
export type ClassificationStore = ReturnType<typeof createPgClassificationStore>;
