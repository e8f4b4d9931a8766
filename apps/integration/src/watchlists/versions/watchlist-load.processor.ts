import type { Logger } from '@kyb/http';
import type { JobAttempts } from '@kyb/queues';
import type { WatchlistLoader } from './load-watchlist-version';
import type { WatchlistVersionsStore } from './watchlist-versions.store';

/** Reason of a load that failed for a reason of ours (a bug, the database) on its last attempt. */
const INTERNAL_FAILURE = 'The list was not loaded because of an internal error; upload the files again.';

/**
 * Runs one queued load: reads the uploaded files of a LOADING version and makes it current, or
 * FAILED with the malformed file's line and reason. An error of ours is thrown for the queue to
 * retry; the last attempt ends the version FAILED first. The uploads go once the version ended.
 */
export function createWatchlistLoadProcessor(deps: { store: WatchlistVersionsStore; loader: WatchlistLoader; clock: () => Date; logger: Logger }) {
  return async (versionId: string, attempt: JobAttempts): Promise<void> => {
    const version = await deps.store.find(versionId);
    if (!version || version.status !== 'LOADING') return;
    try {
      const ended = await deps.loader.read(version, await deps.store.uploadsOf(versionId));
      deps.logger.info({ versionId, list: ended.list, status: ended.status, entries: ended.entry_count }, 'watchlist version loaded');
    } catch (err) {
      const last = attempt.made + 1 >= attempt.allowed;
      deps.logger.error({ err, versionId, attempt: attempt.made + 1, of: attempt.allowed }, 'watchlist version could not be loaded');
      if (!last) throw err;
      await deps.store.fail(versionId, INTERNAL_FAILURE, deps.clock());
    }
    await deps.store.dropUploads(versionId);
  };
}
