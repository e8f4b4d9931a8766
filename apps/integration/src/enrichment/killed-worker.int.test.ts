import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { businessEnrichmentQueue, createProducer, createRedisConnection, enrichmentCompletedQueue, type Producer, type Redis } from '@kyb/queues';
import { createLogger } from '@kyb/http';
import { createSandboxPublicRecordsProvider } from '../providers/sandbox-public-records.provider';
import { startEnrichmentWorker } from '../test-support/enrichment-worker';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

const root = join(__dirname, '../../../..');
const outDir = join(root, 'tmp', `killed-worker-${randomUUID()}`);
const childScript = join(outDir, 'child.js');

/** Starts the child worker and resolves once it printed `point`. */
function childReachedPoint(t: IntegrationTestApp, databaseUrl: string, point: 'fetching' | 'committed'): { child: ChildProcess; reached: Promise<void> } {
  const child = spawn(process.execPath, [childScript], {
    env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: t.redisUrl, REDIS_PREFIX: t.redisPrefix, KILL_POINT: point },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const reached = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').includes(point)) resolve();
    });
    child.on('exit', (code, signal) => reject(new Error(`child exited early (${code ?? signal})`)));
  });
  return { child, reached };
}

describe('a worker killed mid-job', () => {
  let t: IntegrationTestApp;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  let completed: Producer<{ businessId: string; taskId: string }>;
  const connections: Redis[] = [];
  const closers: Array<{ close(): Promise<unknown> }> = [];
  const customerId = randomUUID();
  const sandbox = createSandboxPublicRecordsProvider();

  beforeAll(async () => {
    mkdirSync(outDir, { recursive: true });
    buildSync({
      entryPoints: [join(__dirname, '../test-support/enrichment-worker.child.ts')],
      bundle: true,
      platform: 'node',
      target: 'node20',
      packages: 'external',
      tsconfig: join(root, 'tsconfig.base.json'),
      outfile: childScript,
      logLevel: 'silent',
    });
    t = await startIntegrationTestApp({ workers: false });
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
    completed = createProducer(enrichmentCompletedQueue, { connection: t.redis, prefix: t.redisPrefix });
  });
  afterAll(async () => {
    await Promise.allSettled(closers.map((c) => c.close()));
    await Promise.all([jobs.close(), completed.close()]);
    for (const c of connections) c.disconnect();
    await t.close();
    rmSync(outDir, { recursive: true, force: true });
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

  async function databaseUrl(): Promise<string> {
    const [{ db }] = (await t.db.raw('select current_database() as db')).rows;
    const url = new URL(process.env.KYB_TEST_POSTGRES_URL as string);
    url.pathname = `/${db}`;
    return url.toString();
  }

  async function runKilledAt(point: 'fetching' | 'committed') {
    const businessId = randomUUID();
    const name = 'Lien and Judgement Traders';
    await t.business({ id: businessId, customerId, name });
    const { child, reached } = childReachedPoint(t, await databaseUrl(), point);
    await jobs.add({ businessId, customerId }, { jobId: `enrich-${businessId}` });
    await reached;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
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
