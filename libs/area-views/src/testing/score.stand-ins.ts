import type { Knex } from '@kyb/db';
import { SCORE_DIRECTORY_VIEW, type ScoreEntry } from '../score/score-directory';

/** For tests of areas that read scores: a table with the view's contract. */
export async function createScoreDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists scores');
  await db.raw(`create table if not exists ${SCORE_DIRECTORY_VIEW} (id uuid primary key, business_id uuid not null, customer_id uuid,
    status text not null, version text not null, weightage_config_id uuid not null, weighted_score_100 numeric(6,2), weighted_score_850 numeric(6,2),
    base_score numeric(6,2), risk_level text, score_decision text, score_distribution json, year integer not null, month integer not null,
    created_at timestamptz not null default now(), completed_at timestamptz)`);
  return {
    async put(entry: Omit<ScoreEntry, 'createdAt' | 'year' | 'month'> & { status?: string; createdAt?: Date }) {
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
