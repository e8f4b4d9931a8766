import type { JobAttempts } from '@kyb/queues';
import { NoScoreInputsError, scoreWithReasons } from '../engine';
import { createScoreBatchProcessor, type ScoreBatchDeps } from './score-batch.processor';
import { loadSnapshot } from './score-inputs.loader';
import { NO_INPUTS_REASON, UNEXPECTED_REASON } from './scores.errors';
import { createWatchlistRescore } from './score-watchlist.processor';
import { scoreJobId } from './scores.service';
import type { ScoreStore, ScoreTrigger } from './scores.store';

/** What the score processors are built from: the batch processor's parts and the single path's store. */
export interface ScoreProcessorDeps extends ScoreBatchDeps {
  store: ScoreStore;
}

/**
 * Score processors: compute one queued score, queue one, score the businesses of an enrichment
 * announcement (alone or a batch) at once. Monitored businesses are scored this way too, after the
 * integration area's scheduled re-enrichment of each, and scored again when their sanctions hits change.
 */
export function createScoreProcessors(deps: ScoreProcessorDeps) {
  const { store, clock, logger } = deps;
  const batch = createScoreBatchProcessor(deps);

  /** Computes a PROCESSING score with the config it was created with; SUCCESS or FAILED. */
  async function compute(scoreId: string, attempt: JobAttempts): Promise<void> {
    const row = await store.find(scoreId);
    if (!row || row.status !== 'PROCESSING') return;
    await store.countAttempt(scoreId, clock());
    try {
      const config = await store.config(row.weightage_config_id);
      if (!config) throw new Error(`weighting config ${row.weightage_config_id} is gone`);
      const snapshot = await loadSnapshot(deps, row.business_id, clock());
      const { score, reasonCodes } = scoreWithReasons(config, snapshot);
      await store.succeed({ id: scoreId, score, snapshot, reasonCodes }, clock());
    } catch (err) {
      if (err instanceof NoScoreInputsError) return void (await store.fail(scoreId, NO_INPUTS_REASON, clock()));
      if (attempt.made + 1 >= attempt.allowed) {
        logger.error({ scoreId, err }, 'score failed on its last attempt');
        await store.fail(scoreId, UNEXPECTED_REASON, clock());
      }
      throw err;
    }
  }

  /** Creates (once per `sourceKey`) the business's score and queues its computation in its own job. */
  async function requestScore(businessId: string, sourceKey: string, trigger: ScoreTrigger): Promise<void> {
    const business = await deps.businesses.find(businessId);
    if (!business) return void logger.warn({ businessId, trigger }, 'no score for a business that no longer exists');
    if (await deps.erased.isErased(business.customerId)) return void logger.warn({ businessId, trigger }, 'no score for a business of an erased customer');
    const score = await store.findOrCreate({ sourceKey, trigger, businessId, customerId: business.customerId, at: clock() });
    await deps.scores.add({ scoreId: score.id }, { jobId: scoreJobId(score.id) });
  }

  return {
    compute,
    requestScore,
    /** An enrichment finished: the business is scored at once with what it brought (once per task), as a batch of one. */
    afterEnrichment: (businessId: string, taskId: string) => batch.afterEnrichmentBatch([{ businessId, taskId }]),
    afterEnrichmentBatch: batch.afterEnrichmentBatch,
    /** A business's sanctions hits changed: scored again from its current inputs, as after a re-enrichment (`createWatchlistRescore`). */
    afterWatchlistHitsChanged: createWatchlistRescore({ store, watchlist: deps.watchlist, batch, logger }),
  };
}
