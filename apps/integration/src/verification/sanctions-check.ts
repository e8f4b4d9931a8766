import type { VerificationCheck } from '@kyb/area-views';
import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';

/**
 * The SANCTIONS check of a verification (issue 44), from the business's sanctions screenings and
 * hits still listed: FAIL while a hit is CONFIRMED, UNAVAILABLE while hits wait for review or before
 * its first screening, PASS once screened with nothing confirmed or open (dismissed hits do not count).
 */
export async function sanctionsChecksOf(db: Knex, businessIds: readonly string[]): Promise<Map<string, VerificationCheck>> {
  const wanted = [...new Set(businessIds.filter(isUuid))];
  const checks = new Map<string, VerificationCheck>();
  if (wanted.length === 0) return checks;
  const { rows } = await db.raw<{ rows: Array<{ business_id: string; screened: boolean; confirmed: number; open: number }> }>(
    `select w.business_id,
        exists (select 1 from integration.watchlist_screenings s where s.business_id = w.business_id and s.status = 'COMPLETED') as screened,
        (select count(*)::int from integration.watchlist_hits h where h.business_id = w.business_id and h.is_listed and h.status = 'CONFIRMED') as confirmed,
        (select count(*)::int from integration.watchlist_hits h where h.business_id = w.business_id and h.is_listed and h.status = 'OPEN') as open
      from unnest(?::uuid[]) as w(business_id)`,
    [wanted],
  );
  const hits = (n: number) => `${n} ${n === 1 ? 'hit' : 'hits'}`;
  for (const row of rows) {
    const check: VerificationCheck =
      row.confirmed > 0
        ? { code: 'SANCTIONS', result: 'FAIL', reason: `${hits(row.confirmed)} on the business's or an owner's name ${row.confirmed === 1 ? 'was' : 'were'} confirmed on a sanctions list.` }
        : row.open > 0
          ? { code: 'SANCTIONS', result: 'UNAVAILABLE', reason: `${hits(row.open)} on the business's or an owner's name ${row.open === 1 ? 'waits' : 'wait'} for review (watchlist hits).` }
          : row.screened
            ? { code: 'SANCTIONS', result: 'PASS', reason: "No name of the business or its owners is a sanctions hit (none found, or every one dismissed)." }
            : { code: 'SANCTIONS', result: 'UNAVAILABLE', reason: 'The business has not been screened against the sanctions lists yet.' };
    checks.set(row.business_id, check);
  }
  return checks;
}

/** `checks` with the SANCTIONS check put in (replacing any), in the order the checks are shown. */
export function withSanctionsCheck(checks: readonly VerificationCheck[], sanctions: VerificationCheck): VerificationCheck[] {
  return [...checks.filter((c) => c.code !== 'SANCTIONS'), sanctions];
}
