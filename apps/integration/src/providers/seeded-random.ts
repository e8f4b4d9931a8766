import { createHash } from 'node:crypto';

/**
 * A reproducible stream of pseudo-random numbers for sandbox data. Not cryptographically
 * secure, and not meant to be: its only promise is "same seed, same sequence".
 */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element of a non-empty list, each drawn in proportion to its (positive) weight. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
  /** A shuffled copy of the list; the input is left as it was. */
  shuffle<T>(items: readonly T[]): T[];
}

/** The SHA-256 of `text` as lower-case hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * A {@link SeededRandom} seeded from the SHA-256 of `seed`. The generator is sfc32 (small, fast,
 * well distributed); hashing the seed first means similar seeds ("b-1", "b-2") still start from
 * unrelated states.
 */
export function createSeededRandom(seed: string): SeededRandom {
  const digest = createHash('sha256').update(seed, 'utf8').digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);

  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of sfc32 still echo the seed words; discard them.
  for (let i = 0; i < 12; i += 1) next();

  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('SeededRandom.pick needs at least one item.');
    return items[int(0, items.length - 1)];
  };

  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick,
    weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
      if (entries.length === 0) throw new Error('SeededRandom.weighted needs at least one entry.');
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let point = next() * total;
      for (const [value, weight] of entries) {
        point -= weight;
        if (point < 0) return value;
      }
      // Only reached through floating-point rounding at the very top of the range.
      return entries[entries.length - 1][0];
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
  };
}
