import type { Redis, RedisOptions } from 'ioredis';
import { createRevocationCache, SessionStateUnavailableError, type SessionRevocations } from './session-revocations';

/** Waits for a fail-fast connection to be usable (it refuses commands until then). */
async function untilReady(redis: Redis, timeoutMs = 10_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis was not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}

/** Options of {@link createRedisSessionRevocations}. */
export interface RedisSessionRevocationsOptions {
  /** A connection that fails fast (the process's producer connection); a subscriber is derived from it. */
  redis: Redis;
  /**
   * Opens the subscriber's connection with `options` (default: a duplicate of `redis`). A Redis
   * Cluster's processes pass `subscriberConnection` of @kyb/queues: one node's connection, which
   * ends with its node and is then opened again (on another one).
   */
  subscriber?: (options: RedisOptions) => Redis;
  /** Key prefix (`QUEUE_PREFIX`): suites sharing one Redis keep their sessions apart. */
  prefix: string;
  logger: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  now?: () => number;
  /** How often forgotten entries are swept from the process's cache. */
  sweepIntervalMs?: number;
  /** While out of sync, how often loading the set is tried again (ms; default 1000). */
  resyncIntervalMs?: number;
}

/** Revocations shared by every process through Redis, answered from a per-process cache. */
export interface RedisSessionRevocations extends SessionRevocations {
  /** Subscribes and loads the current revocations; resolves once the cache is in sync. */
  start(): Promise<void>;
  /** Whether the cache is in sync (subscribed and loaded): a readiness check. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Revoked sessions live in one sorted set (member: session id, score: when the entry may be
 * forgotten) and every revocation is published on a channel. Each process loads the set once,
 * then keeps its cache current from the channel, so checking a token costs a map lookup. While
 * the subscription is down (and until the set is reloaded after it comes back) each check asks
 * Redis directly; if Redis cannot answer either, the check fails with 503 rather than let a
 * revoked token through.
 */
export function createRedisSessionRevocations(options: RedisSessionRevocationsOptions): RedisSessionRevocations {
  const now = options.now ?? Date.now;
  const key = `${options.prefix}:sessions:revoked`;
  const cache = createRevocationCache(now);
  // Opened by the first sync: a cluster's nodes are known only once it is connected.
  let subscriber: Redis | undefined;
  let synced = false;
  let started = false;
  let closed = false;
  let sweeper: NodeJS.Timeout | undefined;
  let resyncer: NodeJS.Timeout | undefined;
  let syncing: Promise<void> | undefined;

  async function sync(): Promise<void> {
    // A subscriber that ended (a cluster node's, gone with its node) is replaced.
    if (!subscriber || subscriber.status === 'end') subscriber = openSubscriber();
    const current = subscriber;
    if (current.status === 'wait') await current.connect();
    // Subscribe first, then load: a revocation published in between is in one or the other.
    await current.subscribe(key);
    const entries = await options.redis.zrangebyscore(key, now(), '+inf', 'WITHSCORES');
    const loaded: Array<[string, number]> = [];
    for (let i = 0; i < entries.length; i += 2) loaded.push([entries[i], Number(entries[i + 1])]);
    cache.replace(loaded);
    synced = true;
  }

  /**
   * After a reconnect messages may have been missed, so the set is loaded again: when the
   * subscriber is ready, and every `resyncIntervalMs` until it worked (the subscriber may come
   * back before the connection the set is read with, and a failed load must not leave the
   * process out of sync, and unready, for good).
   */
  function resync(): void {
    if (!started || closed || synced || syncing) return;
    syncing = sync()
      .then(
        () => options.logger.info({}, 'session revocations in sync again'),
        (err: unknown) => options.logger.warn({ err }, 'session revocations could not be loaded; checking Redis per request until they are'),
      )
      .finally(() => {
        syncing = undefined;
      });
  }

  /** The subscriber, lazily connected; on one Redis it reconnects by itself, a cluster node's is replaced by {@link sync} once it ended. */
  function openSubscriber(): Redis {
    const open = options.subscriber ?? ((settings: RedisOptions) => options.redis.duplicate(settings));
    const opened = open({ maxRetriesPerRequest: null, enableOfflineQueue: true, autoResubscribe: false, lazyConnect: true });
    opened.on('message', (channel: string, message: string) => {
      if (channel !== key) return;
      try {
        const { sids, until } = JSON.parse(message) as { sids: string[]; until: number };
        cache.add(sids, until);
      } catch {
        options.logger.warn({ channel }, 'ignored a malformed session revocation message');
      }
    });
    opened.on('close', () => {
      if (opened === subscriber) synced = false;
    });
    opened.on('ready', resync);
    opened.on('error', (err: unknown) => {
      options.logger.warn({ err }, 'session revocation subscriber error');
    });
    return opened;
  }

  async function askRedis(sid: string): Promise<boolean> {
    try {
      const score = await options.redis.zscore(key, sid);
      return score !== null && Number(score) > now();
    } catch {
      throw new SessionStateUnavailableError();
    }
  }

  return {
    async start() {
      await untilReady(options.redis);
      await sync();
      started = true;
      sweeper = setInterval(() => cache.sweep(), options.sweepIntervalMs ?? 60_000);
      sweeper.unref();
      resyncer = setInterval(resync, options.resyncIntervalMs ?? 1000);
      resyncer.unref();
    },
    async check() {
      if (!synced) throw new Error('session revocations are not in sync');
    },
    async isRevoked(sid) {
      if (cache.has(sid)) return true;
      return synced ? false : askRedis(sid);
    },
    async revoke(sids, ttlSeconds) {
      if (sids.length === 0) return;
      const until = now() + ttlSeconds * 1000;
      cache.add(sids, until);
      const results = await options.redis
        .multi()
        .zadd(key, ...sids.flatMap((sid) => [until, sid]))
        .zremrangebyscore(key, '-inf', now())
        .publish(key, JSON.stringify({ sids, until }))
        .exec()
        .catch(() => null);
      if (!results || results.some(([err]) => err)) throw new SessionStateUnavailableError();
    },
    async close() {
      closed = true;
      synced = false;
      if (sweeper) clearInterval(sweeper);
      if (resyncer) clearInterval(resyncer);
      // QUIT lets the server close the connection at once (a bare disconnect can linger 2 s).
      const last = subscriber;
      if (last?.status === 'ready') await last.quit().catch(() => last.disconnect());
      else last?.disconnect();
    },
  };
}
