import { isFactorInputKey } from './factor-values';
import { isFiniteNumber, roundTo } from './numeric';
import { RISK_LEVELS, SCORE_DECISIONS, type ScoreCutoff, type WeightageConfig, type WeightageFactorConfig } from './weightage-config-shape';

export { DEFAULT_WEIGHTAGE_CONFIG } from './default-weightage-config';
export {
  DEFAULT_WATCHLIST_RULE,
  RISK_LEVELS,
  SCORE_DECISIONS,
  type CurvePoint,
  type RiskLevel,
  type ScoreCutoff,
  type ScoreDecision,
  type VerificationRule,
  type WatchlistRule,
  type WeightageCategoryConfig,
  type WeightageConfig,
  type WeightageFactorConfig,
} from './weightage-config-shape';

/** Tolerance for weights summing to 1, loose enough for decimal fractions like 0.35 + 0.35 + 0.3. */
export const WEIGHT_SUM_TOLERANCE = 1e-6;

/** The lowest score on the 850 scale (a weighted score of 0); the last cut-off must reach it. */
export const MIN_SCORE_850 = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The problems of a config, empty when it is fit for use: weights finite, non-negative and
 * summing to 1 (categories, and factors within each category), ids unique, every factor's input
 * known, curves strictly sorted by value with scores within 0..100, cut-offs strictly descending,
 * known risk levels and decisions, and the last cut-off reaching {@link MIN_SCORE_850}.
 */
export function checkWeightageConfig(config: WeightageConfig): string[] {
  const problems: string[] = [];
  if (typeof config.id !== 'string' || !UUID.test(config.id)) problems.push(`id "${String(config.id)}" is not a UUID`);
  if (typeof config.version !== 'string' || config.version.trim() === '') problems.push('version is empty');
  const categories = Array.isArray(config.categories) ? config.categories : [];
  if (categories.length === 0) problems.push('there are no categories');
  checkWeights('categories', categories, problems);
  checkUnique('category id', categories.map((c) => c.id), problems);
  checkUnique('category code', categories.map((c) => c.code), problems);
  const factors = categories.flatMap((c) => (Array.isArray(c.factors) ? c.factors : []));
  checkUnique('factor id', factors.map((f) => f.id), problems);
  checkUnique('factor code', factors.map((f) => f.code), problems);
  const factorIds = new Set(factors.map((f) => f.id));
  for (const category of categories) {
    if (!Number.isInteger(category.id)) problems.push(`category ${category.code}: id is not an integer`);
    const own = Array.isArray(category.factors) ? category.factors : [];
    if (own.length === 0) problems.push(`category ${category.code}: there are no factors`);
    checkWeights(`category ${category.code} factors`, own, problems);
    for (const factor of own) checkFactor(factor, factorIds, problems);
  }
  checkCutoffs(Array.isArray(config.cutoffs) ? config.cutoffs : [], problems);
  const rule = config.verificationRule;
  if (rule !== undefined && !SCORE_DECISIONS.includes(rule?.unverifiedDecisionCap)) {
    problems.push(`verificationRule: decision "${String(rule?.unverifiedDecisionCap)}" is unknown`);
  }
  checkWatchlistRule(config.watchlistRule, problems);
  return problems;
}

function checkWatchlistRule(rule: WeightageConfig['watchlistRule'], problems: string[]): void {
  if (rule === undefined) return;
  if (typeof rule !== 'object' || rule === null) return void problems.push('watchlistRule is not an object');
  for (const key of ['confirmedHitDecision', 'openHitDecision'] as const) {
    const decision: unknown = rule[key];
    if (decision !== null && !SCORE_DECISIONS.includes(decision as never)) problems.push(`watchlistRule: ${key} "${String(decision)}" is neither a decision nor null`);
  }
}

function checkWeights(where: string, items: Array<{ code: string; weight: number }>, problems: string[]): void {
  const bad = items.filter((item) => !isFiniteNumber(item.weight) || item.weight < 0);
  for (const item of bad) problems.push(`${where}: ${item.code} weight ${String(item.weight)} is not a number ≥ 0`);
  if (bad.length > 0 || items.length === 0) return;
  const sum = items.reduce((total, item) => total + item.weight, 0);
  if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) problems.push(`${where}: weights sum to ${roundTo(sum, 6)}, not 1`);
}

function checkUnique(what: string, values: Array<string | number>, problems: string[]): void {
  const seen = new Set<string | number>();
  for (const value of values) {
    if (seen.has(value)) problems.push(`${what} ${value} is used more than once`);
    seen.add(value);
  }
}

function checkFactor(factor: WeightageFactorConfig, factorIds: Set<number>, problems: string[]): void {
  const where = `factor ${factor.code}`;
  if (!Number.isInteger(factor.id) || !Number.isInteger(factor.factorId)) problems.push(`${where}: id or factorId is not an integer`);
  if (factor.parentFactorId !== null && !factorIds.has(factor.parentFactorId)) {
    problems.push(`${where}: parentFactorId ${String(factor.parentFactorId)} is not a factor of this config`);
  }
  if (typeof factor.input !== 'string' || !isFactorInputKey(factor.input)) problems.push(`${where}: input "${String(factor.input)}" is unknown`);
  const curve = Array.isArray(factor.curve) ? factor.curve : [];
  if (curve.length === 0) problems.push(`${where}: the curve has no points`);
  curve.forEach((point, index) => {
    if (!Array.isArray(point) || point.length !== 2 || !isFiniteNumber(point[0]) || !isFiniteNumber(point[1])) {
      problems.push(`${where}: curve point ${index} is not a pair of numbers`);
      return;
    }
    if (point[1] < 0 || point[1] > 100) problems.push(`${where}: curve point ${index} score ${point[1]} is outside 0..100`);
    const previous = curve[index - 1];
    if (index > 0 && Array.isArray(previous) && !(point[0] > previous[0])) {
      problems.push(`${where}: curve point ${index} value ${point[0]} does not follow ${previous[0]} in increasing order`);
    }
  });
}

function checkCutoffs(cutoffs: ScoreCutoff[], problems: string[]): void {
  if (cutoffs.length === 0) {
    problems.push('there are no cut-offs');
    return;
  }
  cutoffs.forEach((cutoff, index) => {
    if (!isFiniteNumber(cutoff.minScore850)) problems.push(`cut-off ${index}: minScore850 is not a number`);
    if (!RISK_LEVELS.includes(cutoff.riskLevel)) problems.push(`cut-off ${index}: risk level "${String(cutoff.riskLevel)}" is unknown`);
    if (!SCORE_DECISIONS.includes(cutoff.decision)) problems.push(`cut-off ${index}: decision "${String(cutoff.decision)}" is unknown`);
    if (index > 0 && !(cutoff.minScore850 < cutoffs[index - 1].minScore850)) {
      problems.push(`cut-off ${index}: minScore850 ${cutoff.minScore850} is not below ${cutoffs[index - 1].minScore850} (sort descending)`);
    }
  });
  const last = cutoffs[cutoffs.length - 1].minScore850;
  if (isFiniteNumber(last) && last > MIN_SCORE_850) problems.push(`the last cut-off (${last}) leaves scores from ${MIN_SCORE_850} without a risk level`);
}
