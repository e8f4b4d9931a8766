/*
 * The name score (docs/guides/watchlist-matching.md, "The name score"). Query tokens are paired
 * with listed tokens one to one, best pairs first (similarity x the query token's weight), whole
 * words before initials, and
 *
 *   score = sum over pairs of similarity x w(query token) / (W(query) + lambda x W(listed tokens left unpaired))
 *
 * with w(t) = min(length, 6) for a word and 4 for a number (a number tells names apart as well as
 * a word does: "SUBSIDIARY NUMBER 1" is not "NUMBER 2"), W the sum of w over the tokens, and
 * lambda = 0.25 once two or more whole words agree, 0.5 while only one does: a listed name's extra
 * parts (a patronymic, a middle name) cost little when the rest agrees, but one shared first name
 * is not a person. A query token left unpaired costs its full weight. Initials count only beside a
 * whole word that agrees, so a name that agrees on initials alone scores 0.
 *
 * The score never exceeds the share of the query's weight whose tokens found a partner, which is the
 * bound the index prunes with (watchlist-index.ts).
 */
import { normaliseName, type NameType, type NormalisedName } from './normalise-name';
import { tokenFeatures, tokenSimilarity, type TokenFeatures, type TokenMatch, type TokenMatchKind } from './token-similarity';

/** One query token and the listed token it was paired with. */
export interface MatchedToken {
  query: string;
  candidate: string;
  similarity: number;
  how: TokenMatchKind;
}

/** A name score and why. */
export interface NameScore {
  /** 0 (nothing in common) to 1 (the same tokens), rounded to 4 decimals. */
  score: number;
  /** In the order they were paired (best first). */
  matchedTokens: MatchedToken[];
  /** How many listed tokens were left unpaired. */
  unpairedListed: number;
}

export const MAX_LENGTH_WEIGHT = 6;
export const NUMBER_WEIGHT = 4;
export const LAMBDA_ONE_PAIR = 0.5;
export const LAMBDA_SEVERAL_PAIRS = 0.25;
export const SCORE_DECIMALS = 4;

/** A score as it is shown and compared with the threshold: what a reviewer reads is what was compared. */
export const roundScore = (score: number): number => Math.round(score * 10 ** SCORE_DECIMALS) / 10 ** SCORE_DECIMALS;

/** The weight of a token in the score. */
export function tokenWeight(text: string): number {
  return /^[0-9]+$/.test(text) ? NUMBER_WEIGHT : Math.min(text.length, MAX_LENGTH_WEIGHT);
}

/** A name's tokens with their features and weights, computed once (the index keeps them per listed name). */
export interface PreparedTokens {
  features: readonly TokenFeatures[];
  weights: readonly number[];
  totalWeight: number;
}

/** Prepares tokens for scoring; `featuresOf` lets the index share one TokenFeatures per distinct token. */
export function prepareTokens(tokens: readonly string[], featuresOf: (token: string) => TokenFeatures = tokenFeatures): PreparedTokens {
  const weights = tokens.map(tokenWeight);
  return { features: tokens.map(featuresOf), weights, totalWeight: weights.reduce((sum, w) => sum + w, 0) };
}

interface Pair {
  i: number;
  j: number;
  found: TokenMatch;
  value: number;
}

function byValue(a: Pair, b: Pair): number {
  return b.value - a.value || b.found.similarity - a.found.similarity || a.i - b.i || a.j - b.j;
}

/** Scores prepared query tokens against prepared listed tokens. */
export function scoreTokens(query: PreparedTokens, listed: PreparedTokens): NameScore {
  const words: Pair[] = [];
  const initials: Pair[] = [];
  for (let i = 0; i < query.features.length; i += 1) {
    for (let j = 0; j < listed.features.length; j += 1) {
      const found = tokenSimilarity(query.features[i], listed.features[j]);
      if (found) (found.how === 'initial' ? initials : words).push({ i, j, found, value: found.similarity * query.weights[i] });
    }
  }
  const queryUsed = new Uint8Array(query.features.length);
  const listedUsed = new Uint8Array(listed.features.length);
  const matchedTokens: MatchedToken[] = [];
  let matched = 0;
  const assign = (pairs: Pair[]): number => {
    let count = 0;
    for (const { i, j, found } of pairs.sort(byValue)) {
      if (queryUsed[i] === 1 || listedUsed[j] === 1) continue;
      queryUsed[i] = 1;
      listedUsed[j] = 1;
      matched += found.similarity * query.weights[i];
      matchedTokens.push({ query: query.features[i].text, candidate: listed.features[j].text, similarity: found.similarity, how: found.how });
      count += 1;
    }
    return count;
  };
  const wholeWords = assign(words);
  if (wholeWords === 0) return { score: 0, matchedTokens: [], unpairedListed: listed.features.length };
  assign(initials);
  let unpairedWeight = 0;
  let unpairedListed = 0;
  for (let j = 0; j < listed.features.length; j += 1) {
    if (listedUsed[j] === 1) continue;
    unpairedWeight += listed.weights[j];
    unpairedListed += 1;
  }
  const lambda = wholeWords >= 2 ? LAMBDA_SEVERAL_PAIRS : LAMBDA_ONE_PAIR;
  return { score: roundScore(matched / (query.totalWeight + lambda * unpairedWeight)), matchedTokens, unpairedListed };
}

/** How scoreName reads both names (default `entity`: legal forms set aside). */
export interface ScoreNameOptions {
  type?: NameType;
}

/** Scores a query name against a listed name, both as published (each is normalised first). */
export function scoreName(query: string, listed: string, options: ScoreNameOptions = {}): NameScore & { query: NormalisedName; listed: NormalisedName } {
  const type = options.type ?? 'entity';
  const q = normaliseName(query, type);
  const l = normaliseName(listed, type);
  return { ...scoreTokens(prepareTokens(q.tokens), prepareTokens(l.tokens)), query: q, listed: l };
}
