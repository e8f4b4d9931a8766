/*
 * Issue 44's speed goal: screening one business (its legal name, a DBA and five owners) against a
 * list the size of OFAC's SDN and Consolidated lists together takes under 20 ms p50. The suite's own
 * engine (createWatchlistIndex behind createLocalWatchlistMatcher, the `ofac` matcher) is timed in
 * the bench's process over a synthetic list (synthetic-watchlist.ts) at the default threshold,
 * each screening a different business, after a warm-up that is not counted.
 *
 * Unlike the areas' other exports (area-exports.ts), the engine is bundled into the bench from its
 * source: it is pure (no database, no queue) and the integration area's area-module.ts exports no
 * part of it. The code timed is the code the area runs.
 */
// eslint-disable-next-line @nx/enforce-module-boundaries -- the pure matching engine, bundled from its source (see above)
import { createLocalWatchlistMatcher } from '../../apps/integration/src/watchlists/matching/local-watchlist-matcher';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the pure matching engine, bundled from its source (see above)
import { createWatchlistIndex } from '../../apps/integration/src/watchlists/matching/watchlist-index';
import { quantile } from './load';
import type { BenchSettings } from './settings';
import { syntheticBusinesses, syntheticWatchlists } from './synthetic-watchlist';
import { boundRow, type BenchRow } from './table';

/** The row's name (bench-smoke.int.test.ts expects it). */
export const WATCHLIST_ROW = 'watchlist screening: one business with five owners against a synthetic ~20,000-entry SDN+Consolidated-sized list with aliases (p50)';
/** The tenants' default threshold (docs/guides/watchlist-matching.md). */
const THRESHOLD = 0.85;
const SEED = 44;

/** Times the screenings of `settings.watchlistScreenings` businesses against a list of `settings.watchlistEntries` entries. */
export async function watchlistScreening(settings: BenchSettings): Promise<BenchRow> {
  const lists = syntheticWatchlists({ seed: SEED, entries: settings.watchlistEntries });
  const warmup = Math.ceil(settings.watchlistScreenings / 5);
  const businesses = syntheticBusinesses({ seed: SEED, count: warmup + settings.watchlistScreenings, lists });
  const buildStart = performance.now();
  const index = createWatchlistIndex(lists);
  const buildMs = performance.now() - buildStart;
  const matcher = createLocalWatchlistMatcher({ index });
  const times: number[] = [];
  let hits = 0;
  for (const [n, subjects] of businesses.entries()) {
    const start = performance.now();
    const answer = await matcher.screen(subjects, { threshold: THRESHOLD });
    if (n < warmup) continue;
    times.push(performance.now() - start);
    hits += answer.results.reduce((sum, result) => sum + result.candidates.length, 0);
  }
  const entries = lists.reduce((sum, list) => sum + list.entries.length, 0);
  const detail =
    `p99 ${quantile(times, 0.99).toFixed(1)} ms, n=${times.length}, 7 names a business; ${entries.toLocaleString('en-US')} entries, ` +
    `${index.nameCount.toLocaleString('en-US')} names indexed in ${(buildMs / 1000).toFixed(1)} s; ${(hits / times.length).toFixed(2)} candidates a business at ${THRESHOLD}`;
  return boundRow(WATCHLIST_ROW, quantile(times, 0.5), 'ms', 20, detail);
}
