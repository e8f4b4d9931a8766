/*
 * Supporting evidence for people (docs/guides/watchlist-matching.md, "Evidence"): the owner's date
 * of birth against the entry's published ones, the owner's country against every country the entry
 * names (nationalities, addresses, the issuers of its documents). Evidence moves a name score by a
 * small, bounded amount and is never asked to find anyone: the index answers only names whose name
 * score is at or above the threshold, so evidence can rank and lower hits, never make one.
 */
import type { WatchlistEvidence } from '../../providers/watchlist.provider';
import type { WatchlistEntry } from '../watchlist-entry';
import { resolveCountry } from './countries';
import { roundScore } from './score-name';

/** What each outcome adds to the name score (a different date of birth or country lowers it). */
export const DATE_OF_BIRTH_ADJUSTMENT: Readonly<Record<WatchlistEvidence['dateOfBirth'], number>> = { same: 0.05, close: 0.02, different: -0.1, unknown: 0 };
export const COUNTRY_ADJUSTMENT: Readonly<Record<WatchlistEvidence['country'], number>> = { same: 0.03, different: -0.05, unknown: 0 };

/** A day range, as `YYYY-MM-DD` texts (they compare in calendar order). */
interface DayRange {
  from: string;
  to: string;
  /** Whether the range is one day. */
  day: boolean;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

function rangeOfOne(text: string): DayRange | null {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  if (day !== undefined) return { from: `${year}-${month}-${day}`, to: `${year}-${month}-${day}`, day: true };
  if (month !== undefined) return { from: `${year}-${month}-01`, to: `${year}-${month}-${pad(lastDayOf(Number(year), Number(month)))}`, day: false };
  return { from: `${year}-01-01`, to: `${year}-12-31`, day: false };
}

/** A published date of birth (`YYYY-MM-DD`, `YYYY-MM`, `YYYY`, or `A to B` of those) as the days it allows. */
export function dateRangeOf(text: string): DayRange | null {
  const ends = text.split(/\s+to\s+/i);
  if (ends.length > 2) return null;
  const from = rangeOfOne(ends[0]);
  const to = ends.length === 2 ? rangeOfOne(ends[1]) : from;
  if (!from || !to) return null;
  return { from: from.from, to: to.to, day: ends.length === 1 && from.day };
}

/**
 * The date of birth evidence: `same` when a published day is the owner's day; `close` when a
 * published month, year or range holds it, or a published day has its day and month swapped (a
 * common slip between US and European order); `different` when the entry publishes dates and none
 * is either; `unknown` when the owner's or the entry's date is missing or unreadable.
 */
export function dateOfBirthEvidence(given: string | null, published: readonly string[]): WatchlistEvidence['dateOfBirth'] {
  const owner = given === null ? null : dateRangeOf(given);
  const listed = published.map(dateRangeOf).filter((range): range is DayRange => range !== null);
  if (owner === null || listed.length === 0) return 'unknown';
  if (owner.day && listed.some((range) => range.day && range.from === owner.from)) return 'same';
  const [year, month, day] = owner.from.split('-');
  const swapped = `${year}-${day}-${month}`;
  const close = listed.some((range) => (owner.from <= range.to && owner.to >= range.from) || (owner.day && range.day && range.from === swapped));
  return close ? 'close' : 'different';
}

/** Every country an entry names: nationalities, its addresses' countries, its documents' issuers. */
export function entryCountries(entry: WatchlistEntry): string[] {
  const named = [...entry.nationalities, ...entry.addresses.map((a) => a.country), ...entry.identifiers.map((i) => i.country)];
  return [...new Set(named.filter((country): country is string => typeof country === 'string' && country.trim() !== ''))];
}

/** The country evidence: `same` when the owner's country is any the entry names, `different` when it names others. */
export function countryEvidence(given: string | null, published: readonly string[]): WatchlistEvidence['country'] {
  const owner = resolveCountry(given);
  const listed = published.map(resolveCountry).filter((code): code is string => code !== null);
  if (owner === null || listed.length === 0) return 'unknown';
  return listed.includes(owner) ? 'same' : 'different';
}

/** The evidence of a subject against an entry (people only: an organisation's is `unknown`). */
export function evidenceFor(subject: { kind: 'person' | 'organisation'; dateOfBirth: string | null; country: string | null }, entry: WatchlistEntry): WatchlistEvidence {
  if (subject.kind !== 'person') return { dateOfBirth: 'unknown', country: 'unknown' };
  return { dateOfBirth: dateOfBirthEvidence(subject.dateOfBirth, entry.datesOfBirth), country: countryEvidence(subject.country, entryCountries(entry)) };
}

/** The score after the evidence: the name score moved by both adjustments, kept within 0..1. */
export function scoreWithEvidence(nameScore: number, evidence: WatchlistEvidence): number {
  const adjusted = nameScore + DATE_OF_BIRTH_ADJUSTMENT[evidence.dateOfBirth] + COUNTRY_ADJUSTMENT[evidence.country];
  return roundScore(Math.min(1, Math.max(0, adjusted)));
}
