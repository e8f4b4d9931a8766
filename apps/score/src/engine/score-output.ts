import type { RiskLevel, ScoreDecision } from './weightage-config';

/** A factor's status: computed, or left out because its inputs are null or insufficient. */
export type FactorStatus = 'SUCCESS' | 'MISSING_INPUT';

/**
 * One factor of `score_distribution` (contract 2.8). All scores are numbers rounded to two
 * decimals (`value` to four). A factor with status MISSING_INPUT has `value`, `score_*` and
 * `weighted_score_*` of 0, since the contract types them as numbers; its status and `log` say
 * that and why, and it carries no weight in the score.
 */
export interface ScoreFactorResult {
  id: number;
  code: string;
  label: string;
  category_id: number;
  is_deleted: false;
  parent_factor_id: number | null;
  /** The configured weight within its category, as a percentage (0.4 → 40). */
  weightage: number;
  factor_id: number;
  /** The raw value the extractor computed (unit in the config). */
  value: number;
  /** The curve's score 0..100 for `value`. */
  score_100: number;
  /** `score_100` × effective weight: this factor's contribution to the score's `weighted_score_100`. */
  weighted_score_100: number;
  /** `score_100` on the 850 scale: 300 + 5.5 × `score_100`. */
  score_850: number;
  /** `score_850` × effective weight: this factor's contribution to the score's `weighted_score_850`. */
  weighted_score_850: number;
  status: FactorStatus;
  log: string;
}

/**
 * One category of `score_distribution` (contract 2.8); scores are numeric texts with two
 * decimals, "0.00" when none of its factors has input.
 */
export interface ScoreCategoryResult {
  id: number;
  code: string;
  label: string;
  is_deleted: false;
  /** The configured weight of the category in the score, as a percentage (0.25 → 25). */
  total_weightage: number;
  factors: ScoreFactorResult[];
  /** The category's contribution to `weighted_score_100`: the sum of its factors' `weighted_score_100`. */
  score: string;
  /** Weighted mean of its available factors' `score_100`, weights renormalised over them. */
  score_100: string;
  /** `score_100` on the 850 scale. */
  score_850: string;
}

/** What the engine computes; the store adds the record's id, dates, business, customer and status. */
export interface ComputedScore {
  /** The config's UUID. */
  score_weightage_config: string;
  /** Σ category weight × category `score_100`, weights renormalised over categories with a score. */
  weighted_score_100: string;
  /** 300 + 5.5 × `weighted_score_100`. */
  weighted_score_850: string;
  risk_level: RiskLevel;
  score_decision: ScoreDecision;
  /** 300 + 5.5 × the unweighted mean of the available factors' `score_100`. */
  base_score: string;
  /** The config's version. */
  version: string;
  score_distribution: ScoreCategoryResult[];
  is_score_calculated: true;
  /** What the config's verification rule did to the decision; only with a config that has one. */
  decision_log?: string;
}
