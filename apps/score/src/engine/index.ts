/**
 * The pure scoring engine of the score area: configs, value extractors, `computeScore`, and a
 * score's explanation with its reason codes (computed with every stored score, so the scores and
 * explain features both read it here). It imports no feature of the area.
 */
export { computeScore, riskFor, to850, type ComputeScoreOptions, type Risk } from './compute-score';
export { interpolateCurve } from './curve';
export {
  MAX_REASON_CODES,
  explainScore,
  scoreAndExplain,
  scoreWithReasons,
  type CurvePlacement,
  type FactorExplanation,
  type ReasonCode,
  type ScoreExplanation,
} from './explain-score';
export type { FactorValue, FactorValueExtractor, FactorValueMissing, FactorValuePresent } from './factor-value';
export { isMissing } from './factor-value';
export {
  DELINQUENT_ACCOUNT_PENALTY,
  FACTOR_VALUE_EXTRACTORS,
  creditBureauAdjustedScore,
  extractFactorValue,
  isFactorInputKey,
  type FactorInputKey,
} from './factor-values';
export { RATIO_BOUNDS } from './financial-values';
export { BANKRUPTCY_FREE_YEARS_CAP } from './public-record-values';
export type { BjlInput, CreditBureauInput, FinancialInputs, FinancialStatement, PublicRecordInputs, ScoreInputs, VerificationInput, WatchlistHitInput } from './score-inputs';
export { inputsFromSnapshot, type InputSource, type ScoreSnapshot, type SnapshotBjlRecord, type SnapshotWatchlistHit } from './score-snapshot';
export { applyVerificationRule, worseDecision, type VerifiedDecision } from './verification-rule';
export {
  WATCHLIST_REASON_CODES,
  WATCHLIST_RULE_CODE,
  applyWatchlistRule,
  describeHit,
  watchlistRuleOf,
  type WatchlistDecision,
  type WatchlistReason,
} from './watchlist-rule';
export { VERIFICATION_WEIGHTAGE_CONFIG } from './verification-weightage-config';
export { InvalidWeightageConfigError, NoScoreInputsError } from './engine.errors';
export type { ComputedScore, FactorStatus, ScoreCategoryResult, ScoreFactorResult } from './score-output';
export type { ScoreResult } from './score-result';
export {
  DEFAULT_WATCHLIST_RULE,
  DEFAULT_WEIGHTAGE_CONFIG,
  MIN_SCORE_850,
  RISK_LEVELS,
  SCORE_DECISIONS,
  WEIGHT_SUM_TOLERANCE,
  checkWeightageConfig,
  type CurvePoint,
  type RiskLevel,
  type ScoreCutoff,
  type ScoreDecision,
  type WeightageCategoryConfig,
  type WeightageConfig,
  type VerificationRule,
  type WatchlistRule,
  type WeightageFactorConfig,
} from './weightage-config';
