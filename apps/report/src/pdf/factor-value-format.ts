/**
 * A score factor's value printed with its unit, short enough for the factor table's Value column:
 * `$361,054.24`, `$1.25M`, `10 years`, `4.3 of 5`, `72 of 100`, `12.5%`, `1.3×`. Totals: a value
 * that is null or not finite is a dash; a number of any size stays within a dozen characters
 * (large ones compact, `12.3K years`, `$4.5B`, absurd ones `1.2e+21`), so it never wraps in its cell.
 */
import type { FactorValueKind } from '@kyb/area-views';
import { DASH } from './format';

/** At and above this, dollars and bare numbers are shown compact (`$1.25M`): below it, to the cent, as a reader checks them against the records. */
const FULL_UNTIL = 1e6;
/** At and above this, numbers followed by a unit are shown compact (`12.3K years`), so the unit still fits. */
const PLAIN_UNTIL = 1e4;
/** At and above this, compact notation would still grow (`1,000T`): scientific instead. */
const SCIENTIFIC_FROM = 1e15;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumSignificantDigits: 3 });

const scientific = (value: number) => value.toExponential(1);

/** A number without unit, at most about nine characters: up to `digits` decimals below `fullUntil` (10,000), compact above. */
export function compactNumber(value: number, digits = 2, fullUntil = PLAIN_UNTIL): string {
  const size = Math.abs(value);
  if (size >= SCIENTIFIC_FROM) return scientific(value);
  return size >= fullUntil ? compact.format(value) : new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);
}

/** {@link compactNumber}, or a dash for a value that is null or not finite. */
export function formatCompact(value: number | null | undefined, digits = 2): string {
  return typeof value === 'number' && Number.isFinite(value) ? compactNumber(value, digits) : DASH;
}

function usd(value: number): string {
  const size = Math.abs(value);
  if (size >= SCIENTIFIC_FROM) return `${value < 0 ? '-' : ''}$${scientific(size)}`;
  return size >= FULL_UNTIL ? compactUsd.format(value) : cents.format(value);
}

/** The value with its unit, or the bare number (to two decimals below a million) when the unit's kind is not known (a score of a config that states none). */
export function formatFactorValue(value: number | null | undefined, kind: FactorValueKind | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DASH;
  const n = compactNumber(value);
  switch (kind) {
    case 'usd':
      return usd(value);
    case 'years':
      return `${n} ${value === 1 ? 'year' : 'years'}`;
    case 'stars':
      return `${n} of 5`;
    case 'score_100':
      return `${n} of 100`;
    case 'percent':
      return `${n}%`;
    case 'ratio':
      return `${n}\u00d7`;
    default:
      return compactNumber(value, 2, FULL_UNTIL);
  }
}
