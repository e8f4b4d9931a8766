/*
 * Every published name of the loaded lists (each entry's primary name and each alias, whatever its
 * script), normalised once and filed under the keys of its tokens (docs/guides/watchlist-matching.md,
 * "Blocking"). People's names and organisations' names are kept apart: a person is screened against
 * individuals only, an organisation against entities, vessels and aircraft, so neither ever walks
 * the other's postings.
 */
import type { WatchlistAlias, WatchlistEntry } from '../watchlist-entry';
import { normaliseName } from './normalise-name';
import { prepareTokens, type PreparedTokens } from './score-name';
import { indexKeys, tokenFeatures, type TokenFeatures } from './token-similarity';

/** Which names a subject is compared with: people with individuals, organisations with the rest. */
export type SubjectKind = 'person' | 'organisation';

/** One list version as the index is given it. */
export interface IndexedList {
  list: string;
  version: string;
  publishedAt: string | null;
  entries: WatchlistEntry[];
}

/** One published name of an entry. */
export interface ListedName {
  list: IndexedList;
  entry: WatchlistEntry;
  /** The alias this name is, or null for the entry's primary name. */
  alias: WatchlistAlias | null;
  /** The name as published. */
  published: string;
  /** Its place among the entry's names (0 the primary name, then the aliases as published). */
  order: number;
  tokens: PreparedTokens;
  /** The legal-form words set aside (organisations only). */
  legalForms: string[];
}

/** The names of one kind and, per key, the names (their positions in `names`) filed under it. */
export interface NameTable {
  names: ListedName[];
  postings: Map<string, Int32Array>;
}

/** The kind of subject an entry is screened for. */
export function subjectKindOf(entry: WatchlistEntry): SubjectKind {
  return entry.type === 'individual' ? 'person' : 'organisation';
}

/** One TokenFeatures per distinct token: a full list repeats its name parts thousands of times. */
export function createFeatureCache(): (token: string) => TokenFeatures {
  const cache = new Map<string, TokenFeatures>();
  return (token) => {
    let features = cache.get(token);
    if (!features) {
      features = tokenFeatures(token);
      cache.set(token, features);
    }
    return features;
  };
}

function namesOf(list: IndexedList, entry: WatchlistEntry, featuresOf: (token: string) => TokenFeatures): ListedName[] {
  const type = entry.type === 'individual' ? 'individual' : 'entity';
  const published: Array<[string, WatchlistAlias | null]> = [[entry.name, null], ...entry.aliases.map((alias): [string, WatchlistAlias] => [alias.name, alias])];
  const names: ListedName[] = [];
  published.forEach(([name, alias], order) => {
    const normalised = normaliseName(name, type);
    // A name of punctuation or stop words alone could match nothing.
    if (normalised.tokens.length === 0) return;
    names.push({ list, entry, alias, published: name, order, tokens: prepareTokens(normalised.tokens, featuresOf), legalForms: normalised.legalForms });
  });
  return names;
}

function tableOf(names: ListedName[]): NameTable {
  const building = new Map<string, number[]>();
  names.forEach((name, position) => {
    const keys = new Set<string>();
    for (const features of name.tokens.features) for (const key of indexKeys(features)) keys.add(key);
    for (const key of keys) {
      const posting = building.get(key);
      if (posting) posting.push(position);
      else building.set(key, [position]);
    }
  });
  const postings = new Map<string, Int32Array>();
  for (const [key, positions] of building) postings.set(key, Int32Array.from(positions));
  return { names, postings };
}

/** The names of every list, per kind of subject, filed under their keys. */
export function buildNameTables(lists: readonly IndexedList[], featuresOf: (token: string) => TokenFeatures): Record<SubjectKind, NameTable> {
  const byKind: Record<SubjectKind, ListedName[]> = { person: [], organisation: [] };
  for (const list of lists) {
    for (const entry of list.entries) byKind[subjectKindOf(entry)].push(...namesOf(list, entry, featuresOf));
  }
  return { person: tableOf(byKind.person), organisation: tableOf(byKind.organisation) };
}
