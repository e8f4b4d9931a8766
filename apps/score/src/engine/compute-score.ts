import { interpolateCurve } from './curve';
import { isMissing } from './factor-value';
import { extractFactorValue } from './factor-values';
import { formatNumber, isFiniteNumber, roundTo, toScoreText } from './numeric';
import type { ScoreInputs } from './score-inputs';
import { applyVerificationRule } from './verification-rule';
import { applyWatchlistRule, watchlistRuleOf } from './watchlist-rule';
import { InvalidWeightageConfigError, NoScoreInputsError } from './engine.errors';
import type { ComputedScore, ScoreCategoryResult, ScoreFactorResult } from './score-output';
import {
  MIN_SCORE_850,
  checkWeightageConfig,
  type RiskLevel,
  type ScoreDecision,
  type WeightageCategoryConfig,
  type WeightageConfig,
  type WeightageFactorConfig,
} from './weightage-config';

/** Points on the 850 scale per point on the 100 scale. */
const SCALE_850_PER_100 = 5.5;

/** A score 0..100 on the 850 scale: 300 + 5.5 × score. */
export function to850(score100: number): number {
  return MIN_SCORE_850 + SCALE_850_PER_100 * score100;
}

/** A risk level and the decision that goes with it. */
export interface Risk {
  riskLevel: RiskLevel;
  decision: ScoreDecision;
}

/**
 * The cut-off a score on the 850 scale falls under. The score is first rounded to a whole number
 * (half up), as the cut-offs are whole numbers ("up to 549", "550 to 699"): 549.4 is HIGH, 549.5
 * MODERATE under the default. The first cut-off from the top whose `minScore850` the rounded score
 * reaches applies; a score below them all gets the last (worst) one.
 */
export function riskFor(config: WeightageConfig, score850: number): Risk {
  if (!isFiniteNumber(score850)) throw new RangeError(`score ${score850} is not a finite number`);
  if (config.cutoffs.length === 0) throw new RangeError('the config has no cut-offs');
  const rounded = Math.round(score850);
  const cutoff = config.cutoffs.find((c) => rounded >= c.minScore850) ?? config.cutoffs[config.cutoffs.length - 1];
  return { riskLevel: cutoff.riskLevel, decision: cutoff.decision };
}

interface FactorOutcome {
  config: WeightageFactorConfig;
  /** null when the factor's input is missing. */
  value: number | null;
  score100: number | null;
  log: string;
}

interface CategoryOutcome {
  config: WeightageCategoryConfig;
  factors: FactorOutcome[];
  /** Sum of the available factors' weights; the divisor that renormalises them. */
  availableWeight: number;
  /** null when no available factor carries weight. */
  score100: number | null;
}

/** Optional inputs of a hypothetical score (what-if); a score computed without them is unchanged. */
export interface ComputeScoreOptions {
  /** Values given by factor code instead of the extractor's (a what-if); a factor not named is extracted as usual. */
  factorValues?: Readonly<Record<string, number>>;
}

function evaluateFactor(factor: WeightageFactorConfig, inputs: ScoreInputs, options: ComputeScoreOptions): FactorOutcome {
  const given = options.factorValues && Object.prototype.hasOwnProperty.call(options.factorValues, factor.code) ? options.factorValues[factor.code] : undefined;
  if (given !== undefined && isFiniteNumber(given)) {
    const score100 = interpolateCurve(factor.curve, given);
    return { config: factor, value: given, score100, log: `Given: value ${formatNumber(given)} (what-if); score_100 ${roundTo(score100, 2)}` };
  }
  const result = extractFactorValue(factor.input, inputs);
  if (isMissing(result)) {
    return { config: factor, value: null, score100: null, log: `MISSING_INPUT: ${result.missing}; left out, the other weights renormalised` };
  }
  const score100 = interpolateCurve(factor.curve, result.value);
  return { config: factor, value: result.value, score100, log: `Success: ${result.log}; score_100 ${roundTo(score100, 2)}` };
}

function evaluateCategory(category: WeightageCategoryConfig, inputs: ScoreInputs, options: ComputeScoreOptions): CategoryOutcome {
  const factors = category.factors.map((factor) => evaluateFactor(factor, inputs, options));
  let availableWeight = 0;
  let weightedSum = 0;
  for (const factor of factors) {
    if (factor.score100 === null) continue;
    availableWeight += factor.config.weight;
    weightedSum += factor.config.weight * factor.score100;
  }
  const score100 = availableWeight > 0 ? weightedSum / availableWeight : null;
  return { config: category, factors, availableWeight, score100 };
}

