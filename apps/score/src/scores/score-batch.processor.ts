import type { EnrichmentCompletion, Producer, WorkerLogger } from '@kyb/queues';
import type { BusinessDirectory, ErasedCustomers, IntegrationDirectory, VerificationDirectory, WatchlistHitDirectory } from '@kyb/area-views';
import { NoScoreInputsError, scoreWithReasons, type ScoreResult, type WeightageConfig } from '../engine';
import { loadPublishedInputsOfMany, snapshotOf, type PublishedInputs } from './score-inputs.loader';
import type { DueScore, ScoreBatchStore, ScoreRequest } from './score-batch.store';
import { NO_INPUTS_REASON } from './scores.errors';
import { scoreJobId } from './scores.service';
import type { ScoreTrigger } from './scores.store';

/** What the batch processor is built from. */
export interface ScoreBatchDeps {
  batches: ScoreBatchStore;
  businesses: BusinessDirectory;
  integration: IntegrationDirectory;
  /** The businesses' latest verifications, kept in each score's snapshot (and applied by a config with a verification rule). */
  verification: VerificationDirectory;
  /** The businesses' sanctions hits, kept in each score's snapshot and applied by the config's watchlist rule. */
  watchlist: WatchlistHitDirectory;
  /** Tenants erased (docs/adr/0043): their businesses are never scored again. */
  erased: Pick<ErasedCustomers, 'isErased' | 'erasedAmong'>;
  scores: Pick<Producer<{ scoreId: string }>, 'add'>;
  clock: () => Date;
  logger: WorkerLogger;
}

/**
 * What one batch did: scores stored SUCCESS or FAILED, queued on their own after an unexpected
 * error, and requests skipped (their business is gone or its tenant erased, or the entry was not a completion).
 */
export interface BatchOutcome {
  succeeded: number;
  failed: number;
  queued: number;
  skipped: number;
}

const isCompletion = (c: unknown): c is EnrichmentCompletion =>
  typeof c === 'object' && c !== null && typeof (c as EnrichmentCompletion).businessId === 'string' && typeof (c as EnrichmentCompletion).taskId === 'string';

/** What a batch read for its due scores. */
interface BatchReads {
  configs: Map<string, WeightageConfig>;
  published: (businessId: string) => PublishedInputs;
  asOf: Date;
}

/**
 * Computes each due score as `compute` would, in memory: its result, or no inputs (stored FAILED),
 * or an unexpected error (the score is left PROCESSING for its own job).
 */
function computeDue(due: readonly DueScore[], reads: BatchReads) {
  const succeeded: ScoreResult[] = [];
  const noInputs: string[] = [];
  const unexpected: Array<{ id: string; err: unknown }> = [];
  for (const score of due) {
    try {
      const config = reads.configs.get(score.weightage_config_id);
      if (!config) throw new Error(`weighting config ${score.weightage_config_id} is gone`);
      const snapshot = snapshotOf(reads.published(score.business_id), reads.asOf);
      const computed = scoreWithReasons(config, snapshot);
      succeeded.push({ id: score.id, score: computed.score, snapshot, reasonCodes: computed.reasonCodes });
    } catch (err) {
      if (err instanceof NoScoreInputsError) noInputs.push(score.id);
      else unexpected.push({ id: score.id, err });
    }
  }
  return { succeeded, noInputs, unexpected };
}

/**
 * Scores many businesses in one job with a fixed number of statements, whatever the batch's size:
 * the businesses, the scores found or created, their attempts counted, their configs, their inputs
 * and verifications, the results stored with their snapshots. A score is the same row, with
 * the same result, as the queued path (`requestScore`, then `compute`) would store. A statement
 * that fails fails the job, whose retry recomputes only the scores still PROCESSING.
 */
export function createScoreBatchProcessor(deps: ScoreBatchDeps) {
  const { batches, clock, logger } = deps;

  /** Each business's score of its source key (the first request of a key wins), computed unless it is done. */
  async function scoreMany(requests: ReadonlyArray<Omit<ScoreRequest, 'customerId'>>, trigger: ScoreTrigger): Promise<BatchOutcome> {
    const outcome: BatchOutcome = { succeeded: 0, failed: 0, queued: 0, skipped: 0 };
    const bySourceKey = new Map<string, (typeof requests)[number]>();
    for (const request of requests) if (!bySourceKey.has(request.sourceKey)) bySourceKey.set(request.sourceKey, request);
    const businesses = await deps.businesses.findMany([...bySourceKey.values()].map((r) => r.businessId));
    const erased = await deps.erased.erasedAmong([...businesses.values()].map((b) => b.customerId));
    const wanted: ScoreRequest[] = [];
    for (const request of bySourceKey.values()) {
      const business = businesses.get(request.businessId);
      if (business && !erased.has(business.customerId.toLowerCase())) wanted.push({ ...request, customerId: business.customerId });
      else {
        logger.warn({ businessId: request.businessId, trigger }, business ? 'no score for a business of an erased customer' : 'no score for a business that no longer exists');
        outcome.skipped += 1;
      }
    }
    const rows = await batches.findOrCreateMany(wanted, trigger, clock());
    const due = await batches.countAttempts(rows.filter((r) => r.status === 'PROCESSING').map((r) => r.id), clock());
    if (due.length === 0) return outcome;

    const configs = await batches.configs([...new Set(due.map((s) => s.weightage_config_id))]);
    const published = await loadPublishedInputsOfMany(deps, due.map((s) => s.business_id));
    const { succeeded, noInputs, unexpected } = computeDue(due, { configs, published, asOf: clock() });
    const at = clock();
    await batches.succeedMany(succeeded, at);
    await batches.failMany(noInputs, NO_INPUTS_REASON, at);
    // Left PROCESSING: each one's own job retries it, as after a single announcement.
    for (const { id, err } of unexpected) {
      logger.error({ scoreId: id, err }, 'score failed in its batch; queued on its own to be retried');
      await deps.scores.add({ scoreId: id }, { jobId: scoreJobId(id) });
    }
    return { ...outcome, succeeded: succeeded.length, failed: noInputs.length, queued: unexpected.length };
  }

  return {
    scoreMany,
    /**
     * Enrichments of a batch finished: each business is scored once per task (`enrichment:<taskId>`),
     * as after a single announcement. Entries that are not completions are logged and skipped.
     */
    async afterEnrichmentBatch(completions: readonly EnrichmentCompletion[]): Promise<BatchOutcome> {
      const given: unknown[] = Array.isArray(completions) ? completions : [];
      const valid = given.filter(isCompletion);
      const malformed = Array.isArray(completions) ? given.length - valid.length : 1;
      if (malformed > 0) logger.warn({ malformed }, 'skipped announced completions that are not a business and a task');
      const outcome = await scoreMany(
        valid.map((c) => ({ businessId: c.businessId, sourceKey: `enrichment:${c.taskId}` })),
        'ENRICHMENT',
      );
      return { ...outcome, skipped: outcome.skipped + malformed };
    },
  };
}

/** The batch score processor type, for injection. */
export type ScoreBatchProcessor = ReturnType<typeof createScoreBatchProcessor>;
