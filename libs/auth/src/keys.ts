import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors } from 'jose';
import { ServiceUnavailableError } from '@kyb/envelope';

/** A public JSON Web Key as published in a JWKS. */
export type PublicJwk = JsonWebKey & { kid: string; alg: string; use?: string };

/** Where verifiers find public keys by `kid`. */
export interface KeySource {
  /** The public key for `kid` (named with algorithm `alg` by the token), or undefined when no such key is published. */
  getKey(kid: string, alg: string): Promise<{ key: KeyObject; alg: string } | undefined>;
}

/** The auth area's key set could not be read (it did not answer in time, answered nonsense, or its listing failed): 503. */
export class KeysUnavailableError extends ServiceUnavailableError {
  /** `cause`: the failure underneath, for the log. */
  constructor(cause?: unknown) {
    super('Token keys are unavailable right now. Try again shortly.', undefined, cause);
  }
}

function toKeyObject(jwk: PublicJwk): KeyObject {
  return createPublicKey({ key: jwk, format: 'jwk' });
}

/** Options of {@link createLocalKeySource}. */
export interface LocalKeySourceOptions {
  /** Least time between two listings caused by unknown `kid`s, or after a failed listing (default 1 s). */
  minRelistMs?: number;
  /** How long a listing is trusted before a lookup lists again (default 10 minutes, as the JWKS cache). */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * A key source over a function listing the current keys: the auth area reads its own keys this
 * way, and in a process that runs it the areas beside it too (docs/adr/0041). It behaves as the
 * JWKS client does:
 * - Keys are converted to KeyObjects once, not on every verify. A kid listed again keeps its
 *   KeyObject, so tokens already verified with it stay verified.
 * - Only the keys of the last listing are trusted: a key no longer published is dropped at the
 *   next listing, which comes at the latest `maxAgeMs` after the last one.
 * - One listing at a time: lookups that need one while it runs wait for it (a cold process's first
 *   requests all find the key).
 * - An unknown `kid` lists again at most once per `minRelistMs`, so a flood of forged kids cannot
 *   turn into a flood of listings.
 * - A failed listing (its database is away) is {@link KeysUnavailableError}, as a JWKS that does
 *   not answer is, for every lookup that needs a listing in the next `minRelistMs`. Keys of a
 *   listing still within `maxAgeMs` go on serving.
 */
export function createLocalKeySource(list: () => Promise<PublicJwk[]> | PublicJwk[], options: LocalKeySourceOptions = {}): KeySource {
  const minRelistMs = options.minRelistMs ?? 1000;
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  let keys = new Map<string, { key: KeyObject; alg: string }>();
  let listedAt = -Infinity;
  let triedAt = -Infinity;
  let failure: { cause: unknown } | undefined;
  let listing: Promise<void> | undefined;

  async function relist(): Promise<void> {
    try {
      const listed = await list();
      keys = new Map(listed.map((jwk) => [jwk.kid, keys.get(jwk.kid) ?? { key: toKeyObject(jwk), alg: jwk.alg }]));
      listedAt = now();
      failure = undefined;
    } catch (cause) {
      failure = { cause };
    } finally {
      triedAt = now();
    }
  }

  return {
    async getKey(kid) {
      const known = keys.get(kid);
      if (known && now() - listedAt < maxAgeMs) return known;
      if (!listing) {
        if (now() - triedAt < minRelistMs) {
          if (failure) throw new KeysUnavailableError(failure.cause);
          return known;
        }
        // Cleared once settled (a listing that throws at once settles before it is assigned here).
        listing = relist().finally(() => (listing = undefined));
      }
      await listing;
      if (failure) throw new KeysUnavailableError(failure.cause);
      return keys.get(kid);
    },
  };
}

/** Options of {@link createJwksKeySource}. */
export interface JwksKeySourceOptions {
  url: string;
  /** How long one fetch of the key set may take before the request it serves gets 503. */
  timeoutMs?: number;
  /** Least time between two fetches caused by unknown `kid`s (protects the auth area). */
  cooldownMs?: number;
  /** How long a fetched key set is trusted before it is fetched again. */
  cacheMaxAgeMs?: number;
}

/**
 * A key source over the auth area's JWKS, read with jose's remote key set: every fetch has a
 * time-out (a hung auth area costs a request at most `timeoutMs`, answered 503), an unknown `kid`
 * (a rotated key) fetches again at most once per `cooldownMs`, and the set is cached.
 */
export function createJwksKeySource(options: JwksKeySourceOptions): KeySource {
  const jwks = createRemoteJWKSet(new URL(options.url), {
    timeoutDuration: options.timeoutMs ?? 2000,
    cooldownDuration: options.cooldownMs ?? 30_000,
    cacheMaxAge: options.cacheMaxAgeMs ?? 10 * 60_000,
  });
  return {
    async getKey(kid, alg) {
      try {
        const key = await jwks({ kid, alg });
        return { key: key as KeyObject, alg };
      } catch (err) {
        // No such key (or an algorithm no published key has): the token is simply invalid.
        if (err instanceof joseErrors.JWKSNoMatchingKey || err instanceof joseErrors.JWKSMultipleMatchingKeys || err instanceof joseErrors.JOSENotSupported) {
          return undefined;
        }
        throw new KeysUnavailableError(err);
      }
    },
  };
}
