import { createHash } from 'node:crypto';
import type { WatchlistHitDirectory } from '@kyb/area-views';
import type { WorkerLogger } from '@kyb/queues';
import type { BatchOutcome, ScoreBatchProcessor } from './score-batch.processor';
import type { ScoreStore } from './scores.store';

/** What scoring after a change of sanctions hits is built from. */
export interface WatchlistRescoreDeps {
  store: Pick<ScoreStore, 'latestSuccessHits'>;
  watchlist: Pick<WatchlistHitDirectory, 'hitsOf'>;
  batch: Pick<ScoreBatchProcessor, 'scoreMany'>;
  logger: WorkerLogger;
}

/** What tells two states of a business's hits apart: each hit's id and status, in id order. */
export function hitsState(hits: ReadonlyArray<{ id: string; status: string }>): string {
  return hits
    .map((hit) => `${hit.id}:${hit.status}`)
    .sort()
    .join(',');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOTHING: BatchOutcome = { succeeded: 0, failed: 0, queued: 0, skipped: 1 };

/**
 * A business's sanctions hits changed (`watchlist-hits-changed`): it is scored again at once from
 * its current inputs, through the batch path an enrichment's completion takes (its config, its
 * alerts, its events), trigger MONITORING. Skipped quietly when the business was never scored (its
 * first score reads the hits itself) or when its newest score already kept these hits (a second
 * announcement of one change); the batch path skips a business deleted or of an erased tenant. One
 * score per newest score and state of the hits (`watchlist:<score id>:<digest>`), so a job run twice
 * stores one score.
 */
export function createWatchlistRescore(deps: WatchlistRescoreDeps) {
  return async function afterWatchlistHitsChanged(businessId: unknown): Promise<BatchOutcome> {
    if (typeof businessId !== 'string' || !UUID.test(businessId)) {
      deps.logger.warn({ businessId }, 'skipped a watchlist change that names no business');
      return NOTHING;
    }
    const latest = await deps.store.latestSuccessHits(businessId);
    if (!latest) {
      deps.logger.info({ businessId }, 'watchlist change of a business never scored: its first score reads the hits');
      return NOTHING;
    }
    const state = hitsState(await deps.watchlist.hitsOf(businessId));
    if (state === hitsState(latest.hits)) {
      deps.logger.info({ businessId, scoreId: latest.id }, 'watchlist change already in the newest score');
      return NOTHING;
    }
    const digest = createHash('sha256').update(state).digest('hex').slice(0, 32);
    return deps.batch.scoreMany([{ businessId, sourceKey: `watchlist:${latest.id}:${digest}` }], 'MONITORING');
  };
}
