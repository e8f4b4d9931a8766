import type { ConnectionOptions, JobState, Worker } from 'bullmq';
import type { Redis } from './connection';
import { createProducer, createWorker, type Producer, type QueueContext, type QueueDefinition, type WorkerLogger } from './queue';

/** States in which a job will still run (or is running): its record is not lost, only slow. */
const LIVE_STATES: ReadonlySet<JobState | 'unknown'> = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/** What {@link requeue} did: the job was queued again, or one with that id is still live. */
export type RequeueResult = 'requeued' | 'live';

/**
 * Queues `payload` under `jobId` again, idempotently, for a record whose job was lost (Redis came
 * back empty), whose worker died, or which failed for good in BullMQ while its row is not final.
 * A live job (waiting, delayed, running) is left alone. A finished one (completed or failed) is
 * still retained under that id, and BullMQ ignores an `add` with the id of a retained job, so it
 * is removed first; an id nobody holds is simply added. Racing sweeps leave exactly one job.
 */
export async function requeue<Payload>(producer: Producer<Payload>, payload: Payload, jobId: string): Promise<RequeueResult> {
  const state = await producer.queue.getJobState(jobId);
  if (LIVE_STATES.has(state)) return 'live';
  // 0: the job is locked, i.e. a worker took it between the two calls: it is live again.
  if (state !== 'unknown' && (await producer.queue.remove(jobId)) === 0) return 'live';
  await producer.add(payload, { jobId });
  return 'requeued';
}

/** Whether a job with this id will still run (waiting, delayed or running). */
export async function isJobLive(producer: Pick<Producer<unknown>, 'queue'>, jobId: string): Promise<boolean> {
  return LIVE_STATES.has(await producer.queue.getJobState(jobId));
}

/** A record that has not reached a final state in time, with the recoveries it already had. */
export interface StuckRecord {
  id: string;
  recoveries: number;
}

/** How one kind of stuck record is found and recovered (see {@link recoverStuck}). */
export interface StuckRecordKind<Row extends StuckRecord> {
  /** For logs: what the records are (`mail`, `score`...). */
  name: string;
  /** Up to `limit` stuck records whose id is after `afterId`, by id. */
  findStuck(afterId: string | null, limit: number): Promise<Row[]>;
  /** The job that runs the record: its producer, payload and id. */
  jobOf(row: Row): { producer: Producer<never>; payload: unknown; jobId: string };
  /** Counts a recovery on the row, only if it still has `row.recoveries` (a racing sweep loses); answers whether it did. */
  noteRecovery(row: Row): Promise<boolean>;
  /** Ends the row FAILED with `reason` (only if it is still not final). */
  giveUp(row: Row, reason: string): Promise<void>;
}

/** What a sweep did with one kind of record. */
export interface RecoveryCounts {
  requeued: number;
  live: number;
  failed: number;
}

/** How often a record is queued again before the sweep gives up on it and ends it FAILED. */
export const DEFAULT_MAX_RECOVERIES = 3;

/** Records a sweep reads at once. */
export const RECOVERY_BATCH = 500;

/**
 * Recovers every stuck record of one kind, 500 at a time: a record whose job is still live is left
 * alone; one recovered `maxRecoveries` times already ends FAILED with a reason; any other has a
 * recovery counted on its row (first, so a crash between the two can never requeue without bound)
 * and its job queued again with {@link requeue}.
 */
export async function recoverStuck<Row extends StuckRecord>(
  kind: StuckRecordKind<Row>,
  options: { maxRecoveries: number; logger: WorkerLogger },
): Promise<RecoveryCounts> {
  const counts: RecoveryCounts = { requeued: 0, live: 0, failed: 0 };
  for (let after: string | null = null; ; ) {
    const rows = await kind.findStuck(after, RECOVERY_BATCH);
    for (const row of rows) {
      const job = kind.jobOf(row);
      if (await isJobLive(job.producer, job.jobId)) {
        counts.live += 1;
      } else if (row.recoveries >= options.maxRecoveries) {
        await kind.giveUp(row, `Gave up after ${row.recoveries} recoveries: its job was lost, or its worker stopped, each time.`);
        options.logger.warn({ kind: kind.name, id: row.id, recoveries: row.recoveries }, 'stuck record failed after too many recoveries');
        counts.failed += 1;
      } else if (await kind.noteRecovery(row)) {
        if ((await requeue(job.producer as Producer<unknown>, job.payload, job.jobId)) === 'requeued') counts.requeued += 1;
        else counts.live += 1;
      }
    }
    if (rows.length < RECOVERY_BATCH) return counts;
    after = rows[rows.length - 1].id;
  }
}

