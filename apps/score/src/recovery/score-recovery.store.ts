import type { Knex } from '@kyb/db';
import type { StuckRecord } from '@kyb/queues';
import { BUSINESS_DIRECTORY_VIEW, ENRICHMENT_TASK_DIRECTORY_VIEW } from '@kyb/area-views';

const SCORES = 'scores.scores';

/** A finished enrichment task of a business that still exists, with no score of its source key. */
export interface UnscoredTask {
  id: string;
  business_id: string;
}

/**
 * SQL of the score area's recovery sweep. Scores are read through a partial index of those still
 * PROCESSING (migration 20261123_0002); finished tasks through the integration area's index of
 * SUCCEEDED tasks by completion, each looked up by the unique source key of its score.
 */
export function createPgScoreRecoveryStore(db: Knex) {
  return {
    /** Scores PROCESSING, untouched (nor recovered) since before `cutoff`, after `afterId` by id. */
    async stuckScores(q: { cutoff: Date; afterId: string | null; limit: number }): Promise<StuckRecord[]> {
      const query = db(SCORES)
        .where({ status: 'PROCESSING' })
        .andWhere('updated_at', '<', q.cutoff)
        .andWhere((r) => r.whereNull('recovered_at').orWhere('recovered_at', '<', q.cutoff))
        .orderBy('id')
        .limit(q.limit)
        .select('id', 'recoveries');
      if (q.afterId) query.andWhere('id', '>', q.afterId);
      return query;
    },
    /** Counts a recovery only if nobody did since the row was read (a racing sweep loses). */
    async noteScoreRecovery(row: StuckRecord, at: Date): Promise<boolean> {
      return (await db(SCORES).where({ id: row.id, recoveries: row.recoveries, status: 'PROCESSING' }).update({ recoveries: row.recoveries + 1, recovered_at: at })) === 1;
    },
    async failScore(id: string, reason: string, at: Date): Promise<void> {
      await db(SCORES).where({ id, status: 'PROCESSING' }).update({ status: 'FAILED', failure_reason: reason, completed_at: at, updated_at: at });
    },
    /**
     * Enrichment tasks SUCCEEDED between `since` and `cutoff` whose business exists and which have
     * no score (`enrichment:<taskId>`): their announcement was lost before the score area read it.
     */
    async unscoredTasks(q: { since: Date; cutoff: Date; afterId: string | null; limit: number }): Promise<UnscoredTask[]> {
      const query = db(`${ENRICHMENT_TASK_DIRECTORY_VIEW} as t`)
        .join(`${BUSINESS_DIRECTORY_VIEW} as b`, 'b.id', 't.business_id')
        .where('t.status', 'SUCCEEDED')
        .andWhere('t.completed_at', '>=', q.since)
        .andWhere('t.completed_at', '<', q.cutoff)
        .whereNotExists(db(SCORES).select(db.raw('1')).whereRaw(`source_key = 'enrichment:' || t.id::text`))
        .orderBy('t.id')
        .limit(q.limit)
        .select('t.id', 't.business_id');
      if (q.afterId) query.andWhere('t.id', '>', q.afterId);
      return query;
    },
  };
}

/** The score recovery store type, for injection. */
export type ScoreRecoveryStore = ReturnType<typeof createPgScoreRecoveryStore>;
