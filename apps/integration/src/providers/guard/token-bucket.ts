import type { Redis } from '@kyb/queues';
import { guardKeyPrefix } from './guard-keys';

/**
 * One bucket per key, a hash of `tokens` and `at`: the tokens it holds at time `at` (ms). `at` is
 * in the future while the bucket is paused; refill starts from it. A take that would wait at most
 * `maxWait` reserves its token (the count may go below zero: the tokens owed to callers waiting),
 * one that would wait longer takes nothing. Answers the wait in whole ms.
 */
const STATE = `
local capacity, rate, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(state[1]) or capacity, tonumber(state[2]) or now
if now > at then
  tokens = math.min(capacity, tokens + (now - at) * rate / 1000)
  at = now
end
local function keep()
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
  redis.call('PEXPIRE', KEYS[1], math.ceil((at - now) + (capacity - tokens) * 1000 / rate) + 1000)
end`;

const TAKE = `${STATE}
local wait = math.ceil((at - now) + math.max(0, 1 - tokens) * 1000 / rate)
if wait > tonumber(ARGV[4]) then return wait end
tokens = tokens - 1
keep()
return wait`;

const PAUSE = `${STATE}
at = math.max(at, tonumber(ARGV[4]))
tokens = math.min(tokens, 0)
keep()
return 0`;

/** A credential's rate limit with its vendor, shared by every process through Redis. */
export interface TokenBucket {
  /**
   * Takes a token for one call under `key` (adapter and credential fingerprint): answers 0 when one
   * was free. Otherwise answers how many ms until one is: when that is at most `maxWaitMs` (0 by
   * default) the token is reserved and the caller's once it has waited that long; when longer,
   * nothing was taken and the caller should fail the call (transient) rather than wait.
   */
  take(key: string, maxWaitMs?: number): Promise<number>;
  /** Empties the bucket until `ms` from now (a vendor's 429 with `Retry-After`); it refills from then. */
  pause(key: string, ms: number): Promise<void>;
}

export interface TokenBucketOptions {
  /** A fail-fast connection (the area's producer connection). */
  redis: Redis;
  /** The area's Redis key prefix; the bucket's keys are `{<prefix>}:provider-rate:<key>`. */
  prefix: string;
  /** Calls that may go at once after a quiet time. */
  capacity: number;
  /** Tokens added per second: the vendor's sustained rate for one credential. */
  refillPerSecond: number;
  /** The processes' clocks (NTP-close) time the buckets, so tests can control them. */
  clock?: () => Date;
}

/** A token bucket per key in Redis, each take and pause one atomic script. */
export function createTokenBucket(options: TokenBucketOptions): TokenBucket {
  if (!(options.capacity >= 1) || !(options.refillPerSecond > 0)) throw new Error('A token bucket needs a capacity of at least 1 and a refill above 0 per second');
  const clock = options.clock ?? (() => new Date());
  const keyOf = (key: string) => `${guardKeyPrefix(options.prefix)}:provider-rate:${key}`;
  const limits = () => [String(options.capacity), String(options.refillPerSecond), String(clock().getTime())];
  return {
    async take(key, maxWaitMs = 0) {
      return Number(await options.redis.eval(TAKE, 1, keyOf(key), ...limits(), String(maxWaitMs)));
    },
    async pause(key, ms) {
      const [capacity, rate, now] = limits();
      await options.redis.eval(PAUSE, 1, keyOf(key), capacity, rate, now, String(Number(now) + Math.max(0, Math.ceil(ms))));
    },
  };
}
