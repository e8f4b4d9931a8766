/**
 * Small numeric helpers shared by the engine. Every number the engine emits goes through them, so
 * a division by zero or an overflow can never leak `NaN` or `Infinity` into a stored score.
 */

/** True for a finite number (not `NaN`, not `±Infinity`). */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** `value` limited to `[min, max]`. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * `value` rounded half away from zero to `decimals` places. The epsilon nudge makes 1.005 round
 * to 1.01 as a reader expects, and `|| 0` turns `-0` into `0` so no output reads "-0.00".
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * factor + 1e-9)) / factor;
  return rounded || 0;
}

/** Numeric text with exactly two decimals, the contract's form for score strings. */
export function toScoreText(value: number): string {
  return roundTo(value, 2).toFixed(2);
}

/** Short readable form of a number for a factor's `log`. */
export function formatNumber(value: number): string {
  return String(roundTo(value, 4));
}
