import { isDeepStrictEqual } from 'node:util';
import { computeScore, inputsFromSnapshot, type ComputedScore, type WeightageConfig } from '../engine';
import type { ScoreRow } from './scores.store';

/** The fields of a score a recompute compares, as stored and as computed again. */
const COMPARED = ['weighted_score_100', 'weighted_score_850', 'base_score', 'risk_level', 'score_decision', 'decision_log', 'score_distribution'] as const;
type Compared = (typeof COMPARED)[number];

/** What a score's fields are, for the comparison: the distribution as stored JSON, no decision log as null. */
type ScoreFields = Record<Compared, unknown>;

const storedFields = (row: ScoreRow): ScoreFields => ({
  weighted_score_100: row.weighted_score_100,
  weighted_score_850: row.weighted_score_850,
  base_score: row.base_score,
  risk_level: row.risk_level,
  score_decision: row.score_decision,
  decision_log: row.decision_log ?? null,
  score_distribution: row.score_distribution,
});

const computedFields = (score: ComputedScore): ScoreFields => ({
  weighted_score_100: score.weighted_score_100,
  weighted_score_850: score.weighted_score_850,
  base_score: score.base_score,
  risk_level: score.risk_level,
  score_decision: score.score_decision,
  decision_log: score.decision_log ?? null,
  // As stored: through JSON, as the json column keeps it.
  score_distribution: JSON.parse(JSON.stringify(score.score_distribution)),
});

/** The headline of a score, stored or recomputed. */
const headline = (fields: ScoreFields) => ({
  weighted_score_100: fields.weighted_score_100,
  weighted_score_850: fields.weighted_score_850,
  base_score: fields.base_score,
  risk_level: fields.risk_level,
  score_decision: fields.score_decision,
});

/**
 * A SUCCESS score computed again from its snapshot with the config it names: whether the result is
 * identical to what was stored, field by field (the distribution as a whole), and both headlines.
 */
export function recomputeScore(row: ScoreRow & { inputs: NonNullable<ScoreRow['inputs']> }, config: WeightageConfig) {
  const stored = storedFields(row);
  const recomputed = computedFields(computeScore(config, inputsFromSnapshot(row.inputs)));
  const differences = COMPARED.filter((field) => !isDeepStrictEqual(stored[field], recomputed[field]));
  return {
    score_id: row.id,
    business_id: row.business_id,
    weightage_config_id: row.weightage_config_id,
    version: row.version,
    identical: differences.length === 0,
    differences,
    stored: headline(stored),
    recomputed: headline(recomputed),
  };
}

/** What a recompute answers. */
export type RecomputeView = ReturnType<typeof recomputeScore>;
