import { businessScopedRead, SCOPED_BUSINESS_ID, type ScopedRows } from '@kyb/area-views';
import { preparedRead, type Knex } from '@kyb/db';
import type { ComputedScore, ScoreSnapshot, WeightageConfig } from '../engine';
import type { ReasonCode } from '../explain/explain-score';
import { findOrCreateScores } from './score-creation.store';
import { storeSuccesses, type ScoreResult } from './score-success.store';
import type { ScoreStatus } from './scores.schemas';

/** What asked for a score. */
export type ScoreTrigger = 'ENRICHMENT' | 'ON_DEMAND' | 'MONITORING';

/** A stored score. */
export interface ScoreRow {
  id: string;
  business_id: string;
  customer_id: string | null;
  source_key: string;
  trigger: ScoreTrigger;
  weightage_config_id: string;
  version: string;
  status: ScoreStatus;
  year: number;
  month: number;
  weighted_score_100: string | null;
  weighted_score_850: string | null;
  base_score: string | null;
  risk_level: string | null;
  score_decision: string | null;
  score_distribution: ComputedScore['score_distribution'] | null;
  /** What the config's verification rule did to the decision; null when the config has none. */
  decision_log: string | null;
  /** The exact inputs a SUCCESS score was computed from; null before it succeeded (and for scores older than snapshots). */
  inputs: ScoreSnapshot | null;
  /** The reasons a SUCCESS score is not higher, as its explanation gives them; null before it succeeded. */
  reason_codes: ReasonCode[] | null;
  failure_reason: string | null;
  attempts: number;
  requested_by: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** The columns of a score E10 shows, its distribution being read as JSON text. */
export type ScoreAnswerRow = Pick<ScoreRow, (typeof SCORE_ANSWER_COLUMNS)[number]> & { score_distribution: string | null };

const SCORE_ANSWER_COLUMNS = [
  'id',
  'business_id',
  'customer_id',
  'weightage_config_id',
  'version',
  'status',
  'year',
  'month',
  'weighted_score_100',
  'weighted_score_850',
  'base_score',
  'risk_level',
  'score_decision',
  'decision_log',
  'failure_reason',
  'created_at',
] as const;

const SCORES = 'scores.scores';
const CONFIGS = 'scores.weightage_configs';

/** SQL of scores and weighting configs. */
export function createPgScoreStore(db: Knex) {
  const byId = preparedRead<ScoreRow, 'id'>(db, ['id'], (v) => db(SCORES).where({ id: v.id }).first());
  // E10's read, with the business (for its access check) in the same statement: only what E10 shows,
  // the distribution as its JSON text (answered as it is: RawJson); the statuses travel as one array
  // value, so every set of statuses shares the statement.
  const latestOfMonth = businessScopedRead<ScoreAnswerRow, 'year' | 'month' | 'statuses'>(db, ['year', 'month', 'statuses'], (v) =>
    db(SCORES)
      .where('business_id', db.ref(SCOPED_BUSINESS_ID))
      .where({ year: v.year, month: v.month })
      .whereRaw('status = any(?::text[])', [v.statuses])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .select(...SCORE_ANSWER_COLUMNS, db.raw('score_distribution::text as score_distribution'))
      .limit(1),
  );
  return {
    /** The config new scores use. */
    async activeConfig(): Promise<WeightageConfig> {
      const row = await db(CONFIGS).where({ is_active: true }).first<{ config: WeightageConfig }>('config');
      if (!row) throw new Error('No active weighting config');
      return row.config;
    },
    async config(id: string): Promise<WeightageConfig | undefined> {
      return (await db(CONFIGS).where({ id }).first<{ config: WeightageConfig } | undefined>('config'))?.config;
    },
    /** The score asked for by `sourceKey`, created PROCESSING with the customer's config (else the active one) if there is none. */
    async findOrCreate(input: {
      sourceKey: string;
      trigger: ScoreTrigger;
      businessId: string;
      customerId: string | null;
      requestedBy?: string | null;
      at: Date;
    }): Promise<ScoreRow> {
      const [row] = await findOrCreateScores(db, [input], input.trigger, input.at, input.requestedBy ?? null);
      return row;
    },
    async find(id: string): Promise<ScoreRow | undefined> {
      return (await byId({ id }))[0];
    },
    /** The business (for its access check) and its newest score of the month in one of `statuses`, if any. */
    async latestOfMonth(businessId: string, year: number, month: number, statuses: ScoreStatus[]): Promise<ScopedRows<ScoreAnswerRow>> {
      return latestOfMonth(businessId, { year, month, statuses });
    },
    async countAttempt(id: string, at: Date): Promise<void> {
      await db(SCORES).where({ id }).update({ attempts: db.raw('attempts + 1'), updated_at: at });
    },
    /** Stores the score SUCCESS with its snapshot and reason codes unless it is no longer PROCESSING, with its events, in one transaction (`storeSuccesses`). */
    async succeed(result: ScoreResult, at: Date): Promise<void> {
      await storeSuccesses(db, [result], at);
    },
    async fail(id: string, reason: string, at: Date): Promise<void> {
      await db(SCORES).where({ id, status: 'PROCESSING' }).update({ status: 'FAILED', failure_reason: reason, completed_at: at, updated_at: at });
    },
  };
}

/** The score store type, for injection. */
export type ScoreStore = ReturnType<typeof createPgScoreStore>;
