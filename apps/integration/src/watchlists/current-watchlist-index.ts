import type { Logger } from '@kyb/http';
import { createWatchlistIndex, type WatchlistIndex } from './matching/watchlist-index';
import type { WatchlistVersionsStore } from './versions/watchlist-versions.store';

/** How long a process trusts that the current versions did not change before it asks again (one indexed query). */
export const CURRENT_CHECK_EVERY_MS = 5000;

/**
 * The index of every list's current version, built in this process on first use and built again
 * when a version becomes current (seen within {@link CURRENT_CHECK_EVERY_MS}). Screenings in the
 * meantime use the index they got; a build that fails is tried again by the next screening.
 */
export function createCurrentWatchlistIndex(deps: {
  store: Pick<WatchlistVersionsStore, 'currentVersions' | 'entriesOf'>;
  clock: () => Date;
  logger: Pick<Logger, 'info'>;
  checkEveryMs?: number;
}) {
  const checkEveryMs = deps.checkEveryMs ?? CURRENT_CHECK_EVERY_MS;
  let built: { key: string; index: Promise<WatchlistIndex> } | undefined;
  let checkedAt = -Infinity;

  async function build(versions: Awaited<ReturnType<typeof deps.store.currentVersions>>): Promise<WatchlistIndex> {
    const lists = await Promise.all(
      versions.map(async (v) => ({ list: v.list, version: v.id, publishedAt: v.published_at?.toISOString() ?? null, entries: await deps.store.entriesOf(v.id) })),
    );
    const index = createWatchlistIndex(lists);
    deps.logger.info({ lists: versions.map((v) => `${v.list}@${v.id}`), names: index.nameCount }, 'watchlist index built');
    return index;
  }

  /** The index of the current versions (an empty index while no list was loaded). */
  return async function currentIndex(): Promise<WatchlistIndex> {
    const now = deps.clock().getTime();
    if (built && now - checkedAt < checkEveryMs) return built.index;
    const versions = await deps.store.currentVersions();
    checkedAt = now;
    const key = versions.map((v) => v.id).join(',');
    if (built?.key !== key) {
      const next = { key, index: build(versions) };
      built = next;
      next.index.catch(() => {
        if (built === next) built = undefined;
      });
    }
    return built.index;
  };
}
