import type { SessionRevocations } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import type { Redis } from '@kyb/queues';
import { createPgRefreshTokenStore } from './refresh-tokens.store';

/** What {@link startRevocationRestorer} is built from. */
export interface RevocationRestorerOptions {
  db: Knex;
  redis: Redis;
  /** QUEUE_PREFIX: the revocation set's prefix. */
  prefix: string;
  revocations: SessionRevocations;
  /** How long a bearer token lives: sessions ended within that time are restored. */
  tokenTtlSeconds: number;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  clock: () => Date;
  /** How often it looks whether Redis lost the set (default 5 s). */
  everyMs?: number;
}

/**
 * Redis without persistence comes back empty after a restart, and with it the set of ended
 * sessions: their bearer tokens would work again until they expire. PostgreSQL keeps when each
 * session ended (its refresh tokens' `revoked_at`), so the auth area puts them back: a marker key
 * lives beside the set, and whoever finds it gone (SET NX: one process of all) revokes again every
 * session ended within a token's lifetime, which also reaches every process's cache. Until then
 * (at most `everyMs`) such a token is accepted; ADR 0013.
 */
export function startRevocationRestorer(options: RevocationRestorerOptions): { restoreIfLost(): Promise<number>; stop(): void } {
  const marker = `${options.prefix}:sessions:revoked:kept`;
  const tokens = createPgRefreshTokenStore(options.db);
  async function restoreIfLost(): Promise<number> {
    if ((await options.redis.set(marker, new Date().toISOString(), 'NX')) !== 'OK') return 0;
    const families = await tokens.familiesRevokedSince(new Date(options.clock().getTime() - options.tokenTtlSeconds * 1000));
    for (let i = 0; i < families.length; i += 500) await options.revocations.revoke(families.slice(i, i + 500), options.tokenTtlSeconds);
    if (families.length > 0) options.logger.info({ sessions: families.length }, 'ended sessions put back into Redis, which had lost them');
    return families.length;
  }
  const timer = setInterval(() => {
    restoreIfLost().catch((err: unknown) => {
      // Redis or PostgreSQL away: the marker stays absent (or the next process to find it so retries).
      void options.redis.del(marker).catch(() => undefined);
      options.logger.warn({ err }, 'could not check or restore the ended sessions; trying again');
    });
  }, options.everyMs ?? 5000);
  timer.unref();
  return { restoreIfLost, stop: () => clearInterval(timer) };
}
