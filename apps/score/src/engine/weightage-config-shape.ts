import type { FactorInputKey } from './factor-values';

/*
 * The shape of a weightage config: the types and the risk levels and decisions they name. Its own
 * file, so the default config and the checks both import it and neither imports the other.
 */

/** Risk levels, worst first. */
export const RISK_LEVELS = ['HIGH', 'MODERATE', 'LOW'] as const;
/** A score's risk level. */
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Decisions, by the same order as {@link RISK_LEVELS}. */
export const SCORE_DECISIONS = ['DECLINE', 'FURTHER_REVIEW_NEEDED', 'APPROVE'] as const;
/** A score's decision. */
export type ScoreDecision = (typeof SCORE_DECISIONS)[number];

/** One point of a curve: a factor value and the score 0..100 it earns. */
export type CurvePoint = [value: number, score100: number];

/** One factor of a category, as configured. */
export interface WeightageFactorConfig {
  /** The factor row's id (`id` of the output). */
  id: number;
  /** The factor definition's id (`factor_id` of the output). */
  factorId: number;
  code: string;
  label: string;
  /** Share of the category, 0..1; a category's factor weights sum to 1. */
  weight: number;
  parentFactorId: number | null;
  /** Which value extractor computes the factor's value. */
  input: FactorInputKey;
  /**
   * Piecewise-linear map from value to score 0..100, points sorted by strictly increasing value;
   * values beyond the ends take the end's score.
   */
  curve: CurvePoint[];
  /** What the value measures and in which unit, for readers of the config. */
  unit: string;
}

/** One category, as configured. */
export interface WeightageCategoryConfig {
  id: number;
  code: string;
  label: string;
  /** Share of the whole score, 0..1; the category weights sum to 1. */
  weight: number;
  factors: WeightageFactorConfig[];
}

/** A cut-off: scores (850 scale, rounded to a whole number) from `minScore850` up get this risk. */
export interface ScoreCutoff {
  minScore850: number;
  riskLevel: RiskLevel;
  decision: ScoreDecision;
}

/**
 * An optional rule of a config: a business that is not VERIFIED (UNVERIFIED, or never verified)
 * gets no better decision than `unverifiedDecisionCap` (e.g. FURTHER_REVIEW_NEEDED caps APPROVE;
 * DECLINE stays). The scores and the risk level are not changed; the score's `decision_log` says why.
 */
export interface VerificationRule {
  unverifiedDecisionCap: ScoreDecision;
}

/**
 * What a config does with a business's sanctions hits (OPEN: not yet reviewed; CONFIRMED by the
 * customer): the best decision a business with such a hit can get, whatever its score. `null` turns
 * that part off. The scores and the risk level are not changed; `decision_log` and the
 * explanation's reason codes say why. A config without a rule applies {@link DEFAULT_WATCHLIST_RULE}.
 */
export interface WatchlistRule {
  /** DECLINE by default: a confirmed hit forces the decision to DECLINE. */
  confirmedHitDecision: ScoreDecision | null;
  /** FURTHER_REVIEW_NEEDED by default: an unreviewed hit caps APPROVE, a DECLINE stays. */
  openHitDecision: ScoreDecision | null;
}

/** The watchlist rule of every config that states none (every config stored before sanctions screening too). */
export const DEFAULT_WATCHLIST_RULE: Readonly<WatchlistRule> = Object.freeze({ confirmedHitDecision: 'DECLINE', openHitDecision: 'FURTHER_REVIEW_NEEDED' });

/**
 * A versioned weighting: plain JSON-serialisable data, so a new version is added as data (and
 * checked with `checkWeightageConfig` in weightage-config.ts) without code changes.
 */
export interface WeightageConfig {
  /** UUID, stored with each score as `score_weightage_config`. */
  id: string;
  /** Stored with each score as `version`. */
  version: string;
  categories: WeightageCategoryConfig[];
  /** Sorted by `minScore850` descending; the first one the score reaches applies. */
  cutoffs: ScoreCutoff[];
  /** Optional; versions without it never read the business's verification. */
  verificationRule?: VerificationRule;
  /** Optional; a version without it applies {@link DEFAULT_WATCHLIST_RULE} (a version turns a part off with null). */
  watchlistRule?: WatchlistRule;
}
