/*
 * A separate process running one enrichment worker, for the test that kills a worker mid-job.
 * It prints `ready`, then hangs forever at the point KILL_POINT names and prints it there:
 * `fetching` (inside the provider call) or `committed` (records stored, announcing).
 */
import { createDatabase } from '@kyb/db';
import { createLogger } from '@kyb/http';
import { createRedisConnection } from '@kyb/queues';
import { createSandboxPublicRecordsProvider } from '../providers/sandbox-public-records.provider';
import { startEnrichmentWorker } from './enrichment-worker';

const { DATABASE_URL, REDIS_URL, REDIS_PREFIX, KILL_POINT } = process.env as Record<string, string>;
const hang = (point: string) => {
  process.stdout.write(`${point}\n`);
  return new Promise<never>(() => undefined);
};

const sandbox = createSandboxPublicRecordsProvider();
const worker = startEnrichmentWorker({
  db: createDatabase({ url: DATABASE_URL, applicationName: 'kyb-test-child-worker' }),
  connection: createRedisConnection(REDIS_URL, 'worker'),
  prefix: REDIS_PREFIX,
  provider: {
    name: sandbox.name,
    platformId: sandbox.platformId,
    fetchPublicRecords: (business) => (KILL_POINT === 'fetching' ? hang('fetching') : sandbox.fetchPublicRecords(business)),
  },
  completed: { add: () => hang('committed') },
  logger: createLogger({ level: 'silent', name: 'child-worker' }),
  settings: { lockDuration: 1000, stalledInterval: 300 },
});
void worker.waitUntilReady().then(() => process.stdout.write('ready\n'));
