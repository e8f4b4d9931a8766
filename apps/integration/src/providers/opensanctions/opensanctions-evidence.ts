import type { WatchlistEvidence, WatchlistMatchedToken } from '../watchlist.provider';

/**
 * What the adapter itself says about a hosted match: which words of the name agreed, and how the
 * birth date and country compared. The score stays OpenSanctions'; these are read off the answer so
 * a reviewer sees the same kind of evidence as from the suite's own matcher.
 */

/** The FtM properties of country type the adapter compares (Person, LegalEntity, Company). */
export const COUNTRY_PROPERTIES = ['country', 'nationality', 'citizenship', 'birthCountry', 'jurisdiction', 'mainCountry'] as const;

/** A property's string values (a nested entity may stand in a property's place; it is skipped). */
export function stringsOf(properties: Record<string, unknown> | undefined, name: string): string[] {
  const values = properties?.[name];
  const list = Array.isArray(values) ? values : values === undefined ? [] : [values];
  return list.filter((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/** A name's words: accents dropped, lower case, split on anything that is not a letter or digit. */
export function nameTokens(name: string): string[] {
  const plain = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return [...new Set(plain.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
}

/**
 * Each query word paired with the listed word it agrees with: the same word (`exact`), or an
 * initial standing for it (`initial`, half weight). Simple agreement only; the fuzzy and phonetic
 * comparison is OpenSanctions', in its score and its name feature's explanation.
 */
export function matchedTokensOf(queryName: string, matchedName: string): WatchlistMatchedToken[] {
  const listed = nameTokens(matchedName);
  return nameTokens(queryName).flatMap((query): WatchlistMatchedToken[] => {
    if (listed.includes(query)) return [{ query, candidate: query, similarity: 1, how: 'exact' }];
    const initial = listed.find((candidate) => (query.length === 1 && candidate.length > 1 && candidate.startsWith(query)) || (candidate.length === 1 && query.length > 1 && query.startsWith(candidate)));
    return initial === undefined ? [] : [{ query, candidate: initial, similarity: 0.5, how: 'initial' }];
  });
}

/** Birth dates: the same day; the same year (or day and month swapped); else different. */
function dateOfBirthEvidence(asked: string | null, listed: readonly string[]): WatchlistEvidence['dateOfBirth'] {
  if (asked === null || asked.trim() === '' || listed.length === 0) return 'unknown';
  const day = asked.trim().slice(0, 10);
  if (listed.some((date) => date.slice(0, 10) === day)) return 'same';
  const [year, month, dayOfMonth] = day.split('-');
  const swapped = `${year}-${dayOfMonth}-${month}`;
  return listed.some((date) => date.slice(0, 4) === year && (date.length <= 7 || date.slice(0, 10) === swapped)) ? 'close' : 'different';
}

/** Countries: any in common, as the codes the API cleaned the query's values to. */
function countryEvidence(asked: readonly string[], listed: readonly string[]): WatchlistEvidence['country'] {
  if (asked.length === 0 || listed.length === 0) return 'unknown';
  const codes = new Set(listed.map((code) => code.toLowerCase()));
  return asked.some((code) => codes.has(code.toLowerCase())) ? 'same' : 'different';
}

const countriesOf = (properties: Record<string, unknown> | undefined) => COUNTRY_PROPERTIES.flatMap((name) => stringsOf(properties, name));

/**
 * The evidence for a person (an organisation's is unknown: the interface compares people only).
 * The asked country is read from the query as the API answered it, cleaned to a code ("Iran" and
 * "IR" both come back `ir`), so it compares with the listed codes.
 */
export function evidenceOf(input: {
  kind: 'person' | 'organisation';
  dateOfBirth: string | null;
  askedProperties: Record<string, unknown> | undefined;
  listedProperties: Record<string, unknown>;
}): WatchlistEvidence {
  if (input.kind !== 'person') return { dateOfBirth: 'unknown', country: 'unknown' };
  return {
    dateOfBirth: dateOfBirthEvidence(input.dateOfBirth, stringsOf(input.listedProperties, 'birthDate')),
    country: countryEvidence(countriesOf(input.askedProperties), countriesOf(input.listedProperties)),
  };
}
