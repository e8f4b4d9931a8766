/*
 * How the fake compares an inquiry with its terminated merchants, field by field, answering MATCH's
 * codes: M01 when the values agree letter for letter (case, spaces and punctuation aside), M02 when
 * they only sound alike, M00 otherwise. MATCH does not publish its phonetic algorithm; the fake uses
 * American Soundex, word by word. A merchant is listed when at least `minPossibleMatchCount` of its
 * comparisons are not M00 (the search criterion's documented meaning).
 */

export interface FakeAddress {
  addressLineOne: string;
  city: string;
  countrySubdivision?: string;
  postalCode?: string;
  country: string;
}

export interface FakePrincipal {
  firstName: string;
  lastName: string;
  address?: FakeAddress;
  phoneNumber?: string;
}

/** A terminated merchant of the fake's list, as an acquirer added it to MATCH. */
export interface FakeTerminatedMerchant {
  name: string;
  doingBusinessAsName?: string;
  address?: FakeAddress;
  phoneNumber?: string;
  urls?: string[];
  principals?: FakePrincipal[];
  reasonCode: string;
  reasonCodeDesc: string;
  addedByAcquirerId: string;
  /** ISO 8601 date. */
  dateClosed: string;
}

/** The merchant part of an inquiry, as the fake reads it. */
export interface InquiredMerchant {
  name?: string;
  doingBusinessAsName?: string;
  address?: Partial<FakeAddress>;
  phoneNumber?: string;
  urls?: string[];
  principals?: Array<Partial<FakePrincipal>>;
}

type Code = 'M00' | 'M01' | 'M02';

const plain = (text: string | undefined) => (text ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
const SOUNDEX: Record<string, string> = { B: '1', F: '1', P: '1', V: '1', C: '2', G: '2', J: '2', K: '2', Q: '2', S: '2', X: '2', Z: '2', D: '3', T: '3', L: '4', M: '5', N: '5', R: '6' };

function soundexOfWord(word: string): string {
  let key = word[0];
  let last = SOUNDEX[word[0]] ?? '';
  for (const letter of word.slice(1)) {
    const code = SOUNDEX[letter] ?? '';
    if (code !== '' && code !== last) key += code;
    if (letter !== 'H' && letter !== 'W') last = code;
  }
  return (key + '000').slice(0, 4);
}

const sound = (text: string | undefined) => (text ?? '').toUpperCase().split(/[^A-Z]+/).filter(Boolean).map(soundexOfWord).join(' ');

function compare(inquired: string | undefined, listed: string | undefined): Code {
  if (plain(inquired) === '' || plain(listed) === '') return 'M00';
  if (plain(inquired) === plain(listed)) return 'M01';
  return sound(inquired) === sound(listed) ? 'M02' : 'M00';
}

const exactly = (inquired: string | undefined, listed: string | undefined): Code => (plain(inquired) !== '' && plain(inquired) === plain(listed) ? 'M01' : 'M00');
const addressKey = (address: Partial<FakeAddress> | undefined) => (address ? `${plain(address.addressLineOne)}|${plain(address.city)}|${plain(address.country)}` : '');
const strongest = (codes: Code[]): Code => (codes.includes('M01') ? 'M01' : codes.includes('M02') ? 'M02' : 'M00');

/** MATCH's answer entry for one listed merchant: the record (as MATCH shows it) and the codes. */
export function compareWith(inquiry: InquiredMerchant, listed: FakeTerminatedMerchant) {
  const inquiredPrincipals = inquiry.principals ?? [];
  const principalMatches = (listed.principals ?? []).map((principal) => ({
    name: strongest(inquiredPrincipals.map((p) => compare(`${p.firstName ?? ''} ${p.lastName ?? ''}`, `${principal.firstName} ${principal.lastName}`))),
    address: strongest(inquiredPrincipals.map((p) => exactly(addressKey(p.address), addressKey(principal.address)))),
    phoneNumber: strongest(inquiredPrincipals.map((p) => exactly(p.phoneNumber, principal.phoneNumber))),
  }));
  const merchantMatch = {
    name: compare(inquiry.name, listed.name),
    doingBusinessAsName: compare(inquiry.doingBusinessAsName, listed.doingBusinessAsName),
    address: exactly(addressKey(inquiry.address), addressKey(listed.address)),
    phoneNumber: exactly(inquiry.phoneNumber, listed.phoneNumber),
    principalMatches,
  };
  const { urls: listedUrls = [], ...record } = listed;
  const inquiredUrls = new Set((inquiry.urls ?? []).map(plain));
  const exactUrls = listedUrls.filter((url) => inquiredUrls.has(plain(url)));
  const urlGroups = [{ exactMatchUrls: { urls: exactUrls }, closeMatchUrls: { urls: [] }, noMatchUrls: { urls: listedUrls.filter((url) => !exactUrls.includes(url)) } }];
  const codes = [merchantMatch.name, merchantMatch.doingBusinessAsName, merchantMatch.address, merchantMatch.phoneNumber, ...principalMatches.flatMap((p) => [p.name, p.address, p.phoneNumber])];
  const agreements = codes.filter((code) => code !== 'M00').length + exactUrls.length;
  return { agreements, entry: { merchant: { ...record, urlGroups }, merchantMatch } };
}
