import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';
import { uuidsOf } from '../case/business-directory';

/** The integration area's read module of MATCH screenings, created by its migrations. */
export const MATCH_SCREENING_DIRECTORY_VIEW = 'integration.match_screening_directory';

/** The result words of a completed MATCH screening, as stored and as E3 shows them. */
export const MATCH_RESULTS = ['No Match', 'Possible Match', 'Match'] as const;
export type MatchResultWord = (typeof MATCH_RESULTS)[number];

/** How one field of the business compared with the terminated merchant's record. */
export type MatchFieldComparison = 'EXACT' | 'PHONETIC' | 'NONE';

/** A terminated merchant on the MATCH list that the screening matched, with why it was listed. */
export interface MatchedMerchantEntry {
  /** The merchant's name as listed. */
  name: string;
  /** The network's termination reason code as stored (e.g. `12`), and its text. */
  reasonCode: string;
  reason: string;
  /** `YYYY-MM-DD`; empty when the network gave none. */
  terminatedOn: string;
  /** The ICA of the acquirer that listed it. */
  addedByIca: string;
  /** How each of the business's fields compared with the listed merchant's. */
  comparisons: { name: MatchFieldComparison; doingBusinessAs: MatchFieldComparison; address: MatchFieldComparison; phone: MatchFieldComparison; url: MatchFieldComparison };
}

/** A business's newest MATCH screening: its state, and its result once COMPLETED. */
export interface MatchScreeningEntry {
  id: string;
  customerId: string;
  businessId: string;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  provider: string;
  /** `No Match`, `Possible Match` or `Match` once COMPLETED; null before, or when it failed. */
  result: string | null;
  /** When it was requested. */
  createdAt: Date;
  completedAt: Date | null;
  updatedAt: Date;
  /** The terminated merchants it matched (one at most today); empty unless COMPLETED with a match, and after the tenant's erasure. */
  matchedMerchants: MatchedMerchantEntry[];
}

/** What a decision reads of a business's MATCH screening: all null when none was asked for. */
export interface MatchScreeningFact {
  /** The result word once the newest screening COMPLETED; null when none was asked for, while it runs, or when it failed (`status` tells which). */
  result: MatchResultWord | null;
  screeningId: string | null;
  status: MatchScreeningEntry['status'] | null;
  completedAt: Date | null;
  provider: string | null;
}

type Row = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const comparison = (value: unknown): MatchFieldComparison => (value === 'EXACT' || value === 'PHONETIC' ? value : 'NONE');
const object = (value: unknown): Row | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Row) : null);

/** A merchant entry as the integration area stores it (the outcome's `merchant`), read defensively: odd JSON gives blanks, never a throw. */
function toMerchant(stored: unknown): MatchedMerchantEntry | null {
  const merchant = object(stored);
  const listed = object(merchant?.terminatedMerchant);
  if (!merchant || !listed) return null;
  return {
    name: text(listed.name),
    reasonCode: text(listed.terminationReasonCode),
    reason: text(listed.terminationReason),
    terminatedOn: text(listed.terminationDate),
    addedByIca: text(listed.addedByIca),
    comparisons: {
      name: comparison(merchant.name),
      doingBusinessAs: comparison(merchant.doingBusinessAs),
      address: comparison(merchant.address),
      phone: comparison(merchant.phone),
      url: comparison(merchant.url),
    },
  };
}

const toEntry = (row: Row): MatchScreeningEntry => ({
  id: row.id as string,
  customerId: row.customer_id as string,
  businessId: row.business_id as string,
  status: row.status as MatchScreeningEntry['status'],
  provider: row.provider as string,
  result: (row.match_result as string | null) ?? null,
  createdAt: row.created_at as Date,
  completedAt: (row.completed_at as Date | null) ?? null,
  updatedAt: row.updated_at as Date,
  matchedMerchants: (Array.isArray(row.matched_merchants) ? row.matched_merchants : []).map(toMerchant).filter((m): m is MatchedMerchantEntry => m !== null),
});

const NONE: MatchScreeningFact = Object.freeze({ result: null, screeningId: null, status: null, completedAt: null, provider: null });

function toFact(entry: MatchScreeningEntry | undefined): MatchScreeningFact {
  if (!entry) return { ...NONE };
  const word = MATCH_RESULTS.find((w) => w === entry.result);
  return { result: entry.status === 'COMPLETED' ? word ?? null : null, screeningId: entry.id, status: entry.status, completedAt: entry.completedAt, provider: entry.provider };
}

/** Reads businesses' newest MATCH screenings through the integration area's view. */
export function createMatchScreeningDirectory(db: Knex) {
  const ofTenant = async (customerId: string, ids: readonly string[]): Promise<Map<string, MatchScreeningEntry>> => {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0 || !isUuid(customerId)) return new Map();
    const rows: Row[] = await db(MATCH_SCREENING_DIRECTORY_VIEW).where({ customer_id: customerId }).whereRaw('business_id = any(?::uuid[])', [wanted]);
    return new Map(rows.map((row) => [row.business_id as string, toEntry(row)]));
  };
  return {
    /** The newest screening of each business of `ids` that has one, in one statement (a batch). */
    async newestOfMany(ids: readonly string[]): Promise<Map<string, MatchScreeningEntry>> {
      const wanted = uuidsOf(ids);
      if (wanted.length === 0) return new Map();
      const rows: Row[] = await db(MATCH_SCREENING_DIRECTORY_VIEW).whereRaw('business_id = any(?::uuid[])', [wanted]);
      return new Map(rows.map((row) => [row.business_id as string, toEntry(row)]));
    },
    /** The business's newest screening if the customer's business has one; undefined for another tenant's, and for values that are not UUIDs. */
    async newest(customerId: string, businessId: string): Promise<MatchScreeningEntry | undefined> {
      return (await ofTenant(customerId, [businessId])).get(businessId.toLowerCase());
    },
    /**
     * What a decision reads (`match.result`) of each business of `businessIds` (UUIDs; others are
     * left out), in one statement: every one asked for is answered, all null when the customer has
     * no screening of it (none asked for, or another tenant's business).
     */
    async newestOf(customerId: string, businessIds: readonly string[]): Promise<Map<string, MatchScreeningFact>> {
      const found = await ofTenant(customerId, businessIds);
      return new Map(uuidsOf(businessIds).map((id) => [id, toFact(found.get(id.toLowerCase()))]));
    },
  };
}

/** The MATCH screening directory type, for injection. */
export type MatchScreeningDirectory = ReturnType<typeof createMatchScreeningDirectory>;
