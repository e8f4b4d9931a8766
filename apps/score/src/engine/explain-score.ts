import { computeScore, to850 } from './compute-score';
import { interpolateCurve } from './curve';
import { isMissing } from './factor-value';
import { extractFactorValue, type FactorInputKey } from './factor-values';
import { roundTo } from './numeric';
import type { ComputedScore } from './score-output';
import { inputsFromSnapshot, type ScoreSnapshot } from './score-snapshot';
import type { CurvePoint, WeightageConfig } from './weightage-config-shape';
import { applyWatchlistRule, watchlistRuleOf, WATCHLIST_RULE_CODE } from './watchlist-rule';
import { INPUT_SOURCE_KINDS, REASON_CODES, reasonText, readable, type InputSourceKind } from './reason-codes';

/** How many reason codes an explanation gives, as adverse-action notices do. */
export const MAX_REASON_CODES = 4;

/** Where on its curve a factor's value fell. */
export interface CurvePlacement {
  points: CurvePoint[];
  /** BELOW_FIRST / ABOVE_LAST: clamped to the end point's score; BETWEEN: interpolated on `segment`. */
  position: 'BELOW_FIRST' | 'BETWEEN' | 'ABOVE_LAST';
  /** The two points the value fell between; null when clamped. */
  segment: { from: CurvePoint; to: CurvePoint } | null;
  /** The arithmetic, e.g. "70 + (30000 − 10000) / (50000 − 10000) × (40 − 70) = 55". */
  interpolation: string;
}

/** One factor of an explanation. */
export interface FactorExplanation {
  category_code: string;
  category_label: string;
  code: string;
  label: string;
  input: FactorInputKey;
  unit: string;
  status: 'SUCCESS' | 'MISSING_INPUT';
  /** The input value; null when missing. */
  value: number | null;
  /** What the value was computed from, or why it is missing. */
  log: string;
  /** The provider and fetch time of the input the value comes from; null when the snapshot has none. */
  source: { kind: InputSourceKind; provider: string; fetched_at: string } | null;
  curve: CurvePlacement | null;
  score_100: number | null;
  /** Share of the whole score after renormalisation over the factors with input (0..1). */
  effective_weight: number;
  contribution_100: number;
  contribution_850: number;
  /** What the factor lowered the score by against a perfect 100 on it: (100 − score_100) × effective weight, and × 5.5 on the 850 scale. */
  points_lost_100: number;
  points_lost_850: number;
  /** 1 = lowered the score most; null for a missing factor. */
  rank: number | null;
  reason_code: string | null;
}

/** A reason the score is not higher. */
export interface ReasonCode {
  code: string;
  /** The factor that cost the points; WATCHLIST_HIT for a reason of the watchlist rule (R15, R16), which costs none. */
  factor_code: string;
  reason: string;
  points_lost_850: number;
}

/** A score, factor by factor, and the reasons it is not higher. */
export interface ScoreExplanation {
  weightage_config_id: string;
  version: string;
  weighted_score_100: number;
  weighted_score_850: number;
  risk_level: string;
  score_decision: string;
  /** Factors that lowered the score most first; missing factors last, in config order. */
  factors: FactorExplanation[];
  reason_codes: ReasonCode[];
}

const w = (n: number) => readable(n).replace(/,/g, '');

/** Where `value` falls on `curve`, with the arithmetic of `interpolateCurve`. */
export function placeOnCurve(curve: readonly CurvePoint[], value: number): CurvePlacement {
  const points = curve.map(([x, y]) => [x, y] as CurvePoint);
  const score = roundTo(interpolateCurve(curve, value), 2);
  const [first, last] = [curve[0], curve[curve.length - 1]];
  if (value <= first[0]) {
    return { points, position: 'BELOW_FIRST', segment: null, interpolation: `${w(value)} ≤ ${w(first[0])}, the first point: score ${w(score)}` };
  }
  if (value >= last[0]) {
    return { points, position: 'ABOVE_LAST', segment: null, interpolation: `${w(value)} ≥ ${w(last[0])}, the last point: score ${w(score)}` };
  }
  const i = curve.findIndex(([x], index) => index > 0 && value <= x);
  const [x0, y0] = curve[i - 1];
  const [x1, y1] = curve[i];
  return {
    points,
    position: 'BETWEEN',
    segment: { from: [x0, y0], to: [x1, y1] },
    interpolation: `${w(y0)} + (${w(value)} − ${w(x0)}) / (${w(x1)} − ${w(x0)}) × (${w(y1)} − ${w(y0)}) = ${w(score)}`,
  };
}

function sourceOf(snapshot: ScoreSnapshot, input: FactorInputKey): FactorExplanation['source'] {
  const kind = INPUT_SOURCE_KINDS[input];
  const source = kind === 'PUBLIC_RECORDS' ? snapshot.sources.publicRecords : snapshot.sources.financials;
  return source ? { kind, provider: source.provider, fetched_at: source.fetchedAt } : null;
}

/**
 * Explains a score from its snapshot and the config it names: each factor's value, source, place
 * on its curve, effective weight (the engine's renormalisation: category weight / scored
 * categories' weights × factor weight / the category's available factors' weights), contribution
 * and the points it cost; ranked by the points cost, the top {@link MAX_REASON_CODES} that cost
 * anything given as reason codes (one per input). A missing factor costs nothing and is no reason.
 * Sanctions hits the config's watchlist rule applies to come first (R15 confirmed, R16 open; factor
 * code WATCHLIST_HIT, no points), within the same {@link MAX_REASON_CODES}.
 */
