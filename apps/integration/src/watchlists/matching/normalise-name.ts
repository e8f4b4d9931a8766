/*
 * Names reduced to comparable tokens (docs/guides/watchlist-matching.md, "Normalisation"):
 * transliterated to ASCII (Latin diacritics, Cyrillic, Greek, Arabic, Chinese, ... through the
 * `transliteration` package: CommonJS, no dependencies), lower case, punctuation gone, stop words
 * and a person's honorifics dropped and, for organisations, legal-form words set aside but kept.
 * Names are compared as sets of tokens, so word order (OFAC's `LAST, First` included) never matters;
 * `LAST, First` is still turned around so that the tokens read as a person writes the name.
 */
import { transliterate } from 'transliteration';
import { separateLegalForms } from './legal-forms';

/** How a name is read: an entity (also a vessel or an aircraft) loses its legal-form words. */
export type NameType = 'entity' | 'individual';

/** A name as the matcher compares it. */
export interface NormalisedName {
  /** The distinct tokens, in reading order (`LAST, First` read as `First LAST`). */
  tokens: string[];
  /** The legal-form words set aside (entities only), e.g. `['llc']`, `['sa de cv']`. */
  legalForms: string[];
}

/** Words that carry no identity in a name, in the languages OFAC's entries are written in. */
export const STOP_WORDS: ReadonlySet<string> = new Set(['the', 'of', 'and', 'for', 'a', 'an', 'und', 'et', 'y']);

/** A person's honorifics: "Dr. Jose Muller" is the same person as "Jose Muller". */
export const HONORIFICS: ReadonlySet<string> = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof']);

const ASCII_ONLY = /^[\x20-\x7e]*$/;
// The Arabic article written onto its word ("الهاشمي") transliterates as a bare "l" glued to the
// name ("lhshmy"); published Latin forms write it "AL-HASHIMI", so it is split off as "al".
const ARABIC_ARTICLE = /(^|[\s\u060c(])\u0627\u0644(?=[\u0621-\u064a])/g;
// Apostrophes vanish ("QA'IDA" -> "qaida", "O'Brien" -> "obrien") rather than splitting a word.
const APOSTROPHES = /['`\u2018\u2019\u02bc\u02bb]/g;
// A dot between single letters joins them ("L.L.C." -> "llc", "S.A." -> "sa"); other dots split.
const DOTTED_LETTERS = /(?<![a-z0-9])([a-z])\.(?=[a-z](?![a-z0-9]))/g;
const NOT_A_WORD = /[^a-z0-9]+/;

function toAscii(name: string): string {
  if (ASCII_ONLY.test(name)) return name;
  return transliterate(name.normalize('NFKC').replace(ARABIC_ARTICLE, '$1al '));
}

function readingOrder(name: string, type: NameType): string {
  const parts = name.split(',');
  // OFAC writes individuals `LAST, First Middle`; only a single comma is read that way.
  return type === 'individual' && parts.length === 2 ? `${parts[1]} ${parts[0]}` : name;
}

function joinDottedLetters(text: string): string {
  let previous: string;
  let joined = text;
  // One pass leaves every other letter of a long run ("a.b.c.d."); repeat until nothing changes.
  do {
    previous = joined;
    joined = joined.replace(DOTTED_LETTERS, '$1');
  } while (joined !== previous);
  return joined;
}

/** Lower-case ASCII words of a name, before stop words, honorifics and legal forms are looked at. */
export function nameWords(name: string, type: NameType = 'entity'): string[] {
  const text = joinDottedLetters(readingOrder(toAscii(name), type).toLowerCase().replace(APOSTROPHES, ''));
  return text.split(NOT_A_WORD).filter((word) => word.length > 0);
}

/** Normalises a name for matching (see docs/guides/watchlist-matching.md). */
export function normaliseName(name: string, type: NameType = 'entity'): NormalisedName {
  const dropped = type === 'individual' ? HONORIFICS : null;
  const words = nameWords(name, type).filter((word) => !STOP_WORDS.has(word) && !dropped?.has(word));
  const { name: kept, legalForms } = type === 'entity' ? separateLegalForms(words) : { name: words, legalForms: [] };
  return { tokens: [...new Set(kept)], legalForms };
}
