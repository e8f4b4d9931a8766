/*
 * What the Remarks column of sdn.csv / cons_prim.csv says, read into the entry model. The CSV
 * layout has no columns for dates of birth, nationality, documents or weak aliases: OFAC prints
 * them in Remarks, one item a `; `-separated part, the whole ending in a period.
 * Sources:
 * - SDN data specification (https://ofac.treasury.gov/system/files/126/dat_spec.txt): Remarks,
 *   text 1000, "remarks on SDN".
 * - OFAC FAQ 123 (https://ofac.treasury.gov/faqs/123): in the CSV formats weak AKAs are listed in
 *   the Remarks field, bracketed by quotation marks: `a.k.a. 'ABU AL-FOUTOUH'`.
 * - Announcement of 13 June 2012 (https://ofac.treasury.gov/recent-actions/20120613): items in
 *   the remarks appear in a fixed order; the data ends in a period.
 * // not in OFAC's docs: the item words (`DOB`, `POB`, `nationality`, `citizen`, `alt.`) and the
 * // `(Country)` after a document number; they are read as the published files print them.
 */
import type { WatchlistAlias, WatchlistIdentifier } from '../watchlist-entry';
import { dateOfBirthFromRemark } from './ofac-dates';
import { IDENTIFIER_NAMES } from './ofac-identifier-types';

/** What the remarks of one entry carry beyond free text. */
export interface RemarkFacts {
  weakAliases: WatchlistAlias[];
  datesOfBirth: string[];
  nationalities: string[];
  identifiers: WatchlistIdentifier[];
}

const ALIAS_KINDS: Readonly<Record<string, WatchlistAlias['kind']>> = { a: 'aka', f: 'fka', n: 'nka' };

/** The `; `-separated items of a remarks text, without the closing period and `alt. ` prefixes. */
export function remarkItems(remarks: string): string[] {
  return remarks
    .replace(/\.$/, '')
    .split('; ')
    .map((item) => item.trim().replace(/^alt\.\s+/, ''))
    .filter((item) => item.length > 0);
}

function identifierOf(item: string): WatchlistIdentifier | null {
  const type = IDENTIFIER_NAMES.find((name) => item.startsWith(`${name} `));
  if (!type) return null;
  // `Passport AL720622 (Colombia) expires 01 Jan 2030`: the country in brackets, dates after it.
  const rest = item.slice(type.length + 1).replace(/\s+(issued|expires)\s.*$/, '');
  const withCountry = /^(.*\S)\s+\(([^()]+)\)$/.exec(rest);
  return withCountry ? { type, value: withCountry[1], country: withCountry[2] } : { type, value: rest.trim(), country: null };
}

/**
 * The weak aliases, dates of birth, nationalities and identifiers in an entry's remarks. Weak
 * aliases are numbered `remarks-1`, `remarks-2`, ... in the order printed (the CSV gives them no id).
 */
export function factsOfRemarks(remarks: string | null): RemarkFacts {
  const facts: RemarkFacts = { weakAliases: [], datesOfBirth: [], nationalities: [], identifiers: [] };
  if (!remarks) return facts;
  for (const item of remarkItems(remarks)) {
    const alias = /^([afn])\.k\.a\.\s+'(.+)'$/.exec(item);
    if (alias) {
      facts.weakAliases.push({ id: `remarks-${facts.weakAliases.length + 1}`, kind: ALIAS_KINDS[alias[1]], strength: 'weak', name: alias[2] });
      continue;
    }
    const dob = /^DOB\s+(.+)$/.exec(item);
    if (dob) {
      const date = dateOfBirthFromRemark(dob[1]);
      if (date) facts.datesOfBirth.push(date);
      continue;
    }
    const nationality = /^(?:nationality|citizen)\s+(.+)$/.exec(item);
    if (nationality) {
      if (!facts.nationalities.includes(nationality[1])) facts.nationalities.push(nationality[1]);
      continue;
    }
    const identifier = identifierOf(item);
    if (identifier) facts.identifiers.push(identifier);
  }
  return facts;
}
