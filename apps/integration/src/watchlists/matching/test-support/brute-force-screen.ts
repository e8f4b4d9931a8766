/*
 * The index's answer worked out the slow way, as the oracle of the equivalence tests: every name of
 * every entry of the subject's kind is scored, with no blocking and no bound. It shares the name
 * score and the weak-alias rule with the index (they are what is being kept equal), not the
 * postings, the keys or the pruning. Subjects are taken without evidence. Test support only.
 */
import type { WatchlistSubject } from '../../../providers/watchlist.provider';
import type { IndexedList } from '../listed-names';
import { normaliseName } from '../normalise-name';
import { prepareTokens, roundScore, scoreTokens, type PreparedTokens } from '../score-name';
import { WEAK_ALIAS_FACTOR } from '../watchlist-index';

/** What the equivalence compares of a candidate. */
export interface PlainHit {
  list: string;
  entryId: string;
  matchedName: string;
  score: number;
}

interface Listed {
  list: string;
  entryId: string;
  kind: 'person' | 'organisation';
  published: string;
  /** 0 the primary name, 1 a strong alias, 2 a weak one: the tie rule of the best name. */
  rank: number;
  tokens: PreparedTokens;
}

/** A full scan over `lists`, returning per subject the best name of each entry at or above `threshold`. */
export function createBruteForceScreen(lists: readonly IndexedList[]): (subject: WatchlistSubject, threshold: number) => PlainHit[] {
  const listed: Listed[] = [];
  for (const { list, entries } of lists) {
    for (const entry of entries) {
      const type = entry.type === 'individual' ? 'individual' : 'entity';
      for (const [published, rank] of [[entry.name, 0] as const, ...entry.aliases.map((a) => [a.name, a.strength === 'weak' ? 2 : 1] as const)]) {
        const tokens = normaliseName(published, type).tokens;
        if (tokens.length > 0) listed.push({ list, entryId: entry.uid, kind: type === 'individual' ? 'person' : 'organisation', published, rank, tokens: prepareTokens(tokens) });
      }
    }
  }
  return (subject, threshold) => {
    const query = prepareTokens(normaliseName(subject.name, subject.kind === 'person' ? 'individual' : 'entity').tokens);
    const best = new Map<string, PlainHit & { rank: number }>();
    for (const name of listed) {
      if (name.kind !== subject.kind) continue;
      const raw = scoreTokens(query, name.tokens).score;
      const score = name.rank === 2 ? roundScore(raw * WEAK_ALIAS_FACTOR) : raw;
      if (score <= 0 || score < threshold) continue;
      const key = `${name.list}/${name.entryId}`;
      const kept = best.get(key);
      // Names are visited in published order, so an equal score replaces only a better-ranked name.
      if (!kept || score > kept.score || (score === kept.score && name.rank < kept.rank)) best.set(key, { list: name.list, entryId: name.entryId, matchedName: name.published, score, rank: name.rank });
    }
    return [...best.values()].map(({ list, entryId, matchedName, score }) => ({ list, entryId, matchedName, score }));
  };
}
