/*
 * Sanctions and watchlist screening as every matcher serves it (issue 44): the suite's own engine
 * over the loaded official lists (`ofac`), the sandbox (the loaded lists and a trigger word), and
 * a hosted matcher (OpenSanctions' yente, `opensanctions`). A screening asks about every name of a
 * business (its legal name, each DBA, each owner) at once and gets, per name, the entries that
 * scored at or above the tenant's threshold, each with the reason a person can judge it by.
 */

/** Whose name a subject is: the business's legal name, one of its other names, or an owner. */
export type WatchlistSubjectRole = 'legal_name' | 'dba' | 'owner';

/** One name screened. */
export interface WatchlistSubject {
  role: WatchlistSubjectRole;
  /** The business's id for its names, the owner's id for an owner. */
  refId: string;
  /** A person (an owner) or an organisation (the business's names). */
  kind: 'person' | 'organisation';
  /** As given: `Acme Trading LLC`, or an owner's `First Last`. */
  name: string;
  /** An owner's date of birth, `YYYY-MM-DD`, when known (supporting evidence, never required). */
  dateOfBirth: string | null;
  /** The country given with the name (an owner's, or the business's address), as given. */
  country: string | null;
}

/** What the entries of a list are. */
export type WatchlistCandidateType = 'individual' | 'entity' | 'vessel' | 'aircraft';

/** A query token and the listed token it was paired with. */
export interface WatchlistMatchedToken {
  query: string;
  candidate: string;
  /** 0..1. */
  similarity: number;
  /** How they agreed: `exact`, `jaro-winkler`, `phonetic`, `initial`, ... */
  how: string;
}

/** How the supporting evidence compared (people only; `unknown` when either side has none). */
export interface WatchlistEvidence {
  dateOfBirth: 'same' | 'close' | 'different' | 'unknown';
  country: 'same' | 'different' | 'unknown';
}

/** An entry that scored at or above the threshold for a subject: a possible hit. */
export interface WatchlistCandidate {
  /** The list (`ofac-sdn`, `ofac-consolidated`, an OpenSanctions dataset, `sandbox`). */
  list: string;
  /** The list's version the entry was read from (our version id, or the hosted matcher's dataset version). */
  listVersion: string;
  /** The entry's id on its list (OFAC's ent_num, an OpenSanctions entity id). */
  entryId: string;
  /** The entry's primary name as published. */
  entryName: string;
  entryType: WatchlistCandidateType;
  programs: string[];
  /** The published name that matched: the primary name, or the alias's. */
  matchedName: string;
  /** The alias that matched, or null for the primary name. */
  alias: { id: string; kind: 'aka' | 'fka' | 'nka'; strength: 'strong' | 'weak' } | null;
  /** 0..1, after the supporting evidence (docs/guides/watchlist-matching.md). */
  score: number;
  matchedTokens: WatchlistMatchedToken[];
  evidence: WatchlistEvidence;
  /** In plain words: what matched and what the evidence said. */
  reason: string;
}

/** A list a screening was run against. */
export interface ScreenedList {
  list: string;
  version: string;
  /** The list's publish date, when known. */
  publishedAt: string | null;
}

/** What a matcher answers for the subjects of one screening. */
export interface WatchlistScreeningAnswer {
  /** The lists (and their versions) the subjects were compared with. */
  lists: ScreenedList[];
  /** Per subject, in the order asked, the candidates best first. */
  results: Array<{ subject: WatchlistSubject; candidates: WatchlistCandidate[] }>;
}

/** A sanctions matcher. `threshold` is the tenant's (0..1): candidates below it are not answered. */
export interface WatchlistMatcher {
  readonly name: string;
  screen(subjects: readonly WatchlistSubject[], options: { threshold: number }): Promise<WatchlistScreeningAnswer>;
}
