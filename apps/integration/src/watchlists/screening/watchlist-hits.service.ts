import { unseen, withAudit, type Actor, type AuthContext } from '@kyb/auth';
import { CustomerNotFoundError, findAccessibleBusiness, type BusinessDirectory, type CustomerDirectory } from '@kyb/area-views';
import { NotFoundError } from '@kyb/envelope';
import type { Knex } from '@kyb/db';
import { listPage, type ListQuery } from '@kyb/validation';
import { presentHit, presentScreening } from './watchlist-hits.presenter';
import type { HitListFilter, HitSort } from './watchlist-hits.schemas';
import type { HitsChangedProducer } from './watchlist-screener';
import { DEFAULT_WATCHLIST_THRESHOLD, type WatchlistScreeningsStore } from './watchlist-screenings.store';

/** 404 for a hit that is not the customer's, or none. */
export class WatchlistHitNotFoundError extends NotFoundError {
  constructor() {
    super('Watchlist hit not found', 'WatchlistHitNotFoundError');
  }
}

/** What a business's screening found, a tenant's hits and their reviews, and its threshold. */
export function createWatchlistHitsService(deps: {
  db: Knex;
  store: WatchlistScreeningsStore;
  businesses: BusinessDirectory;
  customers: Pick<CustomerDirectory, 'find'>;
  hitsChanged?: HitsChangedProducer;
  /** Brings the business's SANCTIONS verification check up to date after a review. */
  refreshVerification?: (businessIds: readonly string[]) => Promise<void>;
  clock: () => Date;
}) {
  const existingCustomer = async (caller: AuthContext, customerId: string) => {
    if (caller.role === 'ADMIN' && !(await deps.customers.find(customerId))) throw new CustomerNotFoundError();
  };
  const settingsOf = async (customerId: string) => {
    const settings = await deps.store.settingsOf(customerId);
    return { customer_id: customerId, threshold: settings.threshold, default_threshold: DEFAULT_WATCHLIST_THRESHOLD, updated_at: settings.updatedAt?.toISOString() ?? null };
  };

  return {
    /** The business's latest screening (null before its first) and its hits still listed, dismissed ones too. */
    async ofBusiness(caller: AuthContext, businessId: string) {
      const business = await findAccessibleBusiness(deps.businesses, caller, businessId);
      const [latest, hits] = await Promise.all([deps.store.latest(business.id), deps.store.listedHitsOf(business.id)]);
      return { business_id: business.id, screening: latest ? presentScreening(latest) : null, hits: hits.map(presentHit) };
    },

    /** One page of the tenant's hits still listed; without a status filter the ones to act on (OPEN and CONFIRMED). */
    async list(caller: AuthContext, customerId: string, query: ListQuery<HitSort, HitListFilter, never>) {
      await existingCustomer(caller, customerId);
      const { items, total } = await deps.store.listHits({
        customerId,
        statuses: query.filter.status ? [query.filter.status] : ['OPEN', 'CONFIRMED'],
        businessId: query.filter.business_id,
        list: query.filter.list,
        sort: query.sort,
        paginate: query.paginate,
        page: query.page,
        itemsPerPage: query.itemsPerPage,
      });
      return listPage(items.map(presentHit), total, query);
    },

    /**
     * Confirms or dismisses a hit, with the reviewer's note; audited as `watchlist.hit_reviewed`
     * (the hit, the business, the status before and after; not the note, which may name people).
     * A dismissed hit does not come back for the same entry and name. The score area is told.
     */
    async review(actor: Actor, customerId: string, hitId: string, review: { status: 'CONFIRMED' | 'DISMISSED'; note: string }) {
      await existingCustomer(actor, customerId);
      const reviewed = await withAudit(
        deps.db,
        { schema: 'integration', actor, clock: deps.clock },
        async (trx) => {
          const done = await deps.store.review(trx, hitId, customerId, { status: review.status, note: review.note.trim(), userId: actor.userId ?? null }, deps.clock());
          // To a tenant's caller a hit it cannot see is refused like any id it cannot see; the platform admin is told it is not found.
          if (!done) throw unseen(actor, new WatchlistHitNotFoundError());
          return done;
        },
        ({ hit, before }) => ({
          customerId,
          action: 'watchlist.hit_reviewed',
          target: { type: 'watchlist_hit', id: hit.id },
          details: { business_id: hit.business_id, list: hit.list, entry_id: hit.entry_id, from: before, to: hit.status },
        }),
      );
      if (reviewed.before !== reviewed.hit.status) {
        await deps.refreshVerification?.([reviewed.hit.business_id]);
        await deps.hitsChanged?.add({ businessId: reviewed.hit.business_id, customerId, change: 'reviewed' }, { jobId: `watchlist-reviewed-${hitId}-${reviewed.hit.updated_at.getTime()}` });
      }
      return presentHit(reviewed.hit);
    },

    async settings(caller: AuthContext, customerId: string) {
      await existingCustomer(caller, customerId);
      return settingsOf(customerId);
    },

    /** Sets the tenant's threshold (later screenings use it); audited as `watchlist.settings_updated`. */
    async putSettings(actor: Actor, customerId: string, settings: { threshold: number }) {
      await existingCustomer(actor, customerId);
      const threshold = Math.round(settings.threshold * 1000) / 1000;
      await withAudit(
        deps.db,
        { schema: 'integration', actor, clock: deps.clock },
        (trx) => deps.store.putThreshold(trx, customerId, threshold, actor.userId ?? null, deps.clock()),
        () => ({ customerId, action: 'watchlist.settings_updated', target: { type: 'customer', id: customerId }, details: { threshold: String(threshold) } }),
      );
      return settingsOf(customerId);
    },
  };
}

export type WatchlistHitsService = ReturnType<typeof createWatchlistHitsService>;
