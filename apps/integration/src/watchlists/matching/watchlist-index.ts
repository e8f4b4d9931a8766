/*
 * The suite's own sanctions matcher over loaded list versions (issue 44; docs/guides/watchlist-matching.md).
 *
 * Blocking: a subject's tokens look up their keys (token-similarity.ts) and each listed name found
 * gathers the weight of the query tokens that found it. A name's score cannot exceed that weight
 * (plus the weight of the query's own initials, which look nothing up) over the query's whole
 * weight, so names whose bound is under the threshold are never scored. Nothing a full scan would
 * answer is lost (watchlist-index.test.ts compares the two); a subject of three words against about
 * 60,000 names scores tens of names, not all of them.
 *
 * Screening is synchronous and reuses scratch arrays kept by the index: nothing awaits between
 * reading and writing them, so concurrent screenings on one event loop cannot interleave.
 */
import type { ScreenedList, WatchlistCandidate, WatchlistScreeningAnswer, WatchlistSubject } from '../../providers/watchlist.provider';
import type { WatchlistEntry } from '../watchlist-entry';
import { evidenceFor, scoreWithEvidence } from './evidence';
import { buildNameTables, createFeatureCache, type IndexedList, type ListedName, type NameTable, type SubjectKind } from './listed-names';
import { normaliseName } from './normalise-name';
import { prepareTokens, roundScore, scoreTokens } from './score-name';
import { probeKeys } from './token-similarity';
import { candidateOf, type FoundName } from './watchlist-candidate';

export type { IndexedList } from './listed-names';

/** What a weak alias's name score is multiplied by (OFAC: "low quality" a.k.a.s). */
export const WEAK_ALIAS_FACTOR = 0.9;

/** Options of createWatchlistIndex. */
export interface WatchlistIndexOptions {
  /** 0..1; {@link WEAK_ALIAS_FACTOR} unless told. 0 screens weak aliases out altogether. */
  weakAliasFactor?: number;
}

/** A screening's options: the tenant's threshold, 0 to 1 (a candidate also needs a score above 0). */
export interface ScreenOptions {
  threshold: number;
}

/** The loaded lists, ready to screen names against. */
export interface WatchlistIndex {
  /** The lists (and versions) every screening is run against. */
  readonly lists: readonly ScreenedList[];
  /** How many published names (primary names and aliases) are indexed. */
  readonly nameCount: number;
  /** Per subject, in the order given, the entries at or above the threshold, best first. */
  screen(subjects: readonly WatchlistSubject[], options: ScreenOptions): WatchlistScreeningAnswer;
  /** An entry of a loaded list by its id (OFAC's ent_num), for a reviewer opening a candidate. */
  entry(list: string, uid: string): WatchlistEntry | undefined;
}

// Scores are rounded to 4 decimals before the threshold is compared; a bound within that of the
// threshold could still round up to it.
const BOUND_SLACK = 1e-4;

interface Scratch {
  seen: Int32Array;
  lastToken: Int32Array;
  hit: Float64Array;
  stamp: number;
}

const scratchFor = (table: NameTable): Scratch => ({
  seen: new Int32Array(table.names.length),
  lastToken: new Int32Array(table.names.length),
  hit: new Float64Array(table.names.length),
  stamp: 0,
});

function nextStamp(scratch: Scratch): number {
  if (scratch.stamp === 0x7fffffff) {
    scratch.seen.fill(0);
    scratch.stamp = 0;
  }
  scratch.stamp += 1;
  return scratch.stamp;
}

const rank = (found: FoundName): number => (found.name.alias === null ? 0 : found.name.alias.strength === 'strong' ? 1 : 2);

/** Whether `a` is the better name of one entry: higher score, then the primary name, then a strong alias, then the first published. */
function better(a: FoundName, b: FoundName): boolean {
  if (a.aliasScore !== b.aliasScore) return a.aliasScore > b.aliasScore;
  return rank(a) !== rank(b) ? rank(a) < rank(b) : a.name.order < b.name.order;
}

