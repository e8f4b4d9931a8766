import { businessScopedRead, SCOPED_BUSINESS_ID, type ScopedRows } from '@kyb/area-views';
import { preparedRead, type Knex } from '@kyb/db';
import type { ScoreResult, SnapshotWatchlistHit, WeightageConfig } from '../engine';
import { findOrCreateScores } from './score-creation.store';
import type { ScoreRow, ScoreTrigger } from './score-row';
import { storeSuccesses } from './score-success.store';
import type { ScoreStatus } from './scores.schemas';

export type { ScoreRow, ScoreTrigger } from './score-row';

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
    /** The business's newest SUCCESS score: its id and the sanctions hits its snapshot kept ([] when it kept none); undefined: never scored. */
    async latestSuccessHits(businessId: string): Promise<{ id: string; hits: SnapshotWatchlistHit[] } | undefined> {
      const row = await db(SCORES)
        .where({ business_id: businessId, status: 'SUCCESS' })
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .first<{ id: string; hits: SnapshotWatchlistHit[] | null } | undefined>('id', db.raw(`inputs -> 'watchlistHits' as hits`));
      return row ? { id: row.id, hits: row.hits ?? [] } : undefined;
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
