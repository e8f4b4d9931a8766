import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';

/** The score area's read module, created by its migrations. */
export const SCORE_DIRECTORY_VIEW = 'scores.score_directory';

/** One category of a score's distribution, as contract 2.8 shows it (only what readers use is typed). */
export interface ScoreCategoryView {
  code: string;
  label: string;
  total_weightage: number;
  score_100: string;
  factors: Array<{ code: string; label: string; value: number; score_100: number; weightage: number; status: string }>;
}

/** A successful score as other areas may read it. */
export interface ScoreEntry {
  id: string;
  businessId: string;
  version: string;
  weightageConfigId: string;
  weightedScore100: number;
  weightedScore850: number;
  riskLevel: string;
  decision: string;
  distribution: ScoreCategoryView[];
  createdAt: Date;
}

/** Reads scores through the score area's directory view. */
export function createScoreDirectory(db: Knex) {
  return {
    /** The business's newest SUCCESS score, if any. */
    async latestSuccessful(businessId: string): Promise<ScoreEntry | undefined> {
      if (!isUuid(businessId)) return undefined;
      const row = await db(SCORE_DIRECTORY_VIEW)
        .where({ business_id: businessId, status: 'SUCCESS' })
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .first();
      if (!row) return undefined;
      return {
        id: row.id,
        businessId: row.business_id,
        version: row.version,
        weightageConfigId: row.weightage_config_id,
        weightedScore100: Number(row.weighted_score_100),
        weightedScore850: Number(row.weighted_score_850),
        riskLevel: row.risk_level,
        decision: row.score_decision,
        distribution: row.score_distribution ?? [],
        createdAt: row.created_at,
      };
    },
  };
}

/** The score directory type, for injection. */
export type ScoreDirectory = ReturnType<typeof createScoreDirectory>;
