/*
 * Jaro-Winkler similarity of two tokens, written here rather than taken from a package: it is a
 * dozen lines, the matcher calls it in its inner loop, and the textbook form is what the guide
 * documents (docs/guides/watchlist-matching.md): matches within half the longer length less one,
 * transpositions halved, and a prefix bonus of 0.1 per common leading character (at most 4) once the
 * Jaro similarity passes 0.7.
 */

const PREFIX_SCALE = 0.1;
const MAX_PREFIX = 4;
const BOOST_THRESHOLD = 0.7;

function jaro(a: string, b: string): number {
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const bUsed = new Uint8Array(b.length);
  const aMatched: number[] = [];
  for (let i = 0; i < a.length; i += 1) {
    const end = Math.min(b.length, i + window + 1);
    for (let j = Math.max(0, i - window); j < end; j += 1) {
      if (bUsed[j] === 0 && a[i] === b[j]) {
        bUsed[j] = 1;
        aMatched.push(i);
        break;
      }
    }
  }
  const matches = aMatched.length;
  if (matches === 0) return 0;
  let transposed = 0;
  let k = 0;
  for (let j = 0; j < b.length; j += 1) {
    if (bUsed[j] === 0) continue;
    if (a[aMatched[k]] !== b[j]) transposed += 1;
    k += 1;
  }
  return (matches / a.length + matches / b.length + (matches - transposed / 2) / matches) / 3;
}

/** Jaro-Winkler similarity, 0 (nothing in common) to 1 (equal). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const similarity = jaro(a, b);
  if (similarity <= BOOST_THRESHOLD) return similarity;
  let prefix = 0;
  while (prefix < MAX_PREFIX && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  return similarity + prefix * PREFIX_SCALE * (1 - similarity);
}
