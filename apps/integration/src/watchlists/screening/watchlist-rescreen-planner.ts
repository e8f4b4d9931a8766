import type { BusinessDirectory } from '@kyb/area-views';
import type { Logger } from '@kyb/http';
import type { Producer, WatchlistScreeningTrigger } from '@kyb/queues';
import type { HitsChangedProducer } from './watchlist-screener';
import type { WatchlistScreeningsStore } from './watchlist-screenings.store';
import type { WatchlistVersionChangesReader } from './watchlist-version-changes';

/** Monitored businesses read per page, and screened per job (one tenant's). */
export const RESCREEN_PAGE = 2000;
export const RESCREEN_BATCH = 200;

type ScreeningProducer = Pick<Producer<{ customerId: string; businessIds: string[]; trigger: WatchlistScreeningTrigger; versionId?: string }>, 'add'>;

/**
 * When a list version becomes current (loaded by the API or the CLI), every monitored business is
 * screened again against what it changed (issue 44): hits on entries it removed are listed no more
 * (the score area told), and the monitored businesses are queued, a tenant's batch per job, to be
 * screened against its new and changed entries. Run as a round: once per version, wherever workers run.
 */
export function createWatchlistRescreenPlanner(deps: {
  changes: WatchlistVersionChangesReader;
  store: Pick<WatchlistScreeningsStore, 'delistEntries'>;
  businesses: Pick<BusinessDirectory, 'monitoredPage'>;
  screenings: ScreeningProducer;
  hitsChanged?: HitsChangedProducer;
  /** Brings the businesses' SANCTIONS verification check up to date after their hits were delisted. */
  refreshVerification?: (businessIds: readonly string[]) => Promise<void>;
  clock: () => Date;
  logger: Logger;
  pageSize?: number;
  batchSize?: number;
}) {
  const pageSize = deps.pageSize ?? RESCREEN_PAGE;
  const batchSize = deps.batchSize ?? RESCREEN_BATCH;

  async function queueMonitored(versionId: string): Promise<{ businesses: number; jobs: number }> {
    let after: string | null = null;
    let businesses = 0;
    let jobs = 0;
    for (;;) {
      const page = await deps.businesses.monitoredPage(after, pageSize);
      if (page.length === 0) break;
      const byTenant = new Map<string, string[]>();
      for (const { id, customerId } of page) byTenant.set(customerId, [...(byTenant.get(customerId) ?? []), id]);
      for (const [customerId, ids] of byTenant) {
        for (let i = 0; i < ids.length; i += batchSize) {
          const businessIds = ids.slice(i, i + batchSize);
          await deps.screenings.add({ customerId, businessIds, trigger: 'list_version', versionId }, { jobId: `watchlist-version-${versionId}-${businessIds[0]}` });
          jobs += 1;
        }
      }
      businesses += page.length;
      after = page[page.length - 1].id;
      if (page.length < pageSize) break;
    }
    return { businesses, jobs };
  }

  return {
    /** Plans the rescreening of every current version not yet planned; what it did is the round's result. */
    async round(): Promise<{ versions: string[] }> {
      const planned: string[] = [];
      for (const version of await deps.changes.unplanned()) {
        const changes = await deps.changes.of(version.id);
        if (!changes) continue;
        const delisted = await deps.store.delistEntries(changes.list, changes.removed, deps.clock());
        await deps.refreshVerification?.(delisted.map((d) => d.businessId));
        for (const { businessId, customerId } of delisted) {
          await deps.hitsChanged?.add({ businessId, customerId, change: 'delisted' }, { jobId: `watchlist-delisted-${version.id}-${businessId}` });
        }
        const queued = changes.changed.length > 0 ? await queueMonitored(version.id) : { businesses: 0, jobs: 0 };
        if (await deps.changes.markPlanned(version.id, deps.clock())) planned.push(version.id);
        deps.logger.info(
          { versionId: version.id, list: changes.list, changed: changes.changed.length, removed: changes.removed.length, delistedBusinesses: delisted.length, ...queued },
          'watchlist version: monitored businesses queued for screening',
        );
      }
      return { versions: planned };
    },
  };
}
