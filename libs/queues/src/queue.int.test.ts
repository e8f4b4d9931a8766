import { QueueEvents, type Job } from 'bullmq';
import { createTestRedis, type TestRedis } from '@kyb/testing';
import { checkRedis, createRedisConnection, type Redis } from './connection';
import { closeGracefully, createProducer, createWorker, defineQueue, type WorkerLogger } from './queue';
import { ensureRedisReachable } from './reachability';

function recordingLogger() {
  const lines: Array<{ level: string; msg: string; obj: Record<string, unknown> }> = [];
  const log = (level: string) => (obj: object, msg: string) => lines.push({ level, msg, obj: obj as Record<string, unknown> });
  const logger: WorkerLogger = { info: log('info'), warn: log('warn'), error: log('error') };
  return { lines, logger };
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('queues on real Redis', () => {
  let redis: TestRedis;
  const connections: Redis[] = [];
  const closers: Array<{ close(): Promise<unknown> }> = [];

  const connection = () => {
    const c = createRedisConnection(redis.url, 'worker');
    connections.push(c);
    return c;
  };

  beforeAll(() => {
    redis = createTestRedis();
  });
  afterAll(async () => {
    await Promise.allSettled(closers.map((c) => c.close()));
    await redis.clean();
    for (const c of connections) c.disconnect();
  });

  it('delivers the typed payload from a producer to a worker', async () => {
    const queue = defineQueue<{ rowId: string }>('deliver');
    const context = { connection: connection(), prefix: redis.prefix };
    const producer = createProducer(queue, context);
    const seen = deferred<string>();
    const { logger } = recordingLogger();
    const worker = createWorker(queue, async (job: Job<{ rowId: string }>) => seen.resolve(job.data.rowId), { ...context, logger });
    closers.push(worker, producer);
    await producer.add({ rowId: 'row-1' }, { jobId: 'row-1' });
    expect(await seen.promise).toBe('row-1');
  });

  it('treats a second add with the same job id as a no-op', async () => {
    const queue = defineQueue<{ rowId: string }>('dedupe');
    const context = { connection: connection(), prefix: redis.prefix };
    const producer = createProducer(queue, context);
    closers.push(producer);
    const first = await producer.add({ rowId: 'r' }, { jobId: 'report-r' });
    const second = await producer.add({ rowId: 'r' }, { jobId: 'report-r' });
    expect(second.id).toBe(first.id);
    expect(await producer.queue.getWaitingCount()).toBe(1);
  });

  it('retries a failing job with backoff, logging each failure, until it succeeds', async () => {
    const queue = defineQueue<{ n: number }>('flaky', { attempts: 3, backoff: { type: 'fixed', delay: 10 } });
    const context = { connection: connection(), prefix: redis.prefix };
    const producer = createProducer(queue, context);
    const { lines, logger } = recordingLogger();
    let calls = 0;
    const done = deferred();
    const worker = createWorker(
      queue,
      async () => {
        calls += 1;
        if (calls < 3) throw new Error(`transient ${calls}`);
        return 'ok';
      },
      { ...context, logger },
    );
    worker.on('completed', () => done.resolve());
    closers.push(worker, producer);
    await producer.add({ n: 1 }, { jobId: 'flaky-1' });
    await done.promise;
    expect(calls).toBe(3);
    expect(lines.filter((l) => l.msg === 'job failed').map((l) => l.obj.attemptsMade)).toEqual([1, 2]);
    expect(lines.some((l) => l.msg === 'job completed' && l.obj.jobId === 'flaky-1')).toBe(true);
  });

  it('marks a job failed once its attempts are used up', async () => {
    const queue = defineQueue<{ n: number }>('doomed', { attempts: 2, backoff: { type: 'fixed', delay: 10 } });
    const context = { connection: connection(), prefix: redis.prefix };
    const producer = createProducer(queue, context);
    const events = new QueueEvents(queue.name, { connection: connection(), prefix: redis.prefix });
    await events.waitUntilReady();
    const { logger } = recordingLogger();
    const worker = createWorker(queue, async () => Promise.reject(new Error('permanent')), { ...context, logger });
    closers.push(worker, producer, events);
    const job = await producer.add({ n: 1 }, { jobId: 'doomed-1' });
    await expect(job.waitUntilFinished(events)).rejects.toThrow('permanent');
    const stored = await producer.queue.getJob('doomed-1');
    expect(await stored?.getState()).toBe('failed');
    expect(stored?.attemptsMade).toBe(2);
  });

  it('closeGracefully waits for a running job to finish', async () => {
    const queue = defineQueue<{ n: number }>('graceful');
    const context = { connection: connection(), prefix: redis.prefix };
    const producer = createProducer(queue, context);
    const started = deferred();
    let finished = false;
    const { logger } = recordingLogger();
    const worker = createWorker(
      queue,
      async () => {
        started.resolve();
        await new Promise((r) => setTimeout(r, 200));
        finished = true;
      },
      { ...context, logger },
    );
    await producer.add({ n: 1 }, { jobId: 'graceful-1' });
    await started.promise;
    expect(finished).toBe(false);
    await closeGracefully([worker], [producer]);
    expect(finished).toBe(true);
  });

  it('logs worker errors instead of crashing', async () => {
    const queue = defineQueue<{ n: number }>('noisy');
    const { lines, logger } = recordingLogger();
    const worker = createWorker(queue, async () => undefined, { connection: connection(), prefix: redis.prefix, logger });
    closers.push(worker);
    worker.emit('error', new Error('connection reset'));
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', msg: 'worker error', obj: expect.objectContaining({ queue: 'noisy' }) }));
  });

  it('checks Redis, and explains in one line when it does not answer', async () => {
    await expect(checkRedis(connection())).resolves.toBeUndefined();
    await expect(ensureRedisReachable(redis.url)).resolves.toBeUndefined();
    const failure = await ensureRedisReachable('redis://127.0.0.1:1').catch((err: unknown) => err as Error);
    expect(failure?.message).toMatch(/^Redis does not answer at 127\.0\.0\.1:1 .*set REDIS_URL$/);
  });
});
