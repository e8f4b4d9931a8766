import request from 'supertest';
import express from 'express';
import { createProducer, createRedisConnection, createWorker, defineQueue, type Redis, type Worker } from '@kyb/queues';
import { createTestRedis, eventually } from '@kyb/testing';
import { createLogger } from './logger';
import { defineArea, queuesOf, recoverySettingsOf, startArea, type AreaBaseDeps } from './define-area';
import type { AreaRuntime } from './area-module';
import type { RouteDefinition } from './routes';

const logger = createLogger({ level: 'silent', name: 'define-area-test' });
const testRedis = createTestRedis();
const redis = createRedisConnection(testRedis.url, 'producer');
const connections: Redis[] = [];
const workerConnection = () => {
  const connection = createRedisConnection(testRedis.url, 'worker');
  connections.push(connection);
  return connection;
};
afterAll(async () => {
  await testRedis.clean();
  for (const connection of connections) connection.disconnect();
  redis.disconnect();
});

const deps: AreaBaseDeps = { db: undefined as never, redis, redisPrefix: testRedis.prefix, logger, workerConcurrency: (name) => (name === 'things' ? 3 : undefined) };
const thingsQueue = defineQueue<{ id: string }>('things');
const sweepQueue = defineQueue<Record<string, never>>('things-recovery');
const monthlyQueue = defineQueue<Record<string, never>>('things-monthly');
const route: RouteDefinition = { method: 'get', path: '/things', summary: 'Things', tags: [], auth: false, responses: { 200: { description: 'ok' } }, handler: (_req, res) => void res.json({ ok: true }) };

describe('defineArea', () => {
  it('serves its routes, starts its workers with the settings, its sweeper and schedules, and stops workers before what it closes', async () => {
    const done: string[] = [];
    const closed: string[] = [];
    const producer = createProducer(thingsQueue, { connection: redis, prefix: testRedis.prefix });
    const monthly = createProducer(monthlyQueue, { connection: redis, prefix: testRedis.prefix });
    let sweeps = 0;
    let workers: Worker[] = [];
    const area = defineArea({
      prefix: '/things/api/v1',
      routes: [route],
      queues: queuesOf(deps),
      workers: (options) => [createWorker(thingsQueue, async (job) => void done.push(job.data.id), options)],
      schedules: [{ id: 'monthly-things', producer: monthly, pattern: '0 3 1 * *' }],
      recovery: { queue: sweepQueue, everyMs: 3_600_000, sweep: async () => ({ things: ++sweeps }) },
      closes: [{ close: () => void closed.push(`workers stopped: ${workers.every((w) => !w.isRunning())}, producer open: ${!producer.queue.closing}`) }, producer, monthly],
    });

    const app = express().use(area.prefix, area.router);
    expect((await request(app).get('/things/api/v1/things').expect(200)).body).toEqual({ ok: true });
    expect(await area.recovery.sweep()).toEqual({ things: 1 });

    workers = await area.startWorkers(workerConnection(), { lockDuration: 5000 });
    expect(workers.map((w) => [w.name, w.concurrency])).toEqual([
      ['things', 3],
      ['things-recovery', 1],
    ]);
    expect(workers[0].opts.lockDuration).toBe(5000);
    // The sweeper is not given the test's settings: they belong to the area's own workers.
    expect(workers[1].opts.lockDuration).not.toBe(5000);
    expect(await monthly.queue.getJobSchedulers()).toEqual([expect.objectContaining({ key: 'monthly-things', pattern: '0 3 1 * *', tz: 'UTC' })]);
    // Switched off (a null pattern), the schedule registered by an earlier start is removed.
    const off = defineArea({ prefix: '/things/api/v1', routes: [route], queues: queuesOf(deps), schedules: [{ id: 'monthly-things', producer: monthly, pattern: null }] });
    await off.startWorkers(workerConnection());
    expect(await monthly.queue.getJobSchedulers()).toEqual([]);
    await off.stop();

    await producer.add({ id: 'a' }, { jobId: 'a' });
    await eventually(async () => (done.includes('a') ? true : undefined));
    await area.stop();
    expect(closed).toEqual(['workers stopped: true, producer open: true']);
    expect(producer.queue.closing).toBeDefined();
  });

  it('starts no workers in an area without queues, and its stop still resolves', async () => {
    const area = defineArea({ prefix: '/plain', routes: [route] });
    expect(await area.startWorkers(workerConnection())).toEqual([]);
    expect(area.largeBodies).toEqual([]);
    expect(area.readiness).toEqual([]);
    await expect(area.stop()).resolves.toBeUndefined();
  });

  it('fills in the sweep defaults: every minute, stuck after five', () => {
    expect(recoverySettingsOf({})).toEqual({ sweepEveryMs: 60_000, stuckAfterMs: 300_000, maxRecoveries: undefined });
    expect(recoverySettingsOf({ recovery: { sweepEveryMs: 10, stuckAfterMs: 20, maxRecoveries: 2 } })).toEqual({ sweepEveryMs: 10, stuckAfterMs: 20, maxRecoveries: 2 });
  });
});

describe('startArea', () => {
  const runtime = (workers: boolean): AreaRuntime =>
    ({
      redis,
      publicUrl: 'http://localhost:8080',
      workers: workers ? { connection: workerConnection(), concurrency: () => 1 } : undefined,
    }) as unknown as AreaRuntime;

  it('prints the area URL and its OpenAPI document, starts workers only where the process runs them, and closes extras after the area', async () => {
    const order: string[] = [];
    const area = defineArea({
      prefix: '/things/api/v1',
      routes: [route],
      queues: queuesOf(deps),
      workers: (options) => [createWorker(thingsQueue, async () => undefined, options)],
      closes: [{ close: () => void order.push('area closes') }],
    });
    const apiOnly = await startArea('things', area, runtime(false));
    expect(apiOnly.banner).toEqual(['  things API      http://localhost:8080/things/api/v1   (OpenAPI: http://localhost:8080/things/api/v1/openapi.json)']);
    expect(apiOnly.workers).toEqual([]);

    const router = express.Router();
    const withWorkers = await startArea('things', area, runtime(true), { router, notes: ['a note'], closes: [{ close: () => void order.push('extra') }] });
    expect(withWorkers.router).toBe(router);
    expect(withWorkers.notes).toEqual(['a note']);
    expect(withWorkers.workers?.map((w) => w.name)).toEqual(['things']);
    await withWorkers.stop();
    expect(order).toEqual(['area closes', 'extra']);
  });
});
