import type { Redis } from '@kyb/queues';
import { guardKeyPrefix } from './guard-keys';

/** Which answer: a tenant's query of one capability through one adapter. */
export interface AnswerKey {
  capability: string;
  adapter: string;
  customerId: string;
  /** What was asked (JSON-able): only a keyed hash of it reaches Redis. */
  query: unknown;
}

/** Vendor answers kept a while, sealed, so a repeated question does not cost a vendor call. */
export interface AnswerCache {
  /** The kept answer, or undefined: none, expired, not opening (a key destroyed), or Redis or the keys failing. */
  get<T>(key: AnswerKey): Promise<T | undefined>;
  /** Keeps `answer` for its capability's TTL; a capability without one keeps nothing. Never throws. */
  set(key: AnswerKey, answer: unknown): Promise<void>;
}

type MaybeAsync<T> = T | Promise<T>;

export interface AnswerCacheOptions {
  redis: Redis;
  /** The area's Redis key prefix; entries are `{<prefix>}:provider-answer:<capability>:<adapter>:<customer>:<hash>`. */
  prefix: string;
  /** How long an answer is kept, per capability; a capability not listed (or 0) is not cached. */
  ttlSeconds: Readonly<Record<string, number>>;
  /** Seals an answer's JSON for its tenant (the tenant's data key in production). */
  seal: (customerId: string, text: string) => MaybeAsync<string>;
  open: (customerId: string, sealed: string) => MaybeAsync<string>;
  /**
   * A keyed hash (the tenant's data key's lookup hash in production). A plain hash would not do: a
   * query's personal data is often guessable (a 9-digit TIN), so its unkeyed hash could be reversed.
   */
  hashQuery: (customerId: string, text: string) => MaybeAsync<string>;
  /** Hears failures of Redis, the seal or the hash, which the cache otherwise hides (a miss, an answer not kept). */
  onError?: (err: unknown) => void;
}

/** JSON with object keys sorted, so the same query always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The answer cache in Redis: the key names the capability, adapter and tenant (ids, no personal
 * data) and a keyed hash of the query; the value is the answer's JSON sealed for the tenant, so no
 * personal data sits in Redis in clear, and an erased tenant's answers stop opening with its key.
 */
export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const ttlOf = (capability: string) => options.ttlSeconds[capability] ?? 0;
  const redisKey = async (key: AnswerKey) => {
    const hash = await options.hashQuery(key.customerId, canonicalJson(key.query));
    return `${guardKeyPrefix(options.prefix)}:provider-answer:${key.capability}:${key.adapter}:${key.customerId}:${hash}`;
  };
  return {
    async get<T>(key: AnswerKey) {
      if (ttlOf(key.capability) <= 0) return undefined;
      let sealed: string | null;
      try {
        sealed = await options.redis.get(await redisKey(key));
      } catch (err) {
        options.onError?.(err);
        return undefined;
      }
      if (sealed === null) return undefined;
      try {
        return JSON.parse(await options.open(key.customerId, sealed)) as T;
      } catch {
        return undefined;
      }
    },
    async set(key, answer) {
      const ttl = ttlOf(key.capability);
      if (ttl <= 0 || answer === undefined) return;
      try {
        await options.redis.set(await redisKey(key), await options.seal(key.customerId, JSON.stringify(answer)), 'EX', ttl);
      } catch (err) {
        options.onError?.(err);
      }
    },
  };
}
