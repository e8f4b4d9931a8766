import IORedis, { type Redis } from 'ioredis';

/**
 * A Redis connection for one role. Producers and request paths fail fast (a request must not
 * hang while Redis is down); workers wait out outages, as BullMQ requires
 * (`maxRetriesPerRequest: null`).
 */
export function createRedisConnection(url: string, role: 'producer' | 'worker'): Redis {
  return role === 'worker'
    ? new IORedis(url, { maxRetriesPerRequest: null, enableReadyCheck: true })
    : new IORedis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5000 });
}

/** Rejects unless Redis answers PING. */
export async function checkRedis(connection: Redis): Promise<void> {
  const reply = await connection.ping();
  if (reply !== 'PONG') throw new Error(`Unexpected PING reply: ${reply}`);
}

export type { Redis };
