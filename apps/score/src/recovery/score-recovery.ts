import { DEFAULT_MAX_RECOVERIES, RECOVERY_BATCH, recoverStuck, type EnrichmentCompletion, type Producer, type RecoveryCounts, type WorkerLogger } from '@kyb/queues';
import { scoreJobId } from '../scores/scores.service';
import type { ScoreRecoveryStore } from './score-recovery.store';

/**
 * How far back the sweep looks for finished tasks without a score: older ones were missed while no
 * sweeper ran for a week, and an on-demand score remedies them. It keeps each sweep a range read.
 */
const UNSCORED_LOOKBACK_MS = 7 * 24 * 3600 * 1000;

/** What the score area's recovery sweep is built from. */
export interface ScoreRecoveryDeps {
  store: ScoreRecoveryStore;
  scores: Producer<{ scoreId: string }>;
  /** Scores finished enrichments as their announcement would have (once per task: the score of its source key). */
  scoreEnrichments(completions: EnrichmentCompletion[]): Promise<unknown>;
  clock: () => Date;
  logger: WorkerLogger;
  /** RECOVERY_STUCK_AFTER_MS: how long a record may stay not final since its last progress. */
  stuckAfterMs: number;
  maxRecoveries?: number;
}

/**
 * The score area's sweep, from PostgreSQL alone (Redis may have come back empty): enrichment tasks
 * SUCCEEDED past `stuckAfterMs` ago with no score of their source key are scored as their lost
 * announcement would have; scores PROCESSING untouched that long, whose job is gone, are queued
 * again, or FAILED with a reason once recovered too often.
 */
export function createScoreRecovery(deps: ScoreRecoveryDeps) {
  const { store, clock } = deps;
  return {
    async sweep(): Promise<{ unscoredTasks: number; scores: RecoveryCounts }> {
      const now = clock();
      const cutoff = new Date(now.getTime() - deps.stuckAfterMs);
      const since = new Date(now.getTime() - UNSCORED_LOOKBACK_MS);
      let unscoredTasks = 0;
      for (let afterId: string | null = null; ; ) {
        const tasks = await store.unscoredTasks({ since, cutoff, afterId, limit: RECOVERY_BATCH });
        if (tasks.length > 0) await deps.scoreEnrichments(tasks.map((task) => ({ businessId: task.business_id, taskId: task.id })));
        unscoredTasks += tasks.length;
        if (tasks.length < RECOVERY_BATCH) break;
        afterId = tasks[tasks.length - 1].id;
      }
      const scores = await recoverStuck(
        {
          name: 'score',
          findStuck: (afterId, limit) => store.stuckScores({ cutoff, afterId, limit }),
          jobOf: (row) => ({ producer: deps.scores, payload: { scoreId: row.id }, jobId: scoreJobId(row.id) }),
          noteRecovery: (row) => store.noteScoreRecovery(row, now),
          giveUp: (row, reason) => store.failScore(row.id, reason, now),
        },
        { maxRecoveries: deps.maxRecoveries ?? DEFAULT_MAX_RECOVERIES, logger: deps.logger },
      );
      return { unscoredTasks, scores };
    },
  };
}

/** The score recovery sweep type, for injection. */
export type ScoreRecovery = ReturnType<typeof createScoreRecovery>;
