/** Words of a legal form, set aside when names are compared ("Acme" and "ACME, LLC" are one name). */
const LEGAL_SUFFIXES = new Set(['the', 'llc', 'l', 'c', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'lp', 'llp', 'pllc', 'pc']);

/**
 * A business or person name reduced to what must match: lower-case words without punctuation and
 * legal suffixes. The verification checks and the registry adapters compare names by it, so a
 * filing an adapter chooses passes the name check.
 */
export function comparableName(name: string): string {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !LEGAL_SUFFIXES.has(word))
    .join(' ');
}
