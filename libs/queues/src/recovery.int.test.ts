import { createTestRedis, eventually, type TestRedis } from '@kyb/testing';
import { createRedisConnection, type Redis } from './connection';
import { createProducer, createWorker, defineQueue, type Producer, type WorkerLogger } from './queue';
import { RECOVERY_BATCH, recoverStuck, requeue, startRecoverySweeper, SWEEP_SCHEDULER_ID, type StuckRecord } from './recovery';

const silent: WorkerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('recovery on real Redis', () => {
  let redis: TestRedis;
  const connections: Redis[] = [];
  const closers: Array<{ close(): Promise<unknown> }> = [];
  const connection = (role: 'producer' | 'worker' = 'worker') => {
    const c = createRedisConnection(redis.url, role);
    connections.push(c);
    return c;
  };
  function producerOf(name: string): Producer<{ rowId: string }> {
    const producer = createProducer(defineQueue<{ rowId: string }>(name, { attempts: 1 }), { connection: connection(), prefix: redis.prefix });
    closers.push(producer);
    return producer;
  }

  beforeAll(() => {
    redis = createTestRedis();
  });
  afterAll(async () => {
    await Promise.allSettled(closers.map((c) => c.close()));
    await redis.clean();
    for (const c of connections) c.disconnect();
  });

  describe('requeue', () => {
    it('adds a job nobody holds, and leaves a waiting or delayed one alone', async () => {
      const jobs = producerOf('requeue-live');
      expect(await requeue(jobs, { rowId: 'a' }, 'row-a')).toBe('requeued');
      expect(await requeue(jobs, { rowId: 'a' }, 'row-a')).toBe('live');
      await jobs.add({ rowId: 'b' }, { jobId: 'row-b', delay: 60_000 });
      expect(await requeue(jobs, { rowId: 'b' }, 'row-b')).toBe('live');
      expect(await jobs.queue.getJobCounts('waiting', 'delayed')).toMatchObject({ waiting: 1, delayed: 1 });
    });

    it('runs again a job BullMQ still retains as completed or failed, where a plain add under its id does nothing', async () => {
      const jobs = producerOf('requeue-retained');
      const runs: string[] = [];
      const worker = createWorker(
        defineQueue<{ rowId: string }>('requeue-retained'),
        async (job) => {
          runs.push(job.data.rowId);
          if (job.data.rowId === 'fails') throw new Error('boom');
        },
        { connection: connection(), prefix: redis.prefix, logger: silent },
      );
      closers.push(worker);
      await jobs.add({ rowId: 'done' }, { jobId: 'row-done' });
      await jobs.add({ rowId: 'fails' }, { jobId: 'row-fails' });
      await eventually(async () => ((await jobs.queue.getJobCountByTypes('completed', 'failed')) === 2 ? true : undefined));
      // The trap: the retained job swallows the add, and nothing runs.
      await jobs.add({ rowId: 'done' }, { jobId: 'row-done' });
      expect(await jobs.queue.getJobState('row-done')).toBe('completed');

      expect(await requeue(jobs, { rowId: 'done' }, 'row-done')).toBe('requeued');
      expect(await requeue(jobs, { rowId: 'fails' }, 'row-fails')).toBe('requeued');
      await eventually(async () => (runs.length === 4 ? true : undefined));
      expect(runs.sort()).toEqual(['done', 'done', 'fails', 'fails']);
    });
  });

  describe('recoverStuck', () => {
    /** Rows as a store would hold them: stuck ones, with the recoveries counted on each. */
    function rows(count: number, recoveries = 0) {
      const table = new Map<string, StuckRecord & { failed?: string }>();
      for (let i = 0; i < count; i += 1) {
        const id = `r${String(i).padStart(5, '0')}`;
        table.set(id, { id, recoveries });
      }
      return table;
    }
    function kindOver(table: ReturnType<typeof rows>, jobs: Producer<{ rowId: string }>) {
      return {
        name: 'row',
        findStuck: async (afterId: string | null, limit: number) =>
          [...table.values()].filter((r) => !r.failed && (afterId === null || r.id > afterId)).slice(0, limit).map((r) => ({ ...r })),
        jobOf: (row: StuckRecord) => ({ producer: jobs, payload: { rowId: row.id }, jobId: `job-${row.id}` }),
        noteRecovery: async (row: StuckRecord) => {
          const stored = table.get(row.id)!;
          if (stored.recoveries !== row.recoveries) return false;
          stored.recoveries += 1;
          return true;
        },
        giveUp: async (row: StuckRecord, reason: string) => void (table.get(row.id)!.failed = reason),
      };
    }

    it(`reads in batches of ${RECOVERY_BATCH}, requeues each stuck row once and counts the recovery on it`, async () => {
      const jobs = producerOf('recover-batches');
      const table = rows(RECOVERY_BATCH + 3);
      expect(await recoverStuck(kindOver(table, jobs), { maxRecoveries: 3, logger: silent })).toEqual({ requeued: RECOVERY_BATCH + 3, live: 0, failed: 0 });
      expect(await jobs.queue.getJobCountByTypes('waiting')).toBe(RECOVERY_BATCH + 3);
      expect([...table.values()].every((r) => r.recoveries === 1)).toBe(true);
      // Swept again while the jobs wait: nothing is queued twice, nothing counted.
      expect(await recoverStuck(kindOver(table, jobs), { maxRecoveries: 3, logger: silent })).toEqual({ requeued: 0, live: RECOVERY_BATCH + 3, failed: 0 });
      expect([...table.values()].every((r) => r.recoveries === 1)).toBe(true);
    });

    it('gives up on a row recovered too often, with the reason, and queues nothing for it', async () => {
      const jobs = producerOf('recover-give-up');
      const table = rows(2, 3);
      expect(await recoverStuck(kindOver(table, jobs), { maxRecoveries: 3, logger: silent })).toEqual({ requeued: 0, live: 0, failed: 2 });
      expect(table.get('r00000')!.failed).toBe('Gave up after 3 recoveries: its job was lost, or its worker stopped, each time.');
      expect(await jobs.queue.getJobCountByTypes('waiting')).toBe(0);
    });
  });

  describe('startRecoverySweeper', () => {
    it('sweeps every interval through a job scheduler, and schedules itself again after Redis came back empty', async () => {
      let sweeps = 0;
      const definition = defineQueue<Record<string, never>>('sweeper-test', { attempts: 1 });
      const logged: string[] = [];
      const sweeper = startRecoverySweeper({
        definition,
        connection: connection('producer'),
        prefix: redis.prefix,
        workerConnection: connection(),
        logger: { ...silent, info: (_obj: object, msg: string) => void logged.push(msg) },
        everyMs: 200,
        sweep: async () => ({ swept: (sweeps += 1) }),
      });
      closers.push(sweeper.worker, sweeper);
      await eventually(async () => (sweeps >= 3 ? true : undefined));
      expect(await sweeper.producer.queue.getJobScheduler(SWEEP_SCHEDULER_ID)).toMatchObject({ every: 200 });
      // Each sweep that did something says so once; the round's jobs themselves are not logged.
      expect(logged.length).toBeGreaterThanOrEqual(3);
      expect(new Set(logged)).toEqual(new Set(['recovery sweep recovered stuck records']));

      // Redis restarted without persistence: every key of the queue is gone, the scheduler with them.
      await sweeper.worker.pause();
      await redis.clean();
      sweeper.worker.resume();
      const before = sweeps;
      await eventually(async () => (sweeps >= before + 2 ? true : undefined));
      expect(await sweeper.producer.queue.getJobScheduler(SWEEP_SCHEDULER_ID)).toMatchObject({ every: 200 });
    });
  });
});
