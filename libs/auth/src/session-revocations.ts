import { ServiceUnavailableError } from '@kyb/envelope';

/**
 * Which sessions have ended. A token names its session (`sid`); once the session is revoked
 * (logout, a user made INACTIVE or given another subrole, a customer disabled) every token of it
 * is refused, in every area, long before it expires.
 */
export interface SessionRevocations {
  /** Whether session `sid` has been revoked. */
  isRevoked(sid: string): Promise<boolean>;
  /**
   * Revokes sessions for `ttlSeconds`: as long as a token of theirs can still be valid (after
   * that the token has expired anyway, and the entry is forgotten).
   */
  revoke(sids: readonly string[], ttlSeconds: number): Promise<void>;
}

/** Thrown when revocations can be neither read nor written (Redis unreachable): 503, never a pass. */
export class SessionStateUnavailableError extends ServiceUnavailableError {
  constructor() {
    super('Sessions cannot be checked right now. Try again shortly.');
  }
}

/** Revoked session ids and when each entry may be forgotten (epoch ms), swept lazily. */
export function createRevocationCache(now: () => number = Date.now) {
  const until = new Map<string, number>();
  return {
    has(sid: string): boolean {
      const expiry = until.get(sid);
      if (expiry === undefined) return false;
      if (expiry > now()) return true;
      until.delete(sid);
      return false;
    },
    add(sids: readonly string[], expiresAt: number): void {
      for (const sid of sids) until.set(sid, Math.max(expiresAt, until.get(sid) ?? 0));
    },
    replace(entries: ReadonlyArray<[string, number]>): void {
      until.clear();
      for (const [sid, expiresAt] of entries) until.set(sid, expiresAt);
    },
    sweep(): void {
      const at = now();
      for (const [sid, expiry] of until) if (expiry <= at) until.delete(sid);
    },
    get size(): number {
      return until.size;
    },
  };
}

/**
 * Revocations kept in this process only: for one process holding every area (tests, benchmarks,
 * a single-process tool). Several processes share revocations through Redis
 * ({@link createRedisSessionRevocations}).
 */
export function createMemorySessionRevocations(options: { now?: () => number } = {}): SessionRevocations {
  const now = options.now ?? Date.now;
  const cache = createRevocationCache(now);
  return {
    async isRevoked(sid) {
      return cache.has(sid);
    },
    async revoke(sids, ttlSeconds) {
      cache.add(sids, now() + ttlSeconds * 1000);
    },
  };
}
