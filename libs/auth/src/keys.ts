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
  constructor() {
    super('Token keys are unavailable right now. Try again shortly.');
  }
}

function toKeyObject(jwk: PublicJwk): KeyObject {
  return createPublicKey({ key: jwk, format: 'jwk' });
}

/**
 * A key source over a fixed set of keys, or a function listing the current keys (the auth app
 * itself reads its keys this way). Keys are converted to KeyObjects once, not on every verify.
 * An unknown `kid` lists the keys again at most once per `minRelistMs`, so a flood of forged
 * kids cannot turn into a flood of key listings. A listing that fails (its database is away) is
 * {@link KeysUnavailableError}, as a JWKS that does not answer is, and the next request lists again:
 * a valid token is never taken for one signed by an unknown key because of it.
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
      let listed: PublicJwk[];
      try {
        listed = await list();
      } catch {
        listedAt = -Infinity;
        throw new KeysUnavailableError();
      }
      for (const jwk of listed) {
        if (!cache.has(jwk.kid)) cache.set(jwk.kid, { key: toKeyObject(jwk), alg: jwk.alg });
      }
      return cache.get(kid);
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
        throw new KeysUnavailableError();
      }
    },
  };
}
