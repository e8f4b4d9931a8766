import type { BjlRecord } from './public-records.provider';
import { createSeededRandom } from './seeded-random';

const DAY_MS = 86_400_000;

/**
 * The liens of the `nth` enrichment of a `deteriorating` business: `nth` active ones, the i-th
 * filed i minutes after 30 days before the reference (newer each time; before it for 43,200 enrichments), each with
 * its own stable id and amount, so a later enrichment keeps the earlier ones and adds one.
 */
export function deterioratingLiens(businessId: string, seed: string, reference: Date, nth: number): BjlRecord[] {
  const start = reference.getTime() - 30 * DAY_MS;
  return Array.from({ length: nth }, (_, index) => {
    const i = index + 1;
    const r = createSeededRandom(`${seed}:deteriorating:${i}`);
    return { kind: 'LIEN', providerRecordId: `${businessId}-deteriorating-${i}`, filingDate: new Date(start + i * 60_000).toISOString(), status: 'active', amount: Math.round(r.between(1_000, 50_000) * 100) / 100 };
  });
}
