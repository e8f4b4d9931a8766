import type { CurvePoint } from './weightage-config';

/**
 * The score 0..100 a curve gives `value`: linear between neighbouring points, clamped to the first
 * and last point's score beyond the ends (values past the last point are no better or worse than
 * it). Expects points sorted by strictly increasing value, as `checkWeightageConfig` ensures.
 */
export function interpolateCurve(curve: readonly CurvePoint[], value: number): number {
  if (curve.length === 0) throw new RangeError('a curve needs at least one point');
  const [firstValue, firstScore] = curve[0];
  const [lastValue, lastScore] = curve[curve.length - 1];
  if (value <= firstValue) return firstScore;
  if (value >= lastValue) return lastScore;
  for (let i = 1; i < curve.length; i += 1) {
    const [x1, y1] = curve[i];
    if (value <= x1) {
      const [x0, y0] = curve[i - 1];
      // A repeated value (an unchecked config) would divide by zero; take the later point.
      if (x1 === x0) return y1;
      return y0 + ((value - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  return lastScore;
}
