import { once } from 'node:events';
import { appendOnlyOf, type Redis } from '@kyb/queues';
import type { Logger } from './logger';

/**
 * Warns once at start when the Redis the workers use keeps no append-only file (in a cluster: when
 * a master keeps none): then a restart of Redis loses every queued job, and only the recovery
 * sweepers bring the work back (from PostgreSQL, once it has been stuck for
 * RECOVERY_STUCK_AFTER_MS). A Redis that refuses CONFIG (some managed ones do) is not judged.
 */
export async function warnWithoutRedisPersistence(redis: Redis, logger: Logger): Promise<void> {
  let value: string | undefined;
  try {
    // A producer connection queues no command while it connects: wait until it is ready.
    if (redis.status !== 'ready') await once(redis, 'ready', { signal: AbortSignal.timeout(5000) });
    value = await appendOnlyOf(redis);
  } catch {
    return;
  }
  if (value === 'no') {
    logger.warn(
      { appendonly: value },
      'Redis keeps no append-only file: a Redis restart loses queued jobs until the recovery sweepers find the work again (docs/guides/reliability.md, "What a restart costs")',
    );
  }
}
