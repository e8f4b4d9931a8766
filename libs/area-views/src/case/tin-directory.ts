import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';
import { uuidsOf } from './business-directory';

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
    /** The sealed TINs of the businesses of `ids` in one statement (null: no TIN; absent: no such business). */
    async sealedTins(ids: readonly string[]): Promise<Map<string, string | null>> {
      const wanted = uuidsOf(ids);
      if (wanted.length === 0) return new Map();
      const rows: Array<{ business_id: string; tin_sealed: string | null }> = await db(TIN_DIRECTORY_VIEW)
        .whereRaw('business_id = any(?::uuid[])', [wanted])
        .select('business_id', 'tin_sealed');
      return new Map(rows.map((row) => [row.business_id, row.tin_sealed ?? null]));
    },
  };
}

/** The TIN directory type, for injection. */
export type TinDirectory = ReturnType<typeof createTinDirectory>;
