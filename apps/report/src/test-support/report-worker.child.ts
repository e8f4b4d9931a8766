/*
 * A separate process running the report worker, for the test that kills a worker mid-render.
 * Its renderer prints `rendering` and never finishes; its lease and BullMQ lock last one second.
 */
import { createMemorySessionRevocations } from '@kyb/auth';
import { createTestKeys, TEST_AUDIENCE, TEST_ISSUER } from '@kyb/auth/testing';
import { createDatabase } from '@kyb/db';
import { createLogger } from '@kyb/http';
import { createRedisConnection } from '@kyb/queues';
import { createReportArea } from '../area';

const { DATABASE_URL, REDIS_URL, REDIS_PREFIX } = process.env as Record<string, string>;
const area = createReportArea({
  db: createDatabase({ url: DATABASE_URL, applicationName: 'kyb-test-child-report-worker' }),
  redis: createRedisConnection(REDIS_URL, 'producer'),
  redisPrefix: REDIS_PREFIX,
  logger: createLogger({ level: 'silent', name: 'child-report-worker' }),
  // Serves no requests: only the worker runs here.
  tokens: { keys: createTestKeys().keySource, issuer: TEST_ISSUER, audience: TEST_AUDIENCE, revocations: createMemorySessionRevocations() },
  dataEncryptionKey: Buffer.alloc(32, 1),
  publicAppUrl: 'http://reports.test',
  leaseMs: 1000,
  render: () => {
    process.stdout.write('rendering\n');
    return new Promise<Buffer>(() => undefined);
  },
});
void area.startWorkers(createRedisConnection(REDIS_URL, 'worker'), { lockDuration: 1000, stalledInterval: 300 });
