import type { Knex } from '@kyb/db';
import { ALERT_DIRECTORY_VIEW, type AlertEntry } from '../score/alert-directory';
import { SCORE_DIRECTORY_VIEW, type ScoreEntry } from '../score/score-directory';
import { WEIGHTAGE_FACTOR_DIRECTORY_VIEW } from '../score/factor-units';

/** For tests of areas that read scores: a table with the view's contract. */
export async function createScoreDirectoryStandIn(db: Knex) {
  await db.raw('create schema if not exists scores');
  await db.raw(`create table if not exists ${SCORE_DIRECTORY_VIEW} (id uuid primary key, business_id uuid not null, customer_id uuid,
    status text not null, version text not null, weightage_config_id uuid not null, weighted_score_100 numeric(6,2), weighted_score_850 numeric(6,2),
    base_score numeric(6,2), risk_level text, score_decision text, score_distribution json, year integer not null, month integer not null,
    created_at timestamptz not null default now(), completed_at timestamptz, reason_codes jsonb)`);
  await db.raw(`create table if not exists ${ALERT_DIRECTORY_VIEW} (id uuid primary key default gen_random_uuid(), customer_id uuid not null,
    business_id uuid not null, score_id uuid not null, rule text not null, severity text not null, status text not null, title text not null,
    summary text not null, created_at timestamptz not null default now())`);
  await db.raw(`create table if not exists ${WEIGHTAGE_FACTOR_DIRECTORY_VIEW} (weightage_config_id uuid not null, version text not null, code text not null,
    label text, input text, unit text)`);
  return {
    /** What each factor of a config measures, as the score area publishes it from the config. */
    async putFactorUnits(weightageConfigId: string, factors: Array<{ code: string; label?: string; input: string | null; unit: string | null }>, version = '2.2'): Promise<void> {
      await db(WEIGHTAGE_FACTOR_DIRECTORY_VIEW).where({ weightage_config_id: weightageConfigId }).delete();
      if (factors.length === 0) return;
      await db(WEIGHTAGE_FACTOR_DIRECTORY_VIEW).insert(
        factors.map((f) => ({ weightage_config_id: weightageConfigId, version, code: f.code, label: f.label ?? f.code, input: f.input, unit: f.unit })),
      );
    },
    async put(entry: Omit<ScoreEntry, 'createdAt' | 'year' | 'month' | 'reasonCodes'> & { status?: string; createdAt?: Date; reasonCodes?: ScoreEntry['reasonCodes'] }) {
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
        reason_codes: entry.reasonCodes ? JSON.stringify(entry.reasonCodes) : null,
        year: at.getUTCFullYear(),
        month: at.getUTCMonth() + 1,
        created_at: at,
      });
    },
    /** An alert monitoring raised, as the score area publishes it. */
    async putAlert(alert: Omit<AlertEntry, 'id' | 'createdAt'> & { customerId: string; scoreId?: string; createdAt?: Date }): Promise<void> {
      await db(ALERT_DIRECTORY_VIEW).insert({
        customer_id: alert.customerId,
        business_id: alert.businessId,
        score_id: alert.scoreId ?? '00000000-0000-4000-8000-000000000000',
        rule: alert.rule,
        severity: alert.severity,
        status: alert.status,
        title: alert.title,
        summary: alert.summary,
        created_at: alert.createdAt ?? new Date(),
      });
    },
  };
}
