import type { Job } from 'bullmq';
import IORedis from 'ioredis';
import { Registry } from 'prom-client';
import { createTestRedis, eventually, type TestRedis, metricSamples } from '@kyb/testing';
import { createRedisConnection, type Redis } from './connection';
import { createProducer, createWorker, defineQueue, type WorkerLogger } from './queue';
import { createQueueMetrics } from './queue-metrics';

const silent: WorkerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('queue metrics on real Redis', () => {
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

  it('reports the jobs of every queue per state, and the outcome and duration of each processed job', async () => {
    const work = defineQueue<{ outcome: 'ok' | 'boom' }>('metrics-work', { attempts: 1 });
    const idle = defineQueue<{ n: number }>('metrics-idle');
    const registry = new Registry();
    const metrics = createQueueMetrics({ registry, queues: [work, idle], connection: connection('producer'), prefix: redis.prefix });
    closers.push(metrics);
    const producer = createProducer(work, { connection: connection('producer'), prefix: redis.prefix });
    closers.push(producer);

    const worker = createWorker(
      work,
      async (job: Job<{ outcome: 'ok' | 'boom' }>) => {
        await new Promise((r) => setTimeout(r, 20));
        if (job.data.outcome === 'boom') throw new Error('boom');
        return 'done';
      },
      { connection: connection('worker'), prefix: redis.prefix, logger: silent },
    );
    metrics.observeWorker(worker);
    let finished = 0;
    worker.on('completed', () => (finished += 1));
    worker.on('failed', () => (finished += 1));
    await producer.add({ outcome: 'ok' }, { jobId: 'ok-1' });
    await producer.add({ outcome: 'boom' }, { jobId: 'boom-1' });
    await eventually(async () => (finished === 2 ? true : undefined));
    await worker.close();

    // With the worker gone, these stay where they are put.
    await producer.add({ outcome: 'ok' }, { jobId: 'waiting-1' });
    await producer.add({ outcome: 'ok' }, { jobId: 'waiting-2' });
    await producer.add({ outcome: 'ok' }, { jobId: 'delayed-1', delay: 3_600_000 });
    await producer.add({ outcome: 'ok' }, { jobId: 'prioritized-1', priority: 5 });

    const text = await registry.metrics();
    const jobs = metricSamples(text, 'kyb_queue_jobs');
    const expected: Record<string, number> = {
      waiting: 2,
      active: 0,
      delayed: 1,
      prioritized: 1,
      'waiting-children': 0,
      paused: 0,
      completed: 1,
      failed: 1,
    };
    for (const [state, value] of Object.entries(expected)) {
      expect([state, jobs.get(`{queue="metrics-work",state="${state}"}`)]).toEqual([state, value]);
      expect([state, jobs.get(`{queue="metrics-idle",state="${state}"}`)]).toEqual([state, 0]);
    }
    expect(jobs.size).toBe(16);

    const processed = metricSamples(text, 'kyb_queue_jobs_processed_total');
    expect(processed.get('{queue="metrics-work",status="completed"}')).toBe(1);
    expect(processed.get('{queue="metrics-work",status="failed"}')).toBe(1);
    const counts = metricSamples(text, 'kyb_queue_job_duration_seconds_count');
    expect(counts.get('{queue="metrics-work",status="completed"}')).toBe(1);
    expect(counts.get('{queue="metrics-work",status="failed"}')).toBe(1);
    const sums = metricSamples(text, 'kyb_queue_job_duration_seconds_sum');
    expect(sums.get('{queue="metrics-work",status="completed"}')).toBeGreaterThanOrEqual(0.015);
    expect(sums.get('{queue="metrics-work",status="completed"}')).toBeLessThan(10);
    expect(metricSamples(text, 'kyb_queue_scrape_errors_total').size).toBe(0);
  });

  it('counts an attempt that fails and is retried as failed, and stops counting once detached', async () => {
    const flaky = defineQueue<{ n: number }>('metrics-flaky', { attempts: 2, backoff: { type: 'fixed', delay: 10 } });
    const registry = new Registry();
    const metrics = createQueueMetrics({ registry, queues: [flaky], connection: connection('producer'), prefix: redis.prefix });
    closers.push(metrics);
    const producer = createProducer(flaky, { connection: connection('producer'), prefix: redis.prefix });
    closers.push(producer);
    let calls = 0;
    const worker = createWorker(
      flaky,
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('transient');
      },
      { connection: connection('worker'), prefix: redis.prefix, logger: silent },
    );
    closers.push(worker);
    const detach = metrics.observeWorker(worker);
    let completed = 0;
    worker.on('completed', () => (completed += 1));
    await producer.add({ n: 1 }, { jobId: 'flaky-1' });
    await eventually(async () => (completed === 1 ? true : undefined));
    detach();
    await producer.add({ n: 2 }, { jobId: 'flaky-2' });
    await eventually(async () => (completed === 2 ? true : undefined));

    const text = await registry.metrics();
    expect(metricSamples(text, 'kyb_queue_jobs_processed_total')).toEqual(
      new Map([
        ['{queue="metrics-flaky",status="completed"}', 1],
        ['{queue="metrics-flaky",status="failed"}', 1],
      ]),
    );
    expect(metricSamples(text, 'kyb_queue_job_duration_seconds_count').get('{queue="metrics-flaky",status="failed"}')).toBe(1);
  });

  it('still answers a scrape while Redis is unreachable, without the job counts, and counts the failure', async () => {
    const queue = defineQueue<{ n: number }>('metrics-unreachable');
    const registry = new Registry();
    const warnings: unknown[] = [];
    // A producer connection (fails fast, as the app's); a short disconnect timeout so no ioredis timer outlives the test.
    const unreachable = new IORedis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, enableOfflineQueue: false, disconnectTimeout: 10 });
    unreachable.on('error', () => undefined);
    connections.push(unreachable);
    const metrics = createQueueMetrics({
      registry,
      queues: [queue],
      connection: unreachable,
      prefix: redis.prefix,
      logger: { warn: (obj) => warnings.push(obj) },
      scrapeTimeoutMs: 500,
    });
    closers.push(metrics);

    const started = Date.now();
    const text = await registry.metrics();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(text).toContain('# TYPE kyb_queue_jobs gauge');
    expect(metricSamples(text, 'kyb_queue_jobs').size).toBe(0);
    expect(metricSamples(text, 'kyb_queue_scrape_errors_total').get('{queue="metrics-unreachable"}')).toBe(1);
    expect(warnings).toEqual([{ failed: [{ queue: 'metrics-unreachable', reason: expect.any(String) }] }]);
  });

  it('gives up on a queue whose Redis does not answer within the scrape timeout', async () => {
    const queue = defineQueue<{ n: number }>('metrics-hanging');
    const registry = new Registry();
    // Connection options (not an instance): BullMQ's own connection retries, so the counts never come.
    const metrics = createQueueMetrics({
      registry,
      queues: [queue],
      connection: { host: '127.0.0.1', port: 1, disconnectTimeout: 10 },
      prefix: redis.prefix,
      scrapeTimeoutMs: 200,
    });
    closers.push(metrics);

    const started = Date.now();
    const text = await registry.metrics();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(metricSamples(text, 'kyb_queue_jobs').size).toBe(0);
    expect(metricSamples(text, 'kyb_queue_scrape_errors_total').get('{queue="metrics-hanging"}')).toBe(1);
  });
});
