import type { KeyObject } from 'node:crypto';
import type { AuthContext } from './claims';

/**
 * A bearer token whose signature, issuer, audience and claims were verified: what it says, the key
 * that verified it, and the times it is valid between.
 */
export interface VerifiedToken {
  context: AuthContext;
  kid: string;
  alg: string;
  /** The key object that verified the signature: the entry holds only while the key source still answers this one. */
  key: KeyObject;
  /** `exp`, seconds since the epoch: from then on the token is expired. */
  expiresAt: number;
  /** `nbf` (seconds), if the token had one. */
  notBefore?: number;
}

/** Verified tokens by their exact text, so each is checked by signature once, not on every request. */
export interface VerifiedTokenCache {
  get(token: string): VerifiedToken | undefined;
  set(token: string, entry: VerifiedToken): void;
  delete(token: string): void;
  readonly size: number;
}

/**
 * A bounded cache of verified tokens: at most `maxEntries`, the oldest entry leaving first. The
 * key is the whole token, so only the very token that passed verification is ever found; what
 * can change while it is cached (the time, its session, the key set) is checked on every use by
 * the verifier.
 */
export function createVerifiedTokenCache(maxEntries = 10_000): VerifiedTokenCache {
  const entries = new Map<string, VerifiedToken>();
  return {
    get: (token) => entries.get(token),
    set(token, entry) {
      if (maxEntries <= 0) return;
      entries.delete(token);
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      entries.set(token, entry);
    },
    delete: (token) => void entries.delete(token),
    get size() {
      return entries.size;
    },
  };
}
