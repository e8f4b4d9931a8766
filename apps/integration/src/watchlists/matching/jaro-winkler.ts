/*
 * Jaro-Winkler similarity of two tokens, written here rather than taken from a package: it is a
 * few lines, the matcher calls it in its inner loop (so it allocates nothing per call), and the
 * textbook form is what the guide documents (docs/guides/watchlist-matching.md): matches within
 * half the longer length less one, transpositions halved, and a prefix bonus of 0.1 per common
 * leading character (at most 4) once the Jaro similarity passes 0.7.
 */

const PREFIX_SCALE = 0.1;
const MAX_PREFIX = 4;
const BOOST_THRESHOLD = 0.7;

// Match flags of both tokens, grown to the longest token seen; reused because JavaScript runs one call at a time.
let aFlags = new Uint8Array(64);
let bFlags = new Uint8Array(64);

function jaro(a: string, b: string): number {
  if (a.length > aFlags.length) aFlags = new Uint8Array(a.length * 2);
  if (b.length > bFlags.length) bFlags = new Uint8Array(b.length * 2);
  aFlags.fill(0, 0, a.length);
  bFlags.fill(0, 0, b.length);
  // Plain arithmetic rather than Math.* in the loops: under Jest's vm sandbox every global lookup is slow.
  const longer = a.length > b.length ? a.length : b.length;
  const window = longer < 4 ? 0 : (longer >> 1) - 1;
  let matches = 0;
  for (let i = 0; i < a.length; i += 1) {
    const code = a.charCodeAt(i);
    const end = i + window + 1 < b.length ? i + window + 1 : b.length;
    for (let j = i > window ? i - window : 0; j < end; j += 1) {
      if (bFlags[j] === 0 && code === b.charCodeAt(j)) {
        aFlags[i] = 1;
        bFlags[j] = 1;
        matches += 1;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transposed = 0;
  let k = 0;
  for (let i = 0; i < a.length; i += 1) {
    if (aFlags[i] === 0) continue;
    while (bFlags[k] === 0) k += 1;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transposed += 1;
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
