import type { FilingOfficer, PostalAddress, StateFiling, VendorTrace } from '../verification.providers';
import { officerNameOf } from './officer-names';
import type { OpenCorporatesAddress, OpenCorporatesCompany, OpenCorporatesOfficer } from './opencorporates.types';

/** A company's answer as the filing the verification checks read: what OpenCorporates always gives filled in. */
export type RegistryOfficer = FilingOfficer;
export type RegistryAddress = PostalAddress;
export type RegistryFiling = StateFiling & {
  companyNumber: string;
  jurisdiction: string;
  incorporationDate: string | null;
  registeredAddress: PostalAddress | null;
  trace: VendorTrace;
};

const ACTIVE_WORDS = /\b(active|good standing|in existence|current)\b/i;
const NOT_ACTIVE_WORDS =
  /\b(inactive|not|non-?compliance|noncompliant|delinquent|suspended|revoked|dissolved|dissolution|forfeited|cancell?ed|withdrawn|terminated|expired|merged|converted)\b/i;

/**
 * The registry's status word and whether the filing is active. OpenCorporates' `inactive` flag,
 * when true, always wins (dissolved, removed, merged...). Its documentation warns that a company is
 * not active merely because the flag is not set, so activity needs the registry's word to say so
 * ("Active", "Good Standing", "In Existence", "Current", without a word such as "Delinquent" or
 * "Noncompliance"); only when the registry states no status does an explicit `inactive: false`
 * count as active. The status is the registry's word, else "Inactive" (the flag) or "Not stated".
 */
export function statusOf(company: Pick<OpenCorporatesCompany, 'inactive' | 'current_status'>): { status: string; active: boolean } {
  const word = (company.current_status ?? '').trim();
  const status = word || (company.inactive === true ? 'Inactive' : 'Not stated');
  if (company.inactive === true) return { status, active: false };
  const active = word === '' ? company.inactive === false : ACTIVE_WORDS.test(word) && !NOT_ACTIVE_WORDS.test(word);
  return { status, active };
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/** The structured registered address; null when there is none (or no street, town or postal code). */
export function addressOf(address: OpenCorporatesAddress | null | undefined): RegistryAddress | null {
  if (!address) return null;
  const line1 = text(address.street_address).split(/\s*\n\s*/).filter(Boolean).join(', ');
  const [city, postalCode] = [text(address.locality), text(address.postal_code)];
  if (!line1 && !city && !postalCode) return null;
  return { line1, city, state: text(address.region) || null, postalCode: postalCode || null, country: text(address.country) || null };
}

/** A current officer (one without an end date, not flagged inactive) as the filing lists it; null for a former one. */
export function officerOf(officer: OpenCorporatesOfficer): RegistryOfficer | null {
  if (officer.inactive === true || text(officer.end_date) !== '') return null;
  return { ...officerNameOf(officer.name), title: text(officer.position) };
}

/** The filing of a company's own answer, traced with the answer's text. */
export function filingOf(company: OpenCorporatesCompany, state: string, trace: RegistryFiling['trace']): RegistryFiling {
  const incorporation = text(company.incorporation_date);
  return {
    registeredName: company.name,
    ...statusOf(company),
    state,
    officers: (company.officers ?? []).flatMap(({ officer }) => officerOf(officer) ?? []),
    companyNumber: company.company_number,
    jurisdiction: company.jurisdiction_code,
    incorporationDate: /^\d{4}-\d{2}-\d{2}$/.test(incorporation) ? incorporation : null,
    registeredAddress: addressOf(company.registered_address),
    trace,
  };
}
