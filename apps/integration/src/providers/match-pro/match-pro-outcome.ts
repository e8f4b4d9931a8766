import type { FieldMatch, MatchResult, MerchantMatch, PrincipalMatch, ScreeningOutcome, TerminatedMerchant } from '../screening.provider';
import type { BusinessProfile } from '../business-profile';
import { MATCH_CODES, type TerminatedMerchantMatch, type TerminatedMerchantRecord } from './match-pro.api';

/** MATCH's per-field code as ours: M01 exact, M02 phonetic, M00 (or nothing) no match. */
export function fieldMatchOf(code: string | undefined): FieldMatch {
  if (code === MATCH_CODES.exact) return 'EXACT';
  if (code === MATCH_CODES.phonetic) return 'PHONETIC';
  return 'NONE';
}

const best = (...matches: FieldMatch[]): FieldMatch => (matches.includes('EXACT') ? 'EXACT' : matches.includes('PHONETIC') ? 'PHONETIC' : 'NONE');

/** A URL MATCH lists as an exact match is EXACT; a close match is the nearest of ours, PHONETIC. */
function urlMatchOf(record: TerminatedMerchantRecord): FieldMatch {
  const groups = record.urlGroups ?? [];
  if (groups.some((group) => (group.exactMatchUrls?.urls ?? []).length > 0)) return 'EXACT';
  if (groups.some((group) => (group.closeMatchUrls?.urls ?? []).length > 0)) return 'PHONETIC';
  return 'NONE';
}

/** Every comparison MATCH made for one terminated merchant, the principals' included. */
function comparisonsOf({ merchant, merchantMatch: codes }: TerminatedMerchantMatch): FieldMatch[] {
  const fields = [codes.name, codes.doingBusinessAsName, codes.address, codes.phoneNumber, codes.altPhoneNumber];
  for (const principal of codes.principalMatches ?? []) fields.push(principal.name, principal.address, principal.phoneNumber, principal.altPhoneNumber);
  return [...fields.map(fieldMatchOf), urlMatchOf(merchant)];
}

const strength = (match: TerminatedMerchantMatch) => comparisonsOf(match).reduce((sum, field) => sum + (field === 'EXACT' ? 100 : field === 'PHONETIC' ? 1 : 0), 0);

/**
 * Our reading of MATCH's answer. Every merchant MATCH returns is a possible match; one that agrees
 * with the inquiry letter for letter on any field (an M01, or an exact URL) makes the result
 * 'Match', phonetic or close agreements alone make it 'Possible Match', and none returned 'No Match'.
 */
export function matchResultOf(matches: readonly TerminatedMerchantMatch[]): MatchResult {
  if (matches.length === 0) return 'No Match';
  return matches.some((match) => comparisonsOf(match).includes('EXACT')) ? 'Match' : 'Possible Match';
}

/** `YYYY-MM-DD` from MATCH's ISO dates or its older `MM/DD/YYYY`; empty when absent. */
function dateOf(text: string | undefined): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text ?? '');
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text ?? '');
  return us ? `${us[3]}-${us[1]}-${us[2]}` : '';
}

function terminatedMerchantOf(record: TerminatedMerchantRecord): TerminatedMerchant {
  const code = record.reasonCode ?? '';
  return {
    name: record.name ?? '',
    terminationReasonCode: code,
    terminationReason: record.reasonCodeDesc ?? (code === '' ? '' : `MATCH reason code ${code}`),
    terminationDate: dateOf(record.dateClosed),
    addedByIca: record.addedByAcquirerId ?? '',
  };
}

const SOUNDEX: Record<string, string> = { B: '1', F: '1', P: '1', V: '1', C: '2', G: '2', J: '2', K: '2', Q: '2', S: '2', X: '2', Z: '2', D: '3', T: '3', L: '4', M: '5', N: '5', R: '6' };

/** American Soundex: how the adapter tells which listed principal an owner of ours may be. */
export function soundex(name: string | undefined): string {
  const letters = (name ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  if (letters === '') return '';
  let key = letters[0];
  let last = SOUNDEX[letters[0]] ?? '';
  for (const letter of letters.slice(1)) {
    const code = SOUNDEX[letter] ?? '';
    if (code !== '' && code !== last) key += code;
    if (letter !== 'H' && letter !== 'W') last = code;
  }
  return (key + '000').slice(0, 4);
}

/**
 * Each owner of ours with MATCH's codes for the listed principal whose first and last names sound
 * like the owner's (MATCH compares each listed principal with the inquiry's); NONE when none does.
 */
function principalsOf(business: BusinessProfile, chosen: TerminatedMerchantMatch | undefined): PrincipalMatch[] {
  const listed = chosen?.merchant.principals ?? [];
  return business.owners.map((owner) => {
    const index = listed.findIndex((p) => soundex(p.firstName) === soundex(owner.firstName) && soundex(p.lastName) === soundex(owner.lastName));
    const codes = index < 0 ? undefined : chosen?.merchantMatch.principalMatches?.[index];
    return {
      ownerId: owner.id,
      firstName: owner.firstName,
      lastName: owner.lastName,
      name: fieldMatchOf(codes?.name),
      address: fieldMatchOf(codes?.address),
      phone: best(fieldMatchOf(codes?.phoneNumber), fieldMatchOf(codes?.altPhoneNumber)),
    };
  });
}

const NO_MERCHANT: MerchantMatch = { name: 'NONE', doingBusinessAs: 'NONE', address: 'NONE', phone: 'NONE', url: 'NONE', terminatedMerchant: null };

/**
 * The screening outcome of an inquiry's terminated merchants (all pages). Our outcome holds one
 * terminated merchant: the strongest (most exact fields, then most phonetic, MATCH's order on a
 * tie); the others stay in the raw answer the trace keeps.
 */
export function outcomeOf(input: { business: BusinessProfile; icas: string[]; ref: string; matches: readonly TerminatedMerchantMatch[] }): ScreeningOutcome {
  const chosen = input.matches.reduce<TerminatedMerchantMatch | undefined>((top, match) => (top === undefined || strength(match) > strength(top) ? match : top), undefined);
  const merchant: MerchantMatch = chosen
    ? {
        name: fieldMatchOf(chosen.merchantMatch.name),
        doingBusinessAs: fieldMatchOf(chosen.merchantMatch.doingBusinessAsName),
        address: fieldMatchOf(chosen.merchantMatch.address),
        phone: best(fieldMatchOf(chosen.merchantMatch.phoneNumber), fieldMatchOf(chosen.merchantMatch.altPhoneNumber)),
        url: urlMatchOf(chosen.merchant),
        terminatedMerchant: terminatedMerchantOf(chosen.merchant),
      }
    : NO_MERCHANT;
  return { matchResult: matchResultOf(input.matches), merchant, principals: principalsOf(input.business, chosen), icasSearched: [...input.icas], providerReference: input.ref };
}
