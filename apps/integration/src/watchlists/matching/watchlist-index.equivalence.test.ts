import type { WatchlistSubject } from '../../providers/watchlist.provider';
import type { IndexedList } from './listed-names';
import { createBruteForceScreen, type PlainHit } from './test-support/brute-force-screen';
import { fixtureLists } from './test-support/fixture-lists';
import { syntheticBusiness, syntheticWatchlist } from './test-support/synthetic-watchlist';
import { createWatchlistIndex } from './watchlist-index';

/*
 * The index's blocking and pruning must lose nothing: for every subject and threshold it answers
 * exactly what scoring every listed name would (the same entries, the same best name, the same score).
 */

const plain = (hits: PlainHit[]) => [...hits].sort((a, b) => `${a.list}/${a.entryId}`.localeCompare(`${b.list}/${b.entryId}`));

function compare(lists: IndexedList[], subjects: WatchlistSubject[], thresholds: number[]): { differences: unknown[]; hits: number } {
  const index = createWatchlistIndex(lists);
  const bruteForce = createBruteForceScreen(lists);
  const differences: unknown[] = [];
  // Scanned once at the lowest threshold; each threshold keeps its share.
  const lowest = Math.min(...thresholds);
  const scans = subjects.map((subject) => bruteForce(subject, lowest));
  let hits = 0;
  for (const threshold of thresholds) {
    const answer = index.screen(subjects, { threshold });
    answer.results.forEach(({ subject, candidates }, i) => {
      const indexed = plain(candidates.map(({ list, entryId, matchedName, score }) => ({ list, entryId, matchedName, score })));
      const scanned = plain(scans[i].filter((hit) => hit.score >= threshold));
      hits += scanned.length;
      if (JSON.stringify(indexed) !== JSON.stringify(scanned)) differences.push({ subject: subject.name, threshold, indexed, scanned });
    });
  }
  return { differences, hits };
}

const asSubject = (name: string, kind: WatchlistSubject['kind']): WatchlistSubject => ({ role: kind === 'person' ? 'owner' : 'legal_name', refId: name, kind, name, dateOfBirth: null, country: null });

/** A name a little off: a letter dropped, two letters swapped, a word dropped, a word added, an initial. */
function perturbations(name: string): string[] {
  const words = name.split(/[\s,]+/).filter(Boolean);
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  const at = Math.floor(longest.length / 2);
  return [
    name.replace(longest, longest.slice(0, at) + longest.slice(at + 1)),
    name.replace(longest, longest.slice(0, at - 1) + (longest[at] ?? '') + (longest[at - 1] ?? '') + longest.slice(at + 1)),
    words.slice(1).join(' '),
    `${name} Ahmed`,
    [words[0][0], ...words.slice(1)].join(' '),
  ].filter((variant) => variant.trim() !== '');
}

describe('the index against a full scan', () => {
  it('answers the same as scoring every name of the OFAC fixtures, for every published name, variants of it, and several thresholds', async () => {
    const lists = await fixtureLists();
    const subjects = lists.flatMap(({ entries }) =>
      entries.flatMap((entry) => {
        const kind = entry.type === 'individual' ? 'person' : 'organisation';
        return [entry.name, ...entry.aliases.map((a) => a.name)].flatMap((name) => [name, ...perturbations(name)]).map((name) => asSubject(name, kind));
      }),
    );
    const { differences, hits } = compare(lists, subjects, [0.3, 0.5, 0.7, 0.85, 0.95]);
    expect(differences).toEqual([]);
    expect(hits).toBeGreaterThan(500);
  });

  it('answers the same as a full scan of a synthetic list of 1,500 entries for 25 businesses with five owners each', () => {
    const entries = syntheticWatchlist({ seed: 'equivalence', entries: 1500 });
    const lists: IndexedList[] = [{ list: 'ofac-sdn', version: 'synthetic', publishedAt: null, entries }];
    // Without evidence: the full scan compares names only.
    const subjects = Array.from({ length: 25 }, (_, i) => syntheticBusiness(`business-${i}`, entries))
      .flat()
      .map((subject) => ({ ...subject, dateOfBirth: null, country: null }));
    const { differences, hits } = compare(lists, subjects, [0.6, 0.85]);
    expect(differences).toEqual([]);
    expect(hits).toBeGreaterThan(100);
  });
});
