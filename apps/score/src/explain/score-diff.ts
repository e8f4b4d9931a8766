import type { ScoreCategoryResult } from '../engine';
import { roundTo } from '../engine/numeric';

/** What a diff reads of a score: its totals, risk, decision and distribution (a stored score or a computed one). */
export interface DiffableScore {
  weighted_score_100: string | number | null;
  weighted_score_850: string | number | null;
  risk_level: string | null;
  score_decision: string | null;
  score_distribution: ScoreCategoryResult[] | null;
}

/** One side of a factor in a diff; null when the factor is not in that score. */
export interface FactorSide {
  label: string;
  status: string;
  /** null when the factor had no input. */
  score_100: number | null;
  /** Its contribution to the weighted 850 score (0 without input). */
  weighted_score_850: number;
}

/** A factor before and after. */
export interface FactorDiff {
  code: string;
  label: string;
  before: FactorSide | null;
  after: FactorSide | null;
  change: {
    /** null unless both sides have a score_100. */
    score_100: number | null;
    /** after − before of the weighted 850 contribution, a missing side counting 0 (it contributed nothing). */
    weighted_score_850: number;
  };
}

/** A number before and after, and the change in points. */
export interface NumberChange {
  before: number | null;
  after: number | null;
  change: number | null;
}

/** A label (risk level, decision) before and after. */
export interface LabelChange {
  before: string | null;
  after: string | null;
  changed: boolean;
}

/** Two scores compared, overall and factor by factor. */
export interface ScoreDiff {
  overall: {
    weighted_score_100: NumberChange;
    weighted_score_850: NumberChange;
    risk_level: LabelChange;
    score_decision: LabelChange;
  };
  /** Largest absolute change of the weighted 850 contribution first; then by code. */
  factors: FactorDiff[];
}

const num = (value: string | number | null): number | null => (value === null || value === '' ? null : Number(value));

function numberChange(before: string | number | null, after: string | number | null): NumberChange {
  const [b, a] = [num(before), num(after)];
  return { before: b, after: a, change: a === null || b === null ? null : roundTo(a - b, 2) };
}

function sides(score: DiffableScore): Map<string, FactorSide> {
  const byCode = new Map<string, FactorSide>();
  for (const category of score.score_distribution ?? []) {
    for (const f of category.factors) {
      const missing = f.status !== 'SUCCESS';
      byCode.set(f.code, { label: f.label, status: f.status, score_100: missing ? null : f.score_100, weighted_score_850: missing ? 0 : f.weighted_score_850 });
    }
  }
  return byCode;
}

/** Compares two scores: matched by factor code, a factor in only one of them shown with the other side null. */
export function diffScores(before: DiffableScore, after: DiffableScore): ScoreDiff {
  const [b, a] = [sides(before), sides(after)];
  const codes = [...new Set([...b.keys(), ...a.keys()])];
  const factors = codes.map((code): FactorDiff => {
    const [was, is] = [b.get(code) ?? null, a.get(code) ?? null];
    const score100 = typeof was?.score_100 === 'number' && typeof is?.score_100 === 'number' ? roundTo(is.score_100 - was.score_100, 2) : null;
    return {
      code,
      label: (is ?? was)?.label ?? code,
      before: was,
      after: is,
      change: { score_100: score100, weighted_score_850: roundTo((is?.weighted_score_850 ?? 0) - (was?.weighted_score_850 ?? 0), 2) },
    };
  });
  factors.sort((x, y) => Math.abs(y.change.weighted_score_850) - Math.abs(x.change.weighted_score_850) || x.code.localeCompare(y.code));
  return {
    overall: {
      weighted_score_100: numberChange(before.weighted_score_100, after.weighted_score_100),
      weighted_score_850: numberChange(before.weighted_score_850, after.weighted_score_850),
      risk_level: { before: before.risk_level, after: after.risk_level, changed: before.risk_level !== after.risk_level },
      score_decision: { before: before.score_decision, after: after.score_decision, changed: before.score_decision !== after.score_decision },
    },
    factors,
  };
}
