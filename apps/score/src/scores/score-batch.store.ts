import type { Knex } from '@kyb/db';
import type { ScoreResult, WeightageConfig } from '../engine';
import { findOrCreateScores, type ScoreRequest } from './score-creation.store';
import { storeSuccesses } from './score-success.store';
import type { ScoreRow, ScoreTrigger } from './scores.store';

export type { ScoreRequest };

/** A score whose attempt a batch counted: what computing it needs. */
export type DueScore = Pick<ScoreRow, 'id' | 'business_id' | 'weightage_config_id'>;

const SCORES = 'scores.scores';
const CONFIGS = 'scores.weightage_configs';

/**
 * SQL of scores made in batches: each function is a fixed number of statements whatever the batch's
 * size (one or two; storing successes, one transaction of three with their events), with the same
 * columns and guards as the single store (`createPgScoreStore`), so a score asked for alone and in a
 * batch is the same row, computed once. Lists travel as array parameters (unnest).
 */
export function createPgScoreBatchStore(db: Knex) {
  return {
    /** The scores asked for by `requests`, created where there are none (`findOrCreateScores`). */
    findOrCreateMany: (requests: readonly ScoreRequest[], trigger: ScoreTrigger, at: Date): Promise<ScoreRow[]> => findOrCreateScores(db, requests, trigger, at),
    /** Counts an attempt of each score of `ids` still PROCESSING: the ones answered are those to compute. */
    async countAttempts(ids: readonly string[], at: Date): Promise<DueScore[]> {
      if (ids.length === 0) return [];
      return db(SCORES)
        .whereRaw('id = any(?::uuid[])', [ids])
        .where({ status: 'PROCESSING' })
        .update({ attempts: db.raw('attempts + 1'), updated_at: at })
        .returning(['id', 'business_id', 'weightage_config_id']);
    },
    /** The weighting configs of `ids` that exist, by id. */
    async configs(ids: readonly string[]): Promise<Map<string, WeightageConfig>> {
      if (ids.length === 0) return new Map();
      const rows: Array<{ id: string; config: WeightageConfig }> = await db(CONFIGS).whereRaw('id = any(?::uuid[])', [ids]).select('id', 'config');
      return new Map(rows.map((row) => [row.id, row.config]));
    },
    /** Stores each computed score SUCCESS, as `succeed` does (the same statements, with their events), unless it is no longer PROCESSING. */
    async succeedMany(results: readonly ScoreResult[], at: Date): Promise<void> {
      await storeSuccesses(db, results, at);
    },
    /** Stores each score of `ids` FAILED with `reason`, as `fail` does, unless it is no longer PROCESSING. */
    async failMany(ids: readonly string[], reason: string, at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db(SCORES)
        .whereRaw('id = any(?::uuid[])', [ids])
        .where({ status: 'PROCESSING' })
        .update({ status: 'FAILED', failure_reason: reason, completed_at: at, updated_at: at });
    },
  };
}

/** The batch score store type, for injection. */
export type ScoreBatchStore = ReturnType<typeof createPgScoreBatchStore>;
