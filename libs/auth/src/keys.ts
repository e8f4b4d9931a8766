import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';

/** A public JSON Web Key as published in a JWKS. */
export type PublicJwk = JsonWebKey & { kid: string; alg: string; use?: string };

/** Where verifiers find public keys by `kid`. */
export interface KeySource {
  /** The public key for `kid`, or undefined when no such key is published. */
  getKey(kid: string): Promise<{ key: KeyObject; alg: string } | undefined>;
}

function toKeyObject(jwk: PublicJwk): KeyObject {
  return createPublicKey({ key: jwk, format: 'jwk' });
}

/**
 * A key source over a fixed set of keys, or a function listing the current keys (the auth app
 * itself reads its keys this way). Keys are converted to KeyObjects once, not on every verify.
 * An unknown `kid` lists the keys again at most once per `minRelistMs`, so a flood of forged
 * kids cannot turn into a flood of key listings.
 */
export function createLocalKeySource(
  list: () => Promise<PublicJwk[]> | PublicJwk[],
  options: { minRelistMs?: number; now?: () => number } = {},
): KeySource {
  const minRelistMs = options.minRelistMs ?? 1000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { key: KeyObject; alg: string }>();
  let listedAt = -Infinity;
  return {
    async getKey(kid) {
      const cached = cache.get(kid);
      if (cached || now() - listedAt < minRelistMs) return cached;
      listedAt = now();
      for (const jwk of await list()) {
        if (!cache.has(jwk.kid)) cache.set(jwk.kid, { key: toKeyObject(jwk), alg: jwk.alg });
      }
      return cache.get(kid);
    },
  };
}

/** Options of {@link createJwksKeySource}. */
export interface JwksKeySourceOptions {
  url: string;
  /** How long a fetched key set is trusted before it is fetched again. */
  cacheMs?: number;
  /** Least time between two fetches caused by unknown `kid`s (protects the auth app). */
  minRefetchMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

/**
 * A key source that reads the auth app's JWKS over HTTP, caches it, and fetches again when a
 * token names an unknown `kid` (a rotated key), at most once per `minRefetchMs`.
 */
export function createJwksKeySource(options: JwksKeySourceOptions): KeySource {
  const cacheMs = options.cacheMs ?? 10 * 60 * 1000;
  const minRefetchMs = options.minRefetchMs ?? 30 * 1000;
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  let keys = new Map<string, { key: KeyObject; alg: string }>();
  let fetchedAt = -Infinity;
  let inFlight: Promise<void> | undefined;

  async function refresh(): Promise<void> {
    inFlight ??= (async () => {
      try {
        const response = await fetchImpl(options.url, { headers: { accept: 'application/json' } });
        if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
        const body = (await response.json()) as { keys?: PublicJwk[] };
        keys = new Map((body.keys ?? []).map((jwk) => [jwk.kid, { key: toKeyObject(jwk), alg: jwk.alg }]));
        fetchedAt = now();
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  return {
    async getKey(kid) {
      const age = now() - fetchedAt;
      if (age > cacheMs || (!keys.has(kid) && age > minRefetchMs)) await refresh();
      return keys.get(kid);
    },
  };
}
