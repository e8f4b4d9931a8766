import { randomBytes } from 'node:crypto';
import IORedis from 'ioredis';

/** A test file's Redis: the shared server and a key prefix no other file uses. */
export interface TestRedis {
  url: string;
  prefix: string;
  /** Deletes every key under the prefix (and under it as a hash tag). */
  clean(): Promise<void>;
}

/** Gives a test file its own key prefix on the test Redis. */
export function createTestRedis(): TestRedis {
  const url = process.env.KYB_TEST_REDIS_URL;
  if (!url) throw new Error('KYB_TEST_REDIS_URL is unset: run tests through jest with the testing global set-up');
  const prefix = `kyb-test-${randomBytes(4).toString('hex')}`;
  return {
    url,
    prefix,
    async clean() {
      const redis = new IORedis(url, { maxRetriesPerRequest: 1 });
      try {
        // Keys under the prefix, and under the prefix as a hash tag (`{prefix}:...`, Redis Cluster's slot).
        for (const pattern of [`${prefix}*`, `{${prefix}}*`]) {
          let cursor = '0';
          do {
            const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
            if (keys.length > 0) await redis.del(...keys);
            cursor = next;
          } while (cursor !== '0');
        }
      } finally {
        redis.disconnect();
      }
    },
  };
}
