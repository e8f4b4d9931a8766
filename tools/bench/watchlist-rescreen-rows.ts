/*
 * The rescreening row's businesses as E12 rows: a synthetic business (synthetic-watchlist.ts) with
 * its legal name, a DBA and five owners (the first the control person), monitored.
 */
// eslint-disable-next-line @nx/enforce-module-boundaries -- types only, erased at build
import type { WatchlistSubject } from '../../apps/integration/src/providers/watchlist.provider';

/**
 * Words that steer the sandbox providers (their trigger words, docs/guides/sandbox-providers.md): a name
 * holding one would be bankrupt, unverifiable, a MATCH hit or unavailable, which the row does not measure.
 */
const SANDBOX_WORDS = /bankrupt|clean|deteriorat|flaky|judg|lien|outage|refused|nofinancials|nobureau|distressed|thriving|sanctioned|mismatch|dissolved|nowhere|nominee|registry|terminated|similar|screenfail/i;

/** Whether a name holds none of the sandbox's trigger words. */
export const sandboxWordFree = (name: string): boolean => !SANDBOX_WORDS.test(name);

/** The E12 row of business `n`: monitored, its names and owners as the synthetic business has them. */
export function rescreenBusinessRow(subjects: readonly WatchlistSubject[], n: number): Record<string, unknown> {
  const legal = subjects.find((s) => s.role === 'legal_name');
  const dba = subjects.find((s) => s.role === 'dba');
  const owners = subjects.filter((s) => s.role === 'owner');
  const row: Record<string, unknown> = {
    name: legal?.name ?? `Rescreen business ${n}`,
    external_id: `rescreen-${n}`,
    tin: String(100_000_000 + ((n * 7919) % 899_999_999)),
    mobile: '4155550132',
    address_line_1: '1234 Testing Blvd.',
    address_city: 'Longwood',
    address_state: 'FL',
    address_postal_code: '32850',
    address_country: 'US',
    is_monitoring_enabled: true,
  };
  if (dba) row.dba1_name = dba.name;
  owners.forEach((owner, i) => {
    const words = owner.name.split(' ');
    const slot = `owner${i + 1}_`;
    row[`${slot}first_name`] = words.slice(0, -1).join(' ') || words[0];
    row[`${slot}last_name`] = words[words.length - 1];
    if (owner.dateOfBirth) row[`${slot}dob`] = owner.dateOfBirth;
    row[`${slot}owner_type`] = i === 0 ? 'CONTROL' : 'BENEFICIARY';
    row[`${slot}ownership_percentage`] = 20;
  });
  return row;
}
