import { TenantAccessDeniedError, canAccessBusiness, unseen, type AuthContext } from '@kyb/auth';
import { findAccessibleBusiness, type BusinessDirectory } from '@kyb/area-views';
import { computeScore, explainScore, inputsFromSnapshot, type ComputedScore, type ScoreExplanation, type WeightageConfig } from '../engine';
import { ScoreNotFoundError, UnknownScoreError } from '../scores/scores.errors';
import { SCORE_STATUSES } from '../scores/scores.schemas';
import type { ScoreRow, ScoreStore } from '../scores/scores.store';
import { NoSuccessfulScoreError, ScoreDiffRangeError, ScoreNotExplainableError } from './explain.errors';
import type { ExplainStore } from './explain.store';
import { diffScores, type ScoreDiff } from './score-diff';
import { applyWhatIf, type WhatIfOverrides } from './what-if';

/** Which score a diff side or a what-if starts from. */
export interface ScoreRef {
  score_id: string;
  created_at: string;
}

/** A score explained, with the score it is. */
export type ScoreExplanationView = ScoreRef & { business_id: string } & ScoreExplanation;
/** Two months' scores compared. */
export type ScoreDiffView = { business_id: string; from: ScoreRef & { month: string }; to: ScoreRef & { month: string } } & ScoreDiff;
/** A hypothetical score and how it differs from the current one. */
export interface WhatIfView {
  business_id: string;
  based_on: ScoreRef;
  score: ComputedScore;
  diff: ScoreDiff;
}

const refOf = (row: ScoreRow): ScoreRef => ({ score_id: row.id, created_at: row.created_at.toISOString() });

/** Explanations, month-to-month diffs and what-ifs of scores: reads only, nothing is stored. */
export function createExplainService(deps: { store: ScoreStore; explain: ExplainStore; businesses: BusinessDirectory }) {
  const { store, explain, businesses } = deps;

  async function configOf(row: ScoreRow): Promise<WeightageConfig> {
    const config = await store.config(row.weightage_config_id);
    // Configs are never deleted (scores name them); a missing one is a broken database, not a client error.
    if (!config) throw new Error(`weighting config ${row.weightage_config_id} of score ${row.id} not found`);
    return config;
  }

  async function successOfMonth(businessId: string, month: string): Promise<ScoreRow> {
    const [year, m] = month.split('-').map(Number);
    const row = await explain.latestSuccessOfMonth(businessId, year, m);
    if (row) return row;
    const last = (await store.latestOfMonth(businessId, year, m, [...SCORE_STATUSES])).rows[0];
    throw new ScoreNotFoundError(year, m, 'SUCCESS', last?.status);
  }

  return {
    /** A SUCCESS score factor by factor, from its snapshot and the config it names, with its reason codes. */
    async explain(caller: AuthContext, scoreId: string): Promise<ScoreExplanationView> {
      const row = await store.find(scoreId);
      if (!row) throw unseen(caller, new UnknownScoreError());
      if (!canAccessBusiness(caller, row.customer_id ?? '', row.business_id)) throw new TenantAccessDeniedError();
      if (row.status !== 'SUCCESS') throw new ScoreNotExplainableError({ status: row.status });
      if (!row.inputs) throw new ScoreNotExplainableError('NO_SNAPSHOT');
      return { ...refOf(row), business_id: row.business_id, ...explainScore(await configOf(row), row.inputs) };
    },

    /** The latest SUCCESS score of month `from` against that of month `to` (YYYY-MM, from not after to). */
    async diff(caller: AuthContext, businessId: string, from: string, to: string): Promise<ScoreDiffView> {
      if (from > to) throw new ScoreDiffRangeError(from, to);
      await findAccessibleBusiness(businesses, caller, businessId);
      const before = await successOfMonth(businessId, from);
      const after = await successOfMonth(businessId, to);
      return {
        business_id: businessId,
        from: { month: from, ...refOf(before) },
        to: { month: to, ...refOf(after) },
        ...diffScores(before, after),
      };
    },

    /** The business's latest SUCCESS score recomputed with `overrides` applied to its snapshot, under its config; stores nothing. */
    async whatIf(caller: AuthContext, businessId: string, overrides: WhatIfOverrides): Promise<WhatIfView> {
      await findAccessibleBusiness(businesses, caller, businessId);
      const row = await explain.latestSuccess(businessId);
      if (!row) throw new NoSuccessfulScoreError();
      if (!row.inputs) throw new ScoreNotExplainableError('NO_SNAPSHOT');
      const config = await configOf(row);
      const applied = applyWhatIf(row.inputs, config, overrides);
      const score = computeScore(config, inputsFromSnapshot(applied.snapshot), { factorValues: applied.factorValues });
      return { business_id: businessId, based_on: refOf(row), score, diff: diffScores(row, score) };
    },
  };
}

/** The explain service type, for injection. */
export type ExplainService = ReturnType<typeof createExplainService>;
