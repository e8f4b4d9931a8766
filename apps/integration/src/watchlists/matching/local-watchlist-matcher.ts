/*
 * The suite's own engine as a watchlist matcher (adapter `ofac`): the index of the loaded OFAC list
 * versions, screened in process. The index is asked for each screening, so a caller that swaps in a
 * newly loaded version (or builds it on first use) hands a function rather than an index.
 */
import { ProviderError } from '../../providers/providers.errors';
import type { WatchlistMatcher, WatchlistScreeningAnswer } from '../../providers/watchlist.provider';
import type { WatchlistIndex } from './watchlist-index';

/** Options of createLocalWatchlistMatcher. */
export interface LocalWatchlistMatcherOptions {
  /** The index, or how to get the current one (a newer list version replaces the index, not the matcher). */
  index: WatchlistIndex | (() => WatchlistIndex | Promise<WatchlistIndex>);
}

/** The matcher's name, as a tenant's screening records it. */
export const LOCAL_WATCHLIST_MATCHER = 'ofac';

/** A {@link WatchlistMatcher} over the suite's own index (name `ofac`). A threshold outside 0..1 is refused, not clamped. */
export function createLocalWatchlistMatcher(options: LocalWatchlistMatcherOptions): WatchlistMatcher {
  const current = typeof options.index === 'function' ? options.index : () => options.index as WatchlistIndex;
  return {
    name: LOCAL_WATCHLIST_MATCHER,
    async screen(subjects, { threshold }): Promise<WatchlistScreeningAnswer> {
      if (!(threshold >= 0 && threshold <= 1)) throw new ProviderError('The watchlist threshold must be between 0 and 1', { transient: false });
      const index = await current();
      return index.screen(subjects, { threshold });
    },
  };
}
