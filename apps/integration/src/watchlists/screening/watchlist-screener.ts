/*
 * Sanctions screening of businesses (issue 44): every name of each business (legal name, DBAs,
 * owners) through the tenant's matcher at the tenant's threshold, in one matcher call per batch;
 * the batch's screenings and hits kept in one transaction with the `watchlist.hit` events of new
 * hits; the score area told when a business's hits changed.
 */
import type { ErasedCustomers, WatchlistSubjectsDirectory } from '@kyb/area-views';
import type { Logger } from '@kyb/http';
import type { Producer, WatchlistHitsChange } from '@kyb/queues';
import { ProviderError } from '../../providers/providers.errors';
import type { WatchlistMatcher, WatchlistScreeningAnswer, WatchlistSubject } from '../../providers/watchlist.provider';
import type { RecordedScreening, ScreeningScope, WatchlistScreeningReason } from './watchlist-screening.types';
import type { WatchlistScreeningsStore } from './watchlist-screenings.store';
import { subjectsOfBusiness } from './watchlist-subjects';

/** A batch of one tenant's businesses to screen. */
export interface ScreeningBatch {
  customerId: string;
  businessIds: readonly string[];
  trigger: WatchlistScreeningReason;
  /** Another matcher than the tenant's (a list version's changes, screened with the suite's engine), and what it speaks for. */
  against?: { matcher: WatchlistMatcher; scope: ScreeningScope };
}

/** What a batch did, per business screened. */
export interface ScreenedBatch {
  screened: Array<{ businessId: string; recorded: RecordedScreening }>;
  failed: Array<{ businessId: string; reason: string }>;
  /** Businesses not screened: gone, another tenant's, or the tenant was erased. */
  skipped: string[];
}

/** The score area's queue of businesses whose hits changed. */
export type HitsChangedProducer = Pick<Producer<{ businessId: string; customerId: string; change: WatchlistHitsChange }>, 'add'>;

export function createWatchlistScreener(deps: {
  store: WatchlistScreeningsStore;
  subjects: WatchlistSubjectsDirectory;
  matcherFor: (customerId: string) => Promise<WatchlistMatcher>;
  erased: Pick<ErasedCustomers, 'isErased'>;
  hitsChanged?: HitsChangedProducer;
  /** Brings the businesses' SANCTIONS verification check up to date after they were screened. */
  refreshVerification?: (businessIds: readonly string[]) => Promise<void>;
  clock: () => Date;
  logger: Logger;
}) {
  /** Splits one answer for many businesses' subjects into each business's. */
  function answersPerBusiness(answer: WatchlistScreeningAnswer, ownerOf: Map<string, string>, businessIds: readonly string[]) {
    const per = new Map<string, WatchlistScreeningAnswer['results']>(businessIds.map((id) => [id, []]));
    for (const result of answer.results) {
      const businessId = result.subject.role === 'owner' ? ownerOf.get(result.subject.refId) : result.subject.refId;
      if (businessId) per.get(businessId)?.push(result);
    }
    return per;
  }

  async function announce(businessId: string, customerId: string, recorded: RecordedScreening): Promise<void> {
    const change: WatchlistHitsChange | null = recorded.newHits.length > 0 ? 'new_hits' : recorded.delisted > 0 ? 'delisted' : null;
    if (!change || !deps.hitsChanged) return;
    await deps.hitsChanged.add({ businessId, customerId, change }, { jobId: `watchlist-hits-${recorded.screening.id}` });
  }

  return {
    /**
     * Screens a batch. A matcher's transient failure is thrown (the job is tried again; nothing was
     * kept); a permanent one is kept as each business's FAILED screening, with the matcher's reason.
     */
    async screen(batch: ScreeningBatch): Promise<ScreenedBatch> {
      const outcome: ScreenedBatch = { screened: [], failed: [], skipped: [] };
      if (await deps.erased.isErased(batch.customerId)) return { ...outcome, skipped: [...batch.businessIds] };
      const entries = await deps.subjects.subjectsOf(batch.businessIds);
      // In the batch's order; a business of another tenant is not this batch's to screen.
      const mine = [...new Set(batch.businessIds)].flatMap((id) => {
        const entry = entries.get(id);
        return entry && entry.customerId === batch.customerId ? [entry] : [];
      });
      outcome.skipped = batch.businessIds.filter((id) => !mine.some((entry) => entry.businessId === id));
      if (mine.length === 0) return outcome;

      const ownerOf = new Map<string, string>();
      const subjects: WatchlistSubject[] = [];
      for (const entry of mine) {
        for (const owner of entry.owners) ownerOf.set(owner.id, entry.businessId);
        subjects.push(...subjectsOfBusiness(entry));
      }
      const threshold = await deps.store.thresholdOf(batch.customerId);
      const matcher = batch.against?.matcher ?? (await deps.matcherFor(batch.customerId));
      const base = { customerId: batch.customerId, trigger: batch.trigger, matcher: matcher.name, threshold };
      let answer: WatchlistScreeningAnswer;
      try {
        answer = await matcher.screen(subjects, { threshold });
      } catch (err) {
        if (!(err instanceof ProviderError) || err.transient) throw err;
        for (const entry of mine) {
          await deps.store.recordFailure({ ...base, businessId: entry.businessId }, err.message, deps.clock());
          outcome.failed.push({ businessId: entry.businessId, reason: err.message });
        }
        deps.logger.warn({ customerId: batch.customerId, matcher: matcher.name, businesses: mine.length, reason: err.message }, 'watchlist screening failed');
        return outcome;
      }
      const scope = batch.against?.scope ?? { lists: answer.lists.map((l) => l.list) };
      const per = answersPerBusiness(answer, ownerOf, mine.map((entry) => entry.businessId));
      const recorded = await deps.store.recordBatch(
        mine.map((entry) => ({ ...base, businessId: entry.businessId, lists: answer.lists, results: per.get(entry.businessId) ?? [], scope })),
        deps.clock(),
      );
      for (const [i, entry] of mine.entries()) {
        await announce(entry.businessId, batch.customerId, recorded[i]);
        outcome.screened.push({ businessId: entry.businessId, recorded: recorded[i] });
      }
      await deps.refreshVerification?.(outcome.screened.map((s) => s.businessId));
      return outcome;
    },
  };
}

/** The screener type, for injection. */
export type WatchlistScreener = ReturnType<typeof createWatchlistScreener>;
