import type { MatchedMerchantEntry, MatchScreeningEntry } from '@kyb/area-views';
import type { ReportMatch, ReportMatchedMerchant } from '../pdf/report-data';

/** The business's fields MATCH compares, in the order a reader expects them, with their printed names. */
const FIELDS: ReadonlyArray<[keyof MatchedMerchantEntry['comparisons'], string]> = [
  ['name', 'name'],
  ['doingBusinessAs', 'DBA'],
  ['address', 'address'],
  ['phone', 'phone'],
  ['url', 'website'],
];

const HOW = { EXACT: 'exact', PHONETIC: 'sounds alike' } as const;

function reportMerchant(merchant: MatchedMerchantEntry): ReportMatchedMerchant {
  const matchedOn: string[] = [];
  for (const [field, printed] of FIELDS) {
    const how = merchant.comparisons[field];
    if (how === 'EXACT' || how === 'PHONETIC') matchedOn.push(`${printed} (${HOW[how]})`);
  }
  return { name: merchant.name, reasonCode: merchant.reasonCode, reason: merchant.reason, terminatedOn: merchant.terminatedOn, addedByIca: merchant.addedByIca, matchedOn };
}

/**
 * The MATCH section: the business's newest screening, whatever its state, so a report never
 * shows an older result as current while a newer screening runs or after it failed. Its result
 * word and matched merchants only once it COMPLETED.
 */
export function reportMatch(newest: MatchScreeningEntry | undefined): ReportMatch {
  if (!newest) return { screening: null };
  const completed = newest.status === 'COMPLETED';
  return {
    screening: {
      id: newest.id,
      status: newest.status,
      result: completed ? newest.result : null,
      provider: newest.provider,
      requestedAt: new Date(newest.createdAt),
      completedAt: completed && newest.completedAt ? new Date(newest.completedAt) : null,
      merchants: completed ? newest.matchedMerchants.map(reportMerchant) : [],
    },
  };
}
