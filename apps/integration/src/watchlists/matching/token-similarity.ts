/*
 * When two tokens count as the same name part, and how much (docs/guides/watchlist-matching.md,
 * "Tokens"). The first pass that applies wins:
 * - exact: equal tokens, similarity 1;
 * - initial: a single letter and a (alphabetic) word it starts with ("e" and "emmanuel"), similarity 0.6; the
 *   name score counts an initial only beside a full word that agrees;
 * - phonetic: alphabetic tokens of 3+ letters that sound alike and are not far apart in spelling:
 *   a shared Double Metaphone code with Jaro-Winkler >= 0.8, or the same consonant skeleton where
 *   one of them has no vowel at all (unvocalised Arabic transliterates so: "mhmd") with
 *   Jaro-Winkler >= 0.7. Similarity (1 + JW) / 2: the sound agrees, so half the spelling gap is forgiven;
 * - jaro-winkler: alphabetic tokens of 4+ letters one deletion apart on each side (a typo: a
 *   substitution, a missing or extra letter, two letters swapped) with Jaro-Winkler >= 0.88: JW.
 *   The floor is high because a changed consonant in a short name is usually another name ("hong"
 *   and "yong" score 0.83); vowel variants of short names ("omar", "omer") are the phonetic pass's.
 * Anything else does not match. Other short tokens and numbers match only exactly: Jaro-Winkler on
 * two letters or on digits says nothing.
 *
 * Every way two tokens can match is also a key the index files them under (indexKeys) and a key a
 * query looks up (probeKeys): two matching tokens always share one, which is what lets the index's
 * blocking lose no hit (token-similarity.test.ts checks it).
 */
import { doubleMetaphone } from './double-metaphone';
import { jaroWinkler } from './jaro-winkler';

/** How a pair of tokens matched (WatchlistMatchedToken's `how`). */
export type TokenMatchKind = 'exact' | 'initial' | 'phonetic' | 'jaro-winkler';

/** A pair of tokens that match. */
export interface TokenMatch {
  similarity: number;
  how: TokenMatchKind;
}

/** A token with what comparing it needs, computed once. */
export interface TokenFeatures {
  text: string;
  alphabetic: boolean;
  /** Distinct Double Metaphone codes (3+ letters only). */
  codes: string[];
  /** Consonants without repeats ("muhammad" -> "mhmd"), 3+ letters only; '' when shorter. */
  skeleton: string;
  /** Whether the token has no vowel a, e, i, o, u at all ("mhmd", "nbyl"). */
  vowelless: boolean;
}

export const INITIAL_SIMILARITY = 0.6;
export const PHONETIC_MIN_LENGTH = 3;
export const FUZZY_MIN_LENGTH = 4;
export const PHONETIC_MIN_JW = 0.8;
export const SKELETON_MIN_JW = 0.7;
export const FUZZY_MIN_JW = 0.88;

const ALPHABETIC = /^[a-z]+$/;

function skeletonOf(text: string): string {
  // y is dropped with the vowels: transliterated Arabic writes a long i as y ("nbyl" for nabil).
  const skeleton = text.replace(/[aeiouy]/g, '').replace(/(.)\1+/g, '$1');
  return skeleton.length >= PHONETIC_MIN_LENGTH ? skeleton : '';
}

/** The features of one normalised token. */
export function tokenFeatures(text: string): TokenFeatures {
  const alphabetic = ALPHABETIC.test(text);
  const long = alphabetic && text.length >= PHONETIC_MIN_LENGTH;
  const codes = long ? [...new Set(doubleMetaphone(text))].filter((code) => code.length > 0) : [];
  return { text, alphabetic, codes, skeleton: long ? skeletonOf(text) : '', vowelless: long && !/[aeiou]/.test(text) };
}

/** The token and the token less each one of its letters ("ivan" -> ivan, van, ian, ivn, iva). */
export function deletionVariants(text: string): string[] {
  const variants = new Set([text]);
  for (let i = 0; i < text.length; i += 1) variants.add(text.slice(0, i) + text.slice(i + 1));
  return [...variants];
}

function oneDeletionApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const ofA = new Set(deletionVariants(a));
  return deletionVariants(b).some((variant) => ofA.has(variant));
}

function isInitialOf(letter: TokenFeatures, word: TokenFeatures): boolean {
  return letter.text.length === 1 && letter.alphabetic && word.alphabetic && word.text.length > 1 && word.text.startsWith(letter.text);
}

/** Whether and how well two tokens match (null: they do not). */
export function tokenSimilarity(a: TokenFeatures, b: TokenFeatures): TokenMatch | null {
  if (a.text === b.text) return { similarity: 1, how: 'exact' };
  if (isInitialOf(a, b) || isInitialOf(b, a)) return { similarity: INITIAL_SIMILARITY, how: 'initial' };
  if (!a.alphabetic || !b.alphabetic) return null;
  const shortest = a.text.length < b.text.length ? a.text.length : b.text.length;
  if (shortest < PHONETIC_MIN_LENGTH) return null;
  const jw = jaroWinkler(a.text, b.text);
  const sameCode = jw >= PHONETIC_MIN_JW && a.codes.some((code) => b.codes.includes(code));
  const sameSkeleton = jw >= SKELETON_MIN_JW && (a.vowelless || b.vowelless) && a.skeleton !== '' && a.skeleton === b.skeleton;
  if (sameCode || sameSkeleton) return { similarity: (1 + jw) / 2, how: 'phonetic' };
  if (shortest >= FUZZY_MIN_LENGTH && jw >= FUZZY_MIN_JW && oneDeletionApart(a.text, b.text)) return { similarity: jw, how: 'jaro-winkler' };
  return null;
}

/** The keys of both sides: the exact token, its deletion variants, its Double Metaphone codes. */
function sharedKeys(features: TokenFeatures): string[] {
  const keys = [`=${features.text}`];
  if (features.alphabetic && features.text.length >= FUZZY_MIN_LENGTH) for (const variant of deletionVariants(features.text)) keys.push(`d${variant}`);
  for (const code of features.codes) keys.push(`p${code}`);
  return keys;
}

/**
 * The keys a listed token is filed under: the shared keys, its skeleton (`s`; also `v` when it has
 * no vowel) and, for a single letter, the initial it stands for (`i`).
 */
export function indexKeys(features: TokenFeatures): string[] {
  const keys = sharedKeys(features);
  if (features.skeleton) keys.push(`s${features.skeleton}`);
  if (features.skeleton && features.vowelless) keys.push(`v${features.skeleton}`);
  if (features.alphabetic && features.text.length === 1) keys.push(`i${features.text}`);
  return keys;
}

/**
 * The keys a query token looks up: the shared keys; a skeleton match needs one side vowelless, so a
 * vowelless token looks up every listed skeleton (`s`) and any other token only vowelless ones (`v`);
 * a word looks up the listed initials it could stand behind (`i` of its first letter). A query's own
 * initial looks up nothing extra: the index adds its weight to every name's bound instead.
 */
export function probeKeys(features: TokenFeatures): string[] {
  const keys = sharedKeys(features);
  if (features.skeleton) keys.push(`${features.vowelless ? 's' : 'v'}${features.skeleton}`);
  if (features.alphabetic && features.text.length > 1) keys.push(`i${features.text[0]}`);
  return keys;
}
