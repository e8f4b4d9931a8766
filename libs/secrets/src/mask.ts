/**
 * Masks a sensitive value, leaving only its last `visible` characters (`XXXXX6789`).
 * Values no longer than `visible` are masked whole, so nothing short leaks.
 */
export function maskSensitive(value: string | null | undefined, visible = 4): string | null {
  if (value === null || value === undefined) return null;
  if (value.length <= visible) return 'X'.repeat(value.length);
  return 'X'.repeat(value.length - visible) + value.slice(-visible);
}