/** Options of {@link startRecoverySweeper}. */
export interface RecoverySweeperOptions extends QueueContext {
  /** A producer connection (fails fast); the sweeper schedules on a duplicate of its own. */
  connection: Redis;
  definition: QueueDefinition<Record<string, never>>;
  /** A worker connection (waits out outages). */
  workerConnection: ConnectionOptions;
  logger: WorkerLogger;
  /** How often a sweep runs (RECOVERY_SWEEP_EVERY_MS). */
  everyMs: number;
  /** One sweep of the area; what it answers is logged when it did anything. */
  sweep(): Promise<Record<string, RecoveryCounts | number>>;
}

/** A running sweeper: its worker (close it with the area's workers) and its scheduling side. */
export interface RecoverySweeper {
  worker: Worker<Record<string, never>>;
  producer: Producer<Record<string, never>>;
  /** Registers the job scheduler if Redis lacks it (as after Redis came back empty). */
  ensureScheduled(): Promise<void>;
  /** Stops checking the scheduler and closes its producer and connection (the scheduler stays in Redis for other processes). */
  close(): Promise<void>;
}

/** The id of each area's sweep scheduler. */
export const SWEEP_SCHEDULER_ID = 'recovery-sweep';

/**
 * Runs an area's recovery sweep every `everyMs` through a BullMQ job scheduler, so one sweep runs
 * per interval however many worker processes there are (concurrency 1 each). A scheduler lives in
 * Redis, and Redis may come back empty: every `everyMs` each process checks that it is still there
 * and registers it again if not (or if the interval changed).
 */
export function startRecoverySweeper(options: RecoverySweeperOptions): RecoverySweeper {
  const { definition, logger } = options;
  // A connection of its own: a job scheduler on the connection the area's producers share was
  // seen to slow their jobs' pick-up (the integration tests' timing), and it is closed with the sweeper.
  const own = options.connection.duplicate();
  const producer = createProducer(definition, { ...options, connection: own });
  const worker = createWorker(
    definition,
    async () => {
      const outcome = await options.sweep();
      const busy = Object.values(outcome).some((v) => (typeof v === 'number' ? v > 0 : v.requeued + v.failed > 0));
      if (busy) logger.info({ queue: definition.name, outcome }, 'recovery sweep recovered stuck records');
      return outcome;
    },
    // Quiet: a sweep or round runs every second or minute; the busy ones are logged above.
    { connection: options.workerConnection, prefix: options.prefix, logger, concurrency: 1, quiet: true },
  );
  async function ensureScheduled(): Promise<void> {
    const current = await producer.queue.getJobScheduler(SWEEP_SCHEDULER_ID);
    if (current && Number(current.every) === options.everyMs) return;
    // The first sweep after one interval: a process starting has just queued whatever it needs itself.
    await producer.queue.upsertJobScheduler(SWEEP_SCHEDULER_ID, { every: options.everyMs, startDate: Date.now() + options.everyMs }, { name: definition.name, data: {} });
  }
  const keep = () => ensureScheduled().catch((err: unknown) => logger.warn({ queue: definition.name, err }, 'could not schedule the recovery sweep'));
  void keep();
  const keeper = setInterval(keep, options.everyMs);
  keeper.unref();
  return {
    worker,
    producer,
    ensureScheduled,
    async close() {
      clearInterval(keeper);
      await producer.close();
      own.disconnect();
    },
  };
}
