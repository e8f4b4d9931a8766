/**
 * A code as a client sent it (a number, as the published documents type it, or a string of
 * digits) as the string it is stored as: `5812`, `742` -> `0742` for an MCC. Undefined when the
 * value is not a whole, non-negative number or a string of digits of a fitting length.
 */
export function normaliseCode(value: unknown, kind: 'naics' | 'mcc'): string | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) return undefined;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  if (!/^\d+$/.test(text)) return undefined;
  if (kind === 'mcc') return text.length <= 4 ? text.padStart(4, '0') : undefined;
  return text.length >= 2 && text.length <= 6 ? text : undefined;
}
