import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';

/**
 * The case area's read module of sealed TINs, created by its migrations. Only the TIN-matching
 * check reads it: the TIN is unsealed in memory to ask the matching provider, never stored,
 * logged or answered elsewhere (ADR 0014).
 */
export const TIN_DIRECTORY_VIEW = 'cases.business_tin_directory';

/** Reads a business's sealed TIN through the case area's view. */
export function createTinDirectory(db: Knex) {
  return {
    /** The sealed TIN; null when the business has none; undefined when there is no such business. */
    async sealedTin(businessId: string): Promise<string | null | undefined> {
      if (!isUuid(businessId)) return undefined;
      const row = await db(TIN_DIRECTORY_VIEW).where({ business_id: businessId }).first('tin_sealed');
      return row ? ((row.tin_sealed as string | null) ?? null) : undefined;
    },
  };
}

/** The TIN directory type, for injection. */
export type TinDirectory = ReturnType<typeof createTinDirectory>;
