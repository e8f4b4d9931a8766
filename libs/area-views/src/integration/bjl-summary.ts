import type { BjlEntry } from './integration-directory';

/** What the facts of E11 say of one kind of BJL record. */
export interface BjlKindSummary {
  count: number;
  /** The filing date of the record filed last, or null when there is none. */
  mostRecent: Date | null;
  mostRecentStatus: string | null;
  mostRecentAmount: number | null;
  /** The amounts of the records still `active`, summed (USD, two decimals). */
  totalOpenAmount: number;
}

/**
 * Summarises the records of `kind` as the BJL facts do, so the integration area's facts (E11) and
 * the report that prints them agree by construction.
 */
export function summariseBjl(records: readonly BjlEntry[], kind: BjlEntry['kind']): BjlKindSummary {
  const ofKind = records.filter((r) => r.kind === kind);
  const latest = ofKind.reduce<BjlEntry | undefined>((best, r) => (!best || r.filingDate > best.filingDate ? r : best), undefined);
  const open = ofKind.filter((r) => r.status === 'active').reduce((sum, r) => sum + (r.amount ?? 0), 0);
  return {
    count: ofKind.length,
    mostRecent: latest?.filingDate ?? null,
    mostRecentStatus: latest?.status ?? null,
    mostRecentAmount: latest?.amount ?? null,
    totalOpenAmount: Math.round(open * 100) / 100,
  };
}
