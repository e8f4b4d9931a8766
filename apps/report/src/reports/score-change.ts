import type { ScoreEntry } from '@kyb/area-views';
import type { ReportScoreChange } from '../pdf/report-data';

/** Factors of the change listed at most. */
const MOST_MOVED = 5;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Each factor's contribution to the 850 score, by code (a factor without input contributes 0). */
function contributions(entry: ScoreEntry): Map<string, { label: string; points: number }> {
  const found = new Map<string, { label: string; points: number }>();
  for (const category of entry.distribution) {
    for (const f of category.factors) found.set(f.code, { label: f.label, points: f.status === 'SUCCESS' ? Number(f.weighted_score_850) || 0 : 0 });
  }
  return found;
}

/**
 * How `latest` moved since `previous` (the newest successful score of an earlier month): the 850
 * score's change and the factors whose contribution moved most, matched by code (a factor only one
 * of them has counts 0 on the other side).
 */
export function scoreChange(latest: ScoreEntry, previous: ScoreEntry): ReportScoreChange {
  const now = contributions(latest);
  const then = contributions(previous);
  const codes = new Set([...now.keys(), ...then.keys()]);
  const factors = [...codes]
    .map((code) => ({ code, label: now.get(code)?.label ?? then.get(code)?.label ?? code, change850: round2((now.get(code)?.points ?? 0) - (then.get(code)?.points ?? 0)) }))
    .filter((f) => f.change850 !== 0)
    .sort((a, b) => Math.abs(b.change850) - Math.abs(a.change850) || a.code.localeCompare(b.code))
    .slice(0, MOST_MOVED);
  return {
    period: `${previous.year}-${String(previous.month).padStart(2, '0')}`,
    weightedScore850: previous.weightedScore850,
    riskLevel: previous.riskLevel,
    decision: previous.decision,
    change850: round2(latest.weightedScore850 - previous.weightedScore850),
    factors,
  };
}
