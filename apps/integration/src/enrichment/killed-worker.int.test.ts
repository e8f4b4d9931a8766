import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { businessEnrichmentQueue, createProducer, createRedisConnection, enrichmentCompletedQueue, type Producer, type Redis } from '@kyb/queues';
import { createLogger } from '@kyb/http';
import { bundleScript, databaseUrlOf, type BundledScript } from '@kyb/testing';
import { createSandboxPublicRecordsProvider } from '../providers/sandbox-public-records.provider';
import { startEnrichmentWorker } from '../test-support/enrichment-worker';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

describe('a worker killed mid-job', () => {
  let t: IntegrationTestApp;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  let completed: Producer<{ businessId: string; taskId: string }>;
  const connections: Redis[] = [];
  const closers: Array<{ close(): Promise<unknown> }> = [];
  const customerId = randomUUID();
  const sandbox = createSandboxPublicRecordsProvider();
  let script: BundledScript;

  beforeAll(async () => {
    script = bundleScript(join(__dirname, '../test-support/enrichment-worker.child.ts'));
    t = await startIntegrationTestApp({ workers: false });
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
    completed = createProducer(enrichmentCompletedQueue, { connection: t.redis, prefix: t.redisPrefix });
  });
  afterAll(async () => {
    await Promise.allSettled(closers.map((c) => c.close()));
    await Promise.all([jobs.close(), completed.close()]);
    for (const c of connections) c.disconnect();
    await t.close();
    script.remove();
  });

  /** The surviving worker: finds the dead worker's job stalled and runs it again. */
  function survivingWorker() {
    const connection = createRedisConnection(t.redisUrl, 'worker');
    connections.push(connection);
    const worker = startEnrichmentWorker({
      db: t.db,
      connection,
      prefix: t.redisPrefix,
      provider: sandbox,
      completed,
      logger: createLogger({ level: 'silent', name: 'surviving-worker' }),
      settings: { lockDuration: 1000, stalledInterval: 300 },
    });
    closers.push(worker);
    return worker;
  }

  async function runKilledAt(point: 'fetching' | 'committed') {
    const businessId = randomUUID();
    const name = 'Lien and Judgement Traders';
    await t.business({ id: businessId, customerId, name });
    const child = script.start({ DATABASE_URL: await databaseUrlOf(t.db), REDIS_URL: t.redisUrl, REDIS_PREFIX: t.redisPrefix, KILL_POINT: point });
    const reached = child.printed(point);
    await jobs.add({ businessId, customerId }, { jobId: `enrich-${businessId}` });
    await reached;
    await child.kill();
    const before = await t.db('integration.bjl_records').where({ business_id: businessId }).orderBy('provider_record_id');
    const worker = survivingWorker();
    const task = await eventually(async () => {
      const row = await t.db('integration.integration_tasks').where({ business_id: businessId }).first();
      return row?.status === 'SUCCEEDED' && (await completed.queue.getJob(`enriched-${row.id}`)) ? row : undefined;
    }, 20000);
    await worker.close();
    const expected = await sandbox.fetchPublicRecords(profileOf(businessId, name));
    return { businessId, task, before, expected };
  }

  const profileOf = (id: string, name: string) => ({
    id,
    customerId,
    name,
    officialWebsite: null,
    mobile: '+14155550132',
    addressLine1: '1234 Testing Blvd.',
    addressCity: 'Longwood',
    addressState: 'FL',
    addressPostalCode: '32850',
    addressCountry: 'US',
    owners: [],
  });

  const counts = async (businessId: string) => ({
    tasks: await t.db('integration.integration_tasks').where({ business_id: businessId }).count<{ count: string }[]>({ count: '*' }),
    records: await t.db('integration.public_records').where({ business_id: businessId }).count<{ count: string }[]>({ count: '*' }),
    bjl: await t.db('integration.bjl_records').where({ business_id: businessId }).pluck('provider_record_id'),
  });

  it('killed while fetching: the job is retried by another worker and stores the records once', async () => {
    const { businessId, task, before, expected } = await runKilledAt('fetching');
    expect(before).toEqual([]);
    expect(task.attempts).toBe(2);
    const stored = await counts(businessId);
    expect(stored.tasks[0].count).toBe('1');
    expect(stored.records[0].count).toBe('1');
    expect(stored.bjl.sort()).toEqual(expected.records.map((r) => r.providerRecordId).sort());
    expect(expected.records.length).toBeGreaterThan(0);
  });

  it('killed after storing, before announcing: the retry only announces, nothing is written twice', async () => {
    const { businessId, task, before, expected } = await runKilledAt('committed');
    expect(task.attempts).toBe(1);
    const stored = await counts(businessId);
    expect(stored.records[0].count).toBe('1');
    expect(stored.bjl.sort()).toEqual(expected.records.map((r) => r.providerRecordId).sort());
    const after = await t.db('integration.bjl_records').where({ business_id: businessId }).orderBy('provider_record_id');
    expect(after).toEqual(before);
    expect((await completed.queue.getJobs(['waiting', 'delayed', 'active', 'completed'])).filter((j) => j.data.businessId === businessId)).toHaveLength(1);
  });
});
