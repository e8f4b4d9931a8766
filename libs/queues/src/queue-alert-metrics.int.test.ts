import { once } from 'node:events';
import type { Job } from 'bullmq';
import { Registry } from 'prom-client';
import { createTestRedis, eventually, type TestRedis, metricSamples } from '@kyb/testing';
import { createRedisConnection, type Redis } from './connection';
import { createProducer, createWorker, defineQueue, type WorkerLogger } from './queue';
import { createQueueMetrics } from './queue-metrics';
import type { RecoveryCounts } from './recovery';

const silent: WorkerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/* The queue figures a team alerts on: the oldest waiting job, jobs failed for good, sweeps' recoveries, Redis's persistence. */
describe('queue alert metrics on real Redis', () => {
  let redis: TestRedis;
  const connections: Redis[] = [];
  const closers: Array<{ close(): Promise<unknown> }> = [];
  const connection = (role: 'producer' | 'worker') => {
    const c = createRedisConnection(redis.url, role);
    connections.push(c);
    return c;
  };

  beforeAll(() => {
    redis = createTestRedis();
  });
  afterAll(async () => {
    for (const c of closers.reverse()) await c.close().catch(() => undefined);
    await redis.clean();
    for (const c of connections) c.disconnect();
  });

  it('reads how long the job next in line has waited, per queue, and 0 for a queue with none waiting', async () => {
    const slow = defineQueue<{ n: number }>('alert-oldest');
    const empty = defineQueue<{ n: number }>('alert-empty');
    let now = Date.now();
    const registry = new Registry();
    const metrics = createQueueMetrics({ registry, queues: [slow, empty], connection: connection('producer'), prefix: redis.prefix, now: () => now });
    closers.push(metrics);
    const producer = createProducer(slow, { connection: connection('producer'), prefix: redis.prefix });
    closers.push(producer);
    const first = await producer.add({ n: 1 }, { jobId: 'oldest-1' });
    await producer.add({ n: 2 }, { jobId: 'oldest-2' });
    // Not due for an hour: not waiting, so it does not count.
    await producer.add({ n: 3 }, { jobId: 'oldest-delayed', delay: 3_600_000 });

    now = first.timestamp + 90_000;
    const oldest = metricSamples(await registry.metrics(), 'kyb_queue_oldest_waiting_seconds');
    expect(oldest).toEqual(
      new Map([
        ['{queue="alert-oldest"}', 90],
        ['{queue="alert-empty"}', 0],
      ]),
    );
  });

  it('counts a job failed for good once, beside each failed attempt, and not a failure that is retried', async () => {
    const doomed = defineQueue<{ n: number }>('alert-doomed', { attempts: 2, backoff: { type: 'fixed', delay: 10 } });
    const registry = new Registry();
    const metrics = createQueueMetrics({ registry, queues: [doomed], connection: connection('producer'), prefix: redis.prefix });
    closers.push(metrics);
    const producer = createProducer(doomed, { connection: connection('producer'), prefix: redis.prefix });
    closers.push(producer);
    const worker = createWorker(
      doomed,
      async (job: Job<{ n: number }>) => {
        // Job 1 always fails; job 2 fails once, then succeeds.
        if (job.data.n === 1 || job.attemptsMade === 0) throw new Error('the vendor said no');
      },
      { connection: connection('worker'), prefix: redis.prefix, logger: silent },
    );
    closers.push(worker);
    metrics.observeWorker(worker);
    let settled = 0;
    worker.on('completed', () => (settled += 1));
    worker.on('failed', (job) => (settled += job?.finishedOn ? 1 : 0));
    await producer.add({ n: 1 }, { jobId: 'doomed-1' });
    await producer.add({ n: 2 }, { jobId: 'doomed-2' });
    await eventually(async () => (settled === 2 ? true : undefined));

    const text = await registry.metrics();
    expect(metricSamples(text, 'kyb_queue_jobs_processed_total').get('{queue="alert-doomed",status="failed"}')).toBe(3);
    expect(metricSamples(text, 'kyb_queue_jobs_failed_for_good_total')).toEqual(new Map([['{queue="alert-doomed"}', 1]]));
  });

  it("counts what a recovery sweep's job answers, per kind of record and outcome, and ignores other answers", async () => {
    const sweep = defineQueue<Record<string, never>>('alert-recovery', { attempts: 1 });
    const registry = new Registry();
    const metrics = createQueueMetrics({ registry, queues: [sweep], connection: connection('producer'), prefix: redis.prefix });
    closers.push(metrics);
    const producer = createProducer(sweep, { connection: connection('producer'), prefix: redis.prefix });
    closers.push(producer);
    const answers: Array<Record<string, RecoveryCounts | number>> = [
      { tasks: { requeued: 2, live: 5, failed: 0 }, screenings: { requeued: 0, live: 0, failed: 1 } },
      { tasks: { requeued: 1, live: 0, failed: 0 }, versions: 3 },
    ];
    const worker = createWorker(sweep, async () => answers.shift(), { connection: connection('worker'), prefix: redis.prefix, logger: silent, concurrency: 1 });
    closers.push(worker);
    metrics.observeWorker(worker);
    let completed = 0;
    worker.on('completed', () => (completed += 1));
    await producer.add({}, { jobId: 'sweep-1' });
    await producer.add({}, { jobId: 'sweep-2' });
    await eventually(async () => (completed === 2 ? true : undefined));

    expect(metricSamples(await registry.metrics(), 'kyb_recovery_records_total')).toEqual(
      new Map([
        ['{queue="alert-recovery",kind="tasks",outcome="requeued"}', 3],
        ['{queue="alert-recovery",kind="screenings",outcome="failed"}', 1],
      ]),
    );
  });

  it("says whether the queues' Redis keeps an append-only file, as CONFIG GET answers", async () => {
    const registry = new Registry();
    const direct = connection('producer');
    // A producer connection sends nothing until it is ready (as it is long before a process's first scrape).
    if (direct.status !== 'ready') await once(direct, 'ready');
    const metrics = createQueueMetrics({ registry, queues: [defineQueue('alert-persistence')], connection: direct, prefix: redis.prefix });
    closers.push(metrics);
    const scraped = metricSamples(await registry.metrics(), 'kyb_redis_persistence_enabled');
    const [, appendonly] = (await direct.config('GET', 'appendonly')) as string[];
    expect(scraped).toEqual(new Map([['{kind="aof"}', appendonly === 'yes' ? 1 : 0]]));
  });
});
