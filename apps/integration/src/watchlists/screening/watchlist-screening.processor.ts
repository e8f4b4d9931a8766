import type { Logger } from '@kyb/http';
import type { WatchlistScreeningTrigger } from '@kyb/queues';
import type { WatchlistMatcher } from '../../providers/watchlist.provider';
import { createLocalWatchlistMatcher, LOCAL_WATCHLIST_MATCHER } from '../matching/local-watchlist-matcher';
import { createWatchlistIndex } from '../matching/watchlist-index';
import type { WatchlistScreener } from './watchlist-screener';
import type { WatchlistVersionChanges, WatchlistVersionChangesReader } from './watchlist-version-changes';

/** A watchlist-screening job. */
export interface WatchlistScreeningJob {
  customerId: string;
  businessIds: string[];
  trigger: WatchlistScreeningTrigger;
  versionId?: string;
}

/** The matchers that screen with the suite's own lists: a new version of them is theirs to screen against. */
const ON_LOADED_LISTS = new Set(['sandbox', LOCAL_WATCHLIST_MATCHER]);

/**
 * Runs one watchlist-screening job: the tenant's businesses through its matcher, or, for a new list
 * version (`versionId`), through the suite's engine over only what the version changed (one index
 * per version, built once per process), for the tenants that screen on the loaded lists; a hosted
 * matcher keeps its own lists up to date.
 */
export function createWatchlistScreeningProcessor(deps: {
  screener: WatchlistScreener;
  changes: Pick<WatchlistVersionChangesReader, 'of'>;
  matcherFor: (customerId: string) => Promise<WatchlistMatcher>;
  logger: Logger;
}) {
  let built: { versionId: string; against: Promise<{ changes: WatchlistVersionChanges; matcher: WatchlistMatcher; entryIds: ReadonlySet<string> } | undefined> } | undefined;

  const againstVersion = (versionId: string) => {
    if (built?.versionId !== versionId) {
      const against = deps.changes.of(versionId).then((changes) => {
        if (!changes) return undefined;
        const index = createWatchlistIndex([{ list: changes.list, version: changes.versionId, publishedAt: changes.publishedAt, entries: changes.changed }]);
        return { changes, matcher: createLocalWatchlistMatcher({ index }), entryIds: new Set(changes.changed.map((entry) => entry.uid)) };
      });
      built = { versionId, against };
      // A read that failed is tried again by the next job.
      against.catch(() => {
        if (built?.against === against) built = undefined;
      });
    }
    return built.against;
  };

  return async (job: WatchlistScreeningJob): Promise<void> => {
    if (!job.versionId) {
      await deps.screener.screen({ customerId: job.customerId, businessIds: job.businessIds, trigger: job.trigger });
      return;
    }
    const tenantMatcher = await deps.matcherFor(job.customerId);
    if (!ON_LOADED_LISTS.has(tenantMatcher.name)) return;
    const against = await againstVersion(job.versionId);
    if (!against || against.changes.changed.length === 0) return;
    const outcome = await deps.screener.screen({
      customerId: job.customerId,
      businessIds: job.businessIds,
      trigger: 'list_version',
      against: { matcher: against.matcher, scope: { list: against.changes.list, entryIds: against.entryIds } },
    });
    const newHits = outcome.screened.reduce((sum, s) => sum + s.recorded.newHits.length, 0);
    if (newHits > 0) deps.logger.info({ versionId: job.versionId, customerId: job.customerId, businesses: outcome.screened.length, newHits }, 'new watchlist hits on a list version');
  };
}