/** Builds the index of the given list versions (each entry of each list; entries are kept as given). */
export function createWatchlistIndex(lists: readonly IndexedList[], options: WatchlistIndexOptions = {}): WatchlistIndex {
  const weakAliasFactor = options.weakAliasFactor ?? WEAK_ALIAS_FACTOR;
  if (!(weakAliasFactor >= 0 && weakAliasFactor <= 1)) throw new RangeError('weakAliasFactor must be between 0 and 1');
  const featuresOf = createFeatureCache();
  const tables = buildNameTables(lists, featuresOf);
  const scratches: Record<SubjectKind, Scratch> = { person: scratchFor(tables.person), organisation: scratchFor(tables.organisation) };
  const entries = new Map(lists.map((list) => [list.list, new Map(list.entries.map((entry) => [entry.uid, entry]))]));

  function screenOne(subject: WatchlistSubject, threshold: number): WatchlistCandidate[] {
    const normalised = normaliseName(subject.name, subject.kind === 'person' ? 'individual' : 'entity');
    const query = prepareTokens(normalised.tokens, featuresOf);
    if (query.totalWeight === 0) return [];
    const table = tables[subject.kind];
    const scratch = scratches[subject.kind];
    const stamp = nextStamp(scratch);
    const { seen, lastToken, hit } = scratch;
    const touched: number[] = [];
    let initialsWeight = 0;
    query.features.forEach((features, i) => {
      const weight = query.weights[i];
      if (features.alphabetic && features.text.length === 1) initialsWeight += weight;
      for (const key of probeKeys(features)) {
        const posting = table.postings.get(key);
        if (!posting) continue;
        for (let p = 0; p < posting.length; p += 1) {
          const position = posting[p];
          if (seen[position] !== stamp) {
            seen[position] = stamp;
            lastToken[position] = -1;
            hit[position] = 0;
            touched.push(position);
          }
          // A token found through several keys counts once.
          if (lastToken[position] !== i) {
            lastToken[position] = i;
            hit[position] += weight;
          }
        }
      }
    });
    const floor = (threshold - BOUND_SLACK) * query.totalWeight;
    const best = new Map<WatchlistEntry, FoundName>();
    for (const position of touched) {
      // Initials are counted once, in the bound itself: a query initial may pair with any listed word.
      if (hit[position] + initialsWeight < floor) continue;
      const found = scoreListedName(subject, normalised.legalForms, query, table.names[position], threshold);
      if (!found) continue;
      const kept = best.get(found.name.entry);
      if (!kept || better(found, kept)) best.set(found.name.entry, found);
    }
    return [...best.values()]
      .sort((a, b) => b.score - a.score || b.aliasScore - a.aliasScore || a.name.list.list.localeCompare(b.name.list.list) || a.name.entry.uid.localeCompare(b.name.entry.uid))
      .map(candidateOf);
  }

  function scoreListedName(subject: WatchlistSubject, subjectLegalForms: string[], query: ReturnType<typeof prepareTokens>, name: ListedName, threshold: number): FoundName | null {
    const nameScore = scoreTokens(query, name.tokens);
    const weak = name.alias?.strength === 'weak';
    const aliasScore = weak ? roundScore(nameScore.score * weakAliasFactor) : nameScore.score;
    // Evidence never lifts a name over the threshold: the name has to reach it first.
    if (aliasScore <= 0 || aliasScore < threshold) return null;
    const evidence = evidenceFor(subject, name.entry);
    const score = scoreWithEvidence(aliasScore, evidence);
    if (score <= 0 || score < threshold) return null;
    return { subject, subjectLegalForms, subjectTokens: query.features.length, name, nameScore, aliasScore, weakAliasFactor, evidence, score };
  }

  const screened: ScreenedList[] = lists.map(({ list, version, publishedAt }) => ({ list, version, publishedAt }));
  return {
    lists: screened,
    nameCount: tables.person.names.length + tables.organisation.names.length,
    screen(subjects, { threshold }) {
      if (!(threshold >= 0 && threshold <= 1)) throw new RangeError('The watchlist threshold must be between 0 and 1');
      return { lists: screened.map((list) => ({ ...list })), results: subjects.map((subject) => ({ subject, candidates: screenOne(subject, threshold) })) };
    },
    entry: (list, uid) => entries.get(list)?.get(uid),
  };
}