export function explainScore(config: WeightageConfig, snapshot: ScoreSnapshot): ScoreExplanation {
  return scoreAndExplain(config, snapshot).explanation;
}

/**
 * The score of a snapshot under a config (`computeScore`) and its explanation (`explainScore`) in
 * one pass: how a score is computed when it is stored, so the reason codes stored with it are the
 * ones its explanation gives.
 */
export function scoreAndExplain(config: WeightageConfig, snapshot: ScoreSnapshot, detail = true): { score: ComputedScore; explanation: ScoreExplanation } {
  const inputs = inputsFromSnapshot(snapshot);
  const score = computeScore(config, inputs);
  const evaluated = config.categories.map((category) => {
    const factors = category.factors.map((factor) => ({ factor, result: extractFactorValue(factor.input, inputs) }));
    const availableWeight = factors.reduce((sum, f) => (isMissing(f.result) ? sum : sum + f.factor.weight), 0);
    return { category, factors, availableWeight };
  });
  const scoredWeight = evaluated.reduce((sum, c) => (c.availableWeight > 0 ? sum + c.category.weight : sum), 0);

  // Each factor's object is written out key by key (the contract's order): spreading a shared base
  // into each cost ~20 µs a factor, most of a batch's scoring (ADR 0024).
  const factors: FactorExplanation[] = evaluated.flatMap(({ category, factors: list, availableWeight }) =>
    list.map(({ factor, result }): FactorExplanation => {
      const source = sourceOf(snapshot, factor.input);
      if (isMissing(result)) {
        return {
          category_code: category.code,
          category_label: category.label,
          code: factor.code,
          label: factor.label,
          input: factor.input,
          unit: factor.unit,
          source,
          rank: null,
          reason_code: null,
          status: 'MISSING_INPUT',
          value: null,
          log: result.missing,
          curve: null,
          score_100: null,
          effective_weight: 0,
          contribution_100: 0,
          contribution_850: 0,
          points_lost_100: 0,
          points_lost_850: 0,
        };
      }
      const score100 = interpolateCurve(factor.curve, result.value);
      // A category whose available factors carry no weight is left out of the score, as the engine leaves it.
      const weight = availableWeight > 0 ? (category.weight / scoredWeight) * (factor.weight / availableWeight) : 0;
      return {
        category_code: category.code,
        category_label: category.label,
        code: factor.code,
        label: factor.label,
        input: factor.input,
        unit: factor.unit,
        source,
        rank: null,
        reason_code: null,
        status: 'SUCCESS',
        value: roundTo(result.value, 4),
        log: result.log,
        // The place on the curve only explains; the ranking and reason codes never read it.
        curve: detail ? placeOnCurve(factor.curve, result.value) : null,
        score_100: roundTo(score100, 2),
        effective_weight: roundTo(weight, 6),
        contribution_100: roundTo(score100 * weight, 2),
        contribution_850: roundTo(to850(score100) * weight, 2),
        points_lost_100: roundTo((100 - score100) * weight, 2),
        points_lost_850: roundTo((850 - to850(score100)) * weight, 2),
      };
    }),
  );

  const ranked = rankFactors(factors);
  // A sanctions hit the config's watchlist rule applies to is the first reason: it decides, whatever the points.
  const reasons: ReasonCode[] = applyWatchlistRule(watchlistRuleOf(config), score.score_decision, inputs.watchlistHits).reasons.map((r) => ({
    code: r.code,
    factor_code: WATCHLIST_RULE_CODE,
    reason: r.reason,
    points_lost_850: 0,
  }));
  for (const factor of ranked) {
    if (reasons.length === MAX_REASON_CODES || factor.status !== 'SUCCESS' || factor.points_lost_850 <= 0 || factor.value === null) continue;
    const code = REASON_CODES[factor.input];
    if (reasons.some((r) => r.code === code)) continue;
    factor.reason_code = code;
    reasons.push({ code, factor_code: factor.code, reason: reasonText(factor.input, factor.value), points_lost_850: factor.points_lost_850 });
  }
  const explanation: ScoreExplanation = {
    weightage_config_id: config.id,
    version: config.version,
    weighted_score_100: Number(score.weighted_score_100),
    weighted_score_850: Number(score.weighted_score_850),
    risk_level: score.risk_level,
    score_decision: score.score_decision,
    factors: ranked,
    reason_codes: reasons,
  };
  return { score, explanation };
}

/**
 * A score and its reason codes (what a stored score keeps for the 360 report): the same ranking as
 * {@link scoreAndExplain}, without placing each factor on its curve in words, which was most of the
 * CPU a batch of scores took (ADR 0024).
 */
export function scoreWithReasons(config: WeightageConfig, snapshot: ScoreSnapshot): { score: ComputedScore; reasonCodes: ReasonCode[] } {
  const { score, explanation } = scoreAndExplain(config, snapshot, false);
  return { score, reasonCodes: explanation.reason_codes };
}

/** Factors with input by points cost (most first; config order on a tie), numbered; missing ones after, in config order. */
function rankFactors(factors: FactorExplanation[]): FactorExplanation[] {
  const scored = factors.filter((f) => f.status === 'SUCCESS');
  const order = new Map(factors.map((f, i) => [f, i]));
  scored.sort((a, b) => b.points_lost_850 - a.points_lost_850 || (order.get(a) ?? 0) - (order.get(b) ?? 0));
  scored.forEach((f, i) => (f.rank = i + 1));
  return [...scored, ...factors.filter((f) => f.status !== 'SUCCESS')];
}

