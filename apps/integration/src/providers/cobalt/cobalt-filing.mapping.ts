import { comparableName } from '../comparable-name';
import type { FilingOfficer, PostalAddress, StateFiling } from '../verification.providers';
import type { CobaltBusiness } from './cobalt.api';

/** A name as Cobalt's own matching reads it: lower case, `&` as `and`, `L.L.C.` as `llc`, other punctuation a space. */
export function strictName(name: string): string {
  return name.toLowerCase().replace(/[.,'’"]/g, '').replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, ' ').trim();
}

/** Whether the filing is active: Cobalt's `normalizedStatus` when it gives one, else the state's own word. */
export function isActive(business: CobaltBusiness): boolean {
  if (business.normalizedStatus) return business.normalizedStatus.trim().toLowerCase() === 'active';
  return /^(active|(in )?good standing)$/i.test(business.status?.trim() ?? '');
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  const i = a.findIndex((value, index) => value !== b[index]);
  return i === -1 ? 0 : a[i] - b[i];
}

/**
 * Which of several results is the business. Ranked, best first: the same name as searched (case,
 * punctuation and `&`/`and` aside), then the same name but for legal suffixes (`LLC`, `Inc`...);
 * among such name matches an active filing before an inactive one (a dissolved namesake whose name
 * was reused); then Cobalt's `confidenceLevel` (its name similarity); then Cobalt's own order.
 */
export function chooseResult(results: readonly CobaltBusiness[], searchedName: string): CobaltBusiness | null {
  const strict = strictName(searchedName);
  const comparable = comparableName(searchedName);
  const rank = (business: CobaltBusiness): number[] => {
    const title = business.title ?? '';
    const tier = strictName(title) === strict ? 2 : comparable !== '' && comparableName(title) === comparable ? 1 : 0;
    return [tier, tier > 0 && isActive(business) ? 1 : 0, business.confidenceLevel ?? 0];
  };
  let best: CobaltBusiness | null = null;
  let bestRank: number[] = [];
  for (const business of results) {
    const current = rank(business);
    if (best === null || compareRanks(current, bestRank) > 0) [best, bestRank] = [business, current];
  }
  return best;
}

const NAME_SUFFIX = /,?\s+(jr|sr|ii|iii|iv)\.?$/i;

/**
 * A filing's one-field name as first and last name: `SMITH, JOHN A` (last name first, as some
 * states list them) or `John A. Smith`; a middle name and a `Jr.`/`III` suffix are left out. A
 * single word is a last name. Empty names are dropped (null).
 */
export function officerOf(name: string, title: string): FilingOfficer | null {
  const clean = name.replace(/\s+/g, ' ').trim().replace(NAME_SUFFIX, '').trim();
  if (clean === '') return null;
  const comma = clean.indexOf(',');
  if (comma > 0) {
    const first = clean.slice(comma + 1).trim().split(' ')[0] ?? '';
    return { firstName: first, lastName: clean.slice(0, comma).trim(), title };
  }
  const words = clean.split(' ');
  return words.length === 1 ? { firstName: '', lastName: clean, title } : { firstName: words[0], lastName: words[words.length - 1], title };
}

/** The officers, then the registered agent when it is a person (not a commercial agent service). */
export function officersOf(business: CobaltBusiness): FilingOfficer[] {
  const listed = (business.officers ?? []).map((o) => officerOf(o.name ?? '', o.title?.trim() || 'Officer'));
  const agent = business.agentName && business.agentIsCommercial !== true ? officerOf(business.agentName, 'Registered Agent') : null;
  return [...listed, agent].filter((o): o is FilingOfficer => o !== null);
}

/** `YYYY-MM-DD` from Cobalt's ISO `normalizedFilingDate`, else from the state's `filingDate` (ISO or `MM/DD/YYYY`). */
export function filingDateOf(business: CobaltBusiness): string | null {
  const iso = /^(\d{4}-\d{2}-\d{2})/;
  const normalized = business.normalizedFilingDate?.match(iso);
  if (normalized) return normalized[1];
  const raw = business.filingDate?.trim() ?? '';
  const us = raw.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (us) return `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`;
  return raw.match(iso)?.[1] ?? null;
}

/** The business's physical address, else its mailing address; null when neither has a street and a city. */
export function addressOf(business: CobaltBusiness): PostalAddress | null {
  const candidates = [
    [business.physicalAddressStreet, business.physicalAddressCity, business.physicalAddressState, business.physicalAddressZip],
    [business.mailingAddressStreet, business.mailingAddressCity, business.mailingAddressState, business.mailingAddressZip],
  ];
  for (const [line1, city, state, postalCode] of candidates) {
    if (line1?.trim() && city?.trim()) return { line1: line1.trim(), city: city.trim(), state: state?.trim() || null, postalCode: postalCode?.trim() || null, country: 'US' };
  }
  return null;
}

/** The filing a Cobalt result describes; `searchedState` stands in when Cobalt does not say the registration's state. */
export function filingOf(business: CobaltBusiness, searchedState: string): StateFiling {
  const state = (business.stateOfSosRegistration?.trim() || searchedState).toUpperCase();
  return {
    registeredName: business.title?.trim() ?? '',
    active: isActive(business),
    status: business.status?.trim() || business.normalizedStatus?.trim() || 'Unknown',
    state,
    officers: officersOf(business),
    companyNumber: business.sosId?.trim() || null,
    jurisdiction: /^[A-Z]{2}$/.test(state) ? `us_${state.toLowerCase()}` : null,
    incorporationDate: filingDateOf(business),
    registeredAddress: addressOf(business),
  };
}