/**
 * Scores `inputs` under `config` (checked first with `checkWeightageConfig`).
 *
 * Each factor's value comes from its `input` extractor and its `score_100` from its curve. A
 * category's `score_100` is the weighted mean of its available factors' scores, their weights
 * renormalised to sum to 1; `weighted_score_100` is the weighted mean of the categories that have
 * a score, renormalised likewise. So a factor's effective weight is (category weight / sum of
 * scored categories' weights) × (factor weight / sum of the category's available factors'
 * weights), and its `weighted_score_*` is its `score_*` times that weight: the factors'
 * contributions add up to the score (up to rounding of each to two decimals).
 *
 * A config with a verification rule then caps the decision of a business that is not VERIFIED
 * (see `applyVerificationRule`) and says so in `decision_log`; the scores do not change. Then the
 * config's watchlist rule (its own, else the default) caps the decision of a business with sanctions
 * hits: DECLINE for a CONFIRMED one, FURTHER_REVIEW_NEEDED for an OPEN one (`applyWatchlistRule`),
 * said in `decision_log` after the verification rule's words.
 *
 * `options.factorValues` (a what-if) stands given values in for the extractors' of the factors it
 * names; without it the computation is exactly the stored scores'.
 *
 * @throws InvalidWeightageConfigError when the config has problems.
 * @throws NoScoreInputsError when no factor has input, or none that carries weight.
 */
export function computeScore(config: WeightageConfig, inputs: ScoreInputs, options: ComputeScoreOptions = {}): ComputedScore {
  const problems = checkWeightageConfig(config);
  if (problems.length > 0) throw new InvalidWeightageConfigError(problems);

  const categories = config.categories.map((category) => evaluateCategory(category, inputs, options));
  const factors = categories.flatMap((category) => category.factors);
  const available = factors.filter((f) => f.score100 !== null);
  const missing = factors.filter((f) => f.score100 === null).map((f) => `${f.config.code}: ${f.log}`);
  if (available.length === 0) throw new NoScoreInputsError('no factor of the score has input', missing);

  const scoredWeight = categories.reduce((sum, c) => (c.score100 === null ? sum : sum + c.config.weight), 0);
  if (!(scoredWeight > 0)) throw new NoScoreInputsError('no factor that carries weight has input', missing);

  const weighted100 = categories.reduce((sum, c) => (c.score100 === null ? sum : sum + c.config.weight * c.score100), 0) / scoredWeight;
  const weighted850 = roundTo(to850(weighted100), 2);
  const base100 = available.reduce((sum, f) => sum + (f.score100 ?? 0), 0) / available.length;
  const risk = riskFor(config, weighted850);
  const verified = applyVerificationRule(config.verificationRule, risk.decision, inputs.verification);
  const screened = applyWatchlistRule(watchlistRuleOf(config), verified.decision, inputs.watchlistHits);
  const logs = [verified.log, screened.log].filter((log): log is string => log !== null);

  return {
    score_weightage_config: config.id,
    weighted_score_100: toScoreText(weighted100),
    weighted_score_850: toScoreText(weighted850),
    risk_level: risk.riskLevel,
    score_decision: screened.decision,
    base_score: toScoreText(to850(base100)),
    version: config.version,
    score_distribution: categories.map((category) => categoryResult(category, scoredWeight)),
    is_score_calculated: true,
    ...(logs.length === 0 ? {} : { decision_log: logs.join('. ') }),
  };
}

function categoryResult(category: CategoryOutcome, scoredWeight: number): ScoreCategoryResult {
  const share = category.score100 === null ? 0 : category.config.weight / scoredWeight;
  const factors = category.factors.map((factor) => {
    const effective = factor.score100 === null || share === 0 ? 0 : share * (factor.config.weight / category.availableWeight);
    return factorResult(category.config.id, factor, effective);
  });
  const has = category.score100 !== null;
  return {
    id: category.config.id,
    code: category.config.code,
    label: category.config.label,
    is_deleted: false,
    total_weightage: roundTo(category.config.weight * 100, 2),
    factors,
    score: toScoreText(has ? share * (category.score100 ?? 0) : 0),
    score_100: toScoreText(category.score100 ?? 0),
    score_850: toScoreText(has ? to850(category.score100 ?? 0) : 0),
  };
}

function factorResult(categoryId: number, factor: FactorOutcome, effectiveWeight: number): ScoreFactorResult {
  const score100 = factor.score100 ?? 0;
  const score850 = factor.score100 === null ? 0 : to850(score100);
  return {
    id: factor.config.id,
    code: factor.config.code,
    label: factor.config.label,
    category_id: categoryId,
    is_deleted: false,
    parent_factor_id: factor.config.parentFactorId,
    weightage: roundTo(factor.config.weight * 100, 2),
    factor_id: factor.config.factorId,
    value: roundTo(factor.value ?? 0, 4),
    score_100: roundTo(score100, 2),
    weighted_score_100: roundTo(score100 * effectiveWeight, 2),
    score_850: roundTo(score850, 2),
    weighted_score_850: roundTo(score850 * effectiveWeight, 2),
    status: factor.score100 === null ? 'MISSING_INPUT' : 'SUCCESS',
    log: factor.log,
  };
}
