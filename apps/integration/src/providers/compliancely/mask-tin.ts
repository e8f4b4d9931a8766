/** The TIN as we show it: its last four digits only. */
export function maskedTin(tin: string): string {
  return `*****${tin.slice(-4)}`;
}

/**
 * `text` with every appearance of the nine-digit `tin` masked to its last four digits: the bare
 * digits anywhere, and the digits written with hyphens or spaces (`12-3456789`, `123-45-6789`).
 * Compliancely echoes the TIN it was sent in its answer, which we keep as the trace.
 */
export function maskTin(text: string, tin: string): string {
  if (tin === '') return text;
  const masked = maskedTin(tin);
  return text
    .split(tin)
    .join(masked)
    .replace(/\d(?:[\s-]?\d){8}/g, (run) => (run.replace(/\D/g, '') === tin ? masked : run));
}
