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

/** For tests of areas that read scores: a table with the view's contract. */
export async function createScoreDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists scores');
  await db.raw(`create table if not exists ${SCORE_DIRECTORY_VIEW} (id uuid primary key, business_id uuid not null, customer_id uuid,
    status text not null, version text not null, weightage_config_id uuid not null, weighted_score_100 numeric(6,2), weighted_score_850 numeric(6,2),
    base_score numeric(6,2), risk_level text, score_decision text, score_distribution json, year integer not null, month integer not null,
    created_at timestamptz not null default now(), completed_at timestamptz)`);
  return {
    async put(entry: Omit<ScoreEntry, 'createdAt'> & { status?: string; createdAt?: Date }) {
      const at = entry.createdAt ?? new Date();
      await db(SCORE_DIRECTORY_VIEW).insert({
        id: entry.id,
        business_id: entry.businessId,
        status: entry.status ?? 'SUCCESS',
        version: entry.version,
        weightage_config_id: entry.weightageConfigId,
        weighted_score_100: entry.weightedScore100,
        weighted_score_850: entry.weightedScore850,
        risk_level: entry.riskLevel,
        score_decision: entry.decision,
        score_distribution: JSON.stringify(entry.distribution),
        year: at.getUTCFullYear(),
        month: at.getUTCMonth() + 1,
        created_at: at,
      });
    },
  };
}
