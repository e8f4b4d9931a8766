import { interpolateCurve } from './curve';
import type { CurvePoint } from './weightage-config';

const curve: CurvePoint[] = [[0, 0], [1, 20], [1.5, 40], [3, 70]];

describe('interpolateCurve', () => {
  it('returns the score of a point exactly', () => {
    expect(interpolateCurve(curve, 1)).toBe(20);
    expect(interpolateCurve(curve, 1.5)).toBe(40);
  });

  it('interpolates linearly between neighbouring points', () => {
    expect(interpolateCurve(curve, 0.5)).toBe(10);
    expect(interpolateCurve(curve, 2.25)).toBe(55); // 40 + (0.75 / 1.5) × 30
  });

  it('clamps beyond the ends', () => {
    expect(interpolateCurve(curve, -5)).toBe(0);
    expect(interpolateCurve(curve, 1_000)).toBe(70);
  });

  it('works for falling curves (more risk, lower score)', () => {
    expect(interpolateCurve([[0, 100], [10_000, 70], [50_000, 40]], 30_000)).toBe(55);
  });

  it('is constant for a single point and refuses an empty curve', () => {
    expect(interpolateCurve([[3, 42]], -1)).toBe(42);
    expect(interpolateCurve([[3, 42]], 9)).toBe(42);
    expect(() => interpolateCurve([], 1)).toThrow(RangeError);
  });

  it('does not divide by zero on a repeated value', () => {
    expect(interpolateCurve([[0, 0], [1, 10], [1, 90], [2, 100]], 1)).toBe(10);
    expect(Number.isFinite(interpolateCurve([[0, 0], [1, 10], [1, 90], [2, 100]], 1.5))).toBe(true);
  });
});
