/**
 * Value formatting for the 360 report. Every function is total: nulls, NaN and invalid dates
 * become an em dash so the renderer never prints "null", "NaN" or throws a RangeError.
 */

/** What the report prints for a missing value. */
export const DASH = '\u2014';

/** Characters beyond Latin-1 that the WinAnsi encoding of the standard PDF fonts can still show. */
const WIN_ANSI_EXTRA = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014,
  0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039,
  0x203a, 0x20ac, 0x2122,
]);

/** Characters the WinAnsi encoding cannot show that have a plain spelling (a config's unit reads `equity ≤ 0`). */
const SPELLED: Record<string, string> = { '\u2264': '<=', '\u2265': '>=', '\u2212': '-', '\u2260': '!=' };

/**
 * Makes a string printable with the built-in Helvetica fonts: control characters become spaces,
 * a few signs are spelled out (`≤` as `<=`), other characters the WinAnsi encoding cannot show
 * become `?` (pdfkit would otherwise emit garbage).
 */
export function safeText(value: string): string {
  let out = '';
  for (const char of value.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (SPELLED[char]) out += SPELLED[char];
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(code)) out += char;
    else out += '?';
  }
  return out;
}

/** The value itself, or an em dash when it is null, undefined or blank. */
export function orDash(value: string | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  return value.trim() === '' ? DASH : value;
}

function isValidDate(value: Date): boolean {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** `2025-03-14T09:30:00Z`: an ISO 8601 UTC timestamp to the second. */
export function formatIsoUtc(value: Date | null | undefined): string {
  if (!value || !isValidDate(value)) return DASH;
  return value.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * `2025-03-14` for a Date or an ISO 8601 string. A string that is not a date is printed as given
 * (the provider's own wording beats a silent dash).
 */
export function formatDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return DASH;
  if (value instanceof Date) return isValidDate(value) ? value.toISOString().slice(0, 10) : DASH;
  const trimmed = value.trim();
  if (trimmed === '') return DASH;
  if (/^\d{4}-\d{2}-\d{2}/.test(trimmed)) {
    const parsed = new Date(trimmed);
    if (isValidDate(parsed)) return parsed.toISOString().slice(0, 10);
  }
  return trimmed;
}

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$12,500.00`, or a dash. */
export function formatUsd(value: number | null | undefined): string {
  return finite(value) ? USD.format(value) : DASH;
}

/** A number with thousands separators and at most `digits` decimals, or a dash. */
export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (!finite(value)) return DASH;
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);
}

/** `25%` / `12.5%`, or a dash. */
export function formatPercent(value: number | null | undefined): string {
  return finite(value) ? `${formatNumber(value, 2)}%` : DASH;
}
