import { createHash } from 'node:crypto';
import type { Redis } from '@kyb/queues';

/** What a request that holds a key's claim in its area registers for the whole tenant. */
export interface RegistryClaim {
  scope: string;
  key: string;
  /** The request's fingerprint (method, path with query, body): it names the route as well. */
  fingerprint: string;
  /** The claim id the area's store gave the request. */
  claimId: string;
}

/**
 * One space of `Idempotency-Key`s per tenant across every area (docs/adr/0045). Each area keeps the
 * answers in its own table; this says which request a key belongs to, wherever it ran.
 */
export interface IdempotencyRegistry {
  /**
   * Registers `claim` as the key's request until `now + ttlMs`: answers true when the key was free,
   * expired or already the same request's (a retry, which then holds it), false when another
   * request (another route, body or area) holds it. Atomic: of two requests racing, one holds it.
   */
  hold(claim: RegistryClaim, now: Date, ttlMs: number): Promise<boolean>;
  /** Frees the key if `claim` still holds it (its request answered an error, so did nothing). */
  release(claim: RegistryClaim): Promise<void>;
}

/**
 * A key's entry is `<fingerprint> <claim id> <expiry in ms>`. An entry of another request that has
 * not expired by the caller's clock wins; anything else (none, expired, the same request's) is
 * overwritten by the caller's: the caller holds the key's claim in its area, so it is that
 * request's rightful runner.
 */
const HOLD = `
local held = redis.call('GET', KEYS[1])
if held then
  local fingerprint, expiry = string.match(held, '^(%S+) %S+ (%d+)$')
  if fingerprint and fingerprint ~= ARGV[1] and tonumber(expiry) > tonumber(ARGV[3]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. ARGV[2] .. ' ' .. ARGV[4], 'PX', ARGV[5])
return 1`;

/** Deletes the entry only while it is still the claim's (a retry may have taken the key over since). */
const RELEASE = `
local held = redis.call('GET', KEYS[1])
if held and string.sub(held, 1, string.len(ARGV[1])) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Options of {@link createRedisIdempotencyRegistry}. */
export interface RedisIdempotencyRegistryOptions {
  /** A connection that fails fast (the process's producer connection): a request must not hang on Redis. */
  redis: Redis;
  /** Key prefix (`QUEUE_PREFIX`, the same in every area's process; tests give each file its own). */
  prefix?: string;
}

/**
 * The registry in Redis, which every area's processes share (areas never write each other's
 * tables, docs/adr/0004): one key per tenant scope and key, `<prefix>:idempotency:<scope>:<hash>`,
 * that expires with the answer. The key itself is hashed (it is any 255 visible characters); the
 * scope stays readable, so a tenant's entries can be found by pattern.
 */
export function createRedisIdempotencyRegistry(options: RedisIdempotencyRegistryOptions): IdempotencyRegistry {
  const prefix = options.prefix ?? 'kyb';
  const redisKey = (claim: RegistryClaim) => `${prefix}:idempotency:${claim.scope}:${createHash('sha256').update(claim.key).digest('base64url')}`;
  return {
    async hold(claim, now, ttlMs) {
      const expiry = now.getTime() + ttlMs;
      const held = await options.redis.eval(HOLD, 1, redisKey(claim), claim.fingerprint, claim.claimId, String(now.getTime()), String(expiry), String(Math.max(1, Math.ceil(ttlMs))));
      return held === 1;
    },
    async release(claim) {
      await options.redis.eval(RELEASE, 1, redisKey(claim), `${claim.fingerprint} ${claim.claimId} `);
    },
  };
}
