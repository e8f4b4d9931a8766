import { withAudit, type Actor } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import type { Logger } from '@kyb/http';
import type { Producer } from '@kyb/queues';
import { listPage, type ListQuery } from '@kyb/validation';
import type { WatchlistName } from '../watchlist-entry';
import type { WatchlistLoader } from './load-watchlist-version';
import { presentWatchlistVersion } from './watchlist-version.presenter';
import { WatchlistFilesError, type WatchlistFile } from './watchlist-files';
import { WatchlistFilesRefusedError, WatchlistVersionNotFoundError } from './watchlist-versions.errors';
import type { WatchlistVersionsStore } from './watchlist-versions.store';

/** The job id of a version's load: queueing it twice is one job. */
export const watchlistLoadJobId = (versionId: string): string => `watchlist-load-${versionId}`;

/** The platform admin's list versions: uploads queued as loads, their progress, their history. */
export function createWatchlistVersionsService(deps: {
  db: Knex;
  store: WatchlistVersionsStore;
  loader: WatchlistLoader;
  queue: Pick<Producer<{ versionId: string }>, 'add'>;
  clock: () => Date;
  logger: Logger;
}) {
  return {
    /**
     * Starts a version from uploaded files and queues its load (`loaded`: true), or answers the
     * version the same files made before (`loaded`: false; nothing changes). Audited as
     * `watchlist.version_uploaded` with the list, checksum and files.
     */
    async upload(actor: Actor, list: WatchlistName, files: readonly WatchlistFile[]) {
      const started = await deps.loader.start(list, files, actor.userId).catch((err: unknown) => {
        throw err instanceof WatchlistFilesError ? new WatchlistFilesRefusedError(err.message) : err;
      });
      if (started.loaded) {
        await deps.store.putUploads(started.version.id, files);
        await withAudit(deps.db, { schema: 'integration', actor, clock: deps.clock }, async () => started.version, (version) => ({
          customerId: null,
          action: 'watchlist.version_uploaded',
          target: { type: 'watchlist_version', id: version.id },
          details: { list, checksum: version.checksum, files: version.files.map((f) => f.name).join(', ') },
        }));
        // A lost enqueue leaves the version LOADING: uploading the same files again queues it again (the job id makes a repeat one job).
        await deps.queue.add({ versionId: started.version.id }, { jobId: watchlistLoadJobId(started.version.id) });
      } else if (started.version.status === 'LOADING') {
        await deps.queue.add({ versionId: started.version.id }, { jobId: watchlistLoadJobId(started.version.id) });
      }
      return { loaded: started.loaded, version: presentWatchlistVersion(started.version) };
    },

    async get(list: WatchlistName, versionId: string) {
      const row = await deps.store.find(versionId);
      if (!row || row.list !== list) throw new WatchlistVersionNotFoundError();
      return presentWatchlistVersion(row);
    },

    /** The versions of the list, newest first or oldest first (every one when `pagination` is false: a list has a few a week). */
    async list(list: WatchlistName, query: Pick<ListQuery<string, unknown, string>, 'page' | 'itemsPerPage' | 'paginate'> & { oldestFirst: boolean }) {
      const limit = query.paginate ? query.itemsPerPage : null;
      const { rows, total } = await deps.store.versionsOf(list, { limit, offset: limit === null ? 0 : (query.page - 1) * query.itemsPerPage, order: query.oldestFirst ? 'asc' : 'desc' });
      return listPage(rows.map(presentWatchlistVersion), total, query);
    },
  };
}

/** The service type, for injection. */
export type WatchlistVersionsService = ReturnType<typeof createWatchlistVersionsService>;
