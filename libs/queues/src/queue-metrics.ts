import { Queue, type ConnectionOptions, type Job, type Worker } from 'bullmq';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { QueueDefinition, WorkerLogger } from './queue';
import { createRecoveryCounter } from './recovery-metrics';
import { createRedisPersistenceGauge, type ConfigReader } from './redis-persistence-metrics';

/** The job states reported by `kyb_queue_jobs`, in the order they are exported. */
export const QUEUE_JOB_STATES = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
  'paused',
  'completed',
  'failed',
] as const;

/** One of {@link QUEUE_JOB_STATES}. */
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

/** Options of {@link createQueueMetrics}. */
export interface QueueMetricsOptions {
  /** The process's Prometheus registry (the one `/metrics` answers from). */
  registry: Registry;
  /** The queues whose job counts are reported. */
  queues: ReadonlyArray<QueueDefinition<unknown>>;
  /**
   * Redis for the job counts: best a producer connection (fails fast), so a scrape during an
   * outage answers at once instead of waiting for Redis.
   */
  connection: ConnectionOptions;
  /** Key prefix of the queues (a test file's own prefix); BullMQ's default when absent. */
  prefix?: string;
  /** Where failed scrapes are reported; silent when absent (the error counter still counts). */
  logger?: Pick<WorkerLogger, 'warn'>;
  /** How long one scrape waits for a queue's counts before leaving it out (default 2000 ms). */
  scrapeTimeoutMs?: number;
  /** Milliseconds since the epoch, for the age of the oldest waiting job (default `Date.now`). */
  now?: () => number;
}

/** What {@link createQueueMetrics} returns. */
export interface QueueMetrics {
  /**
   * Records every job `worker` completes or fails (each failed attempt counts, retried or not)
   * in `kyb_queue_job_duration_seconds` and `kyb_queue_jobs_processed_total`, a job failed for good
   * (no attempt left, or unrecoverable) in `kyb_queue_jobs_failed_for_good_total`, and what a
   * recovery sweep answers in `kyb_recovery_records_total`. Returns a function that stops observing.
   */
  observeWorker(worker: Worker): () => void;
  /** Closes the queue handles opened for the counts (not a connection instance passed in). */
  close(): Promise<void>;
}

/** Buckets from 10 ms (a row update) to 10 minutes (a slow provider with backoff, a large PDF). */
const DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/**
 * Registers the queue instruments on `options.registry`:
 *
 * - `kyb_queue_jobs{queue,state}`: jobs per state, read from Redis on every scrape. A queue whose
 *   counts cannot be read (Redis down, or slower than `scrapeTimeoutMs`) is left out of that
 *   scrape rather than failing `/metrics` or reporting stale numbers, and counted in
 *   `kyb_queue_scrape_errors_total{queue}`.
 * - `kyb_queue_oldest_waiting_seconds{queue}`: how long the job next in line (the head of the wait
 *   list) has been due, 0 when none waits; read in the same scrape (one LRANGE and one HGETALL a queue).
 * - `kyb_queue_job_duration_seconds{queue,status}` and `kyb_queue_jobs_processed_total{queue,status}`
 *   (status `completed` or `failed`), `kyb_queue_jobs_failed_for_good_total{queue}` and
 *   `kyb_recovery_records_total{queue,kind,outcome}`, fed by the workers given to `observeWorker`.
 * - `kyb_redis_persistence_enabled{kind}` (see {@link createRedisPersistenceGauge}).
 *
 * Call it once per registry: prom-client refuses a second registration of the same names.
 */
export function createQueueMetrics(options: QueueMetricsOptions): QueueMetrics {
  const timeoutMs = options.scrapeTimeoutMs ?? 2000;
  const now = options.now ?? Date.now;
  const handles = options.queues.map((definition) => {
    const queue = new Queue(definition.name, { connection: options.connection, prefix: options.prefix });
    // Without a listener a connection error would crash the process; failed scrapes are reported below.
    queue.on('error', () => undefined);
    return queue;
  });

  const jobs = new Gauge({
    name: 'kyb_queue_jobs',
    help: 'Jobs in a queue, by state, read from Redis at scrape time',
    labelNames: ['queue', 'state'] as const,
    registers: [options.registry],
    collect: () => scrapeOnce(),
  });
  const oldestWaiting = new Gauge({
    name: 'kyb_queue_oldest_waiting_seconds',
    help: 'How long the job next in line in a queue has been due (waiting for a worker), 0 when none waits; read from Redis at scrape time',
    labelNames: ['queue'] as const,
    registers: [options.registry],
    collect: () => scrapeOnce(),
  });
  const scrapeErrors = new Counter({
    name: 'kyb_queue_scrape_errors_total',
    help: 'Scrapes that could not read the job counts of a queue',
    labelNames: ['queue'] as const,
    registers: [options.registry],
    // The registry collects every metric at once: wait for this scrape's outcome before answering.
    collect: () => scrapeOnce(),
  });

  const scrape = async () => {
    const read = async (queue: Queue) => {
      const [counts, [next]] = await Promise.all([queue.getJobCounts(...QUEUE_JOB_STATES), queue.getJobs(['wait'], 0, 0, true)]);
      return { counts, oldest: next ? Math.max(0, (now() - dueSince(next)) / 1000) : 0 };
    };
    const results = await Promise.allSettled(handles.map((queue) => withTimeout(read(queue), timeoutMs)));
    jobs.reset();
    oldestWaiting.reset();
    const failed: Array<{ queue: string; reason: string }> = [];
    results.forEach((result, i) => {
      const queue = handles[i].name;
      if (result.status === 'rejected') {
        scrapeErrors.inc({ queue });
        failed.push({ queue, reason: (result.reason as Error | undefined)?.message ?? String(result.reason) });
        return;
      }
      for (const state of QUEUE_JOB_STATES) jobs.set({ queue, state }, result.value.counts[state] ?? 0);
      oldestWaiting.set({ queue }, result.value.oldest);
    });
    if (failed.length > 0) options.logger?.warn({ failed }, 'queue job counts could not be read');
  };
  // One read of Redis per scrape, shared by the gauge and the error counter.
  let inFlight: Promise<void> | undefined;
  const scrapeOnce = (): Promise<void> =>
    (inFlight ??= scrape()
      .catch((err: unknown) => options.logger?.warn({ err }, 'queue job counts could not be read'))
      .finally(() => (inFlight = undefined)));

  const duration = new Histogram({
    name: 'kyb_queue_job_duration_seconds',
    help: 'Time a worker spent on a job attempt, from processedOn to finishedOn, by outcome',
    labelNames: ['queue', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [options.registry],
  });
  const processed = new Counter({
    name: 'kyb_queue_jobs_processed_total',
    help: 'Job attempts a worker finished, by outcome (a failed attempt counts whether or not it is retried)',
    labelNames: ['queue', 'status'] as const,
    registers: [options.registry],
  });

  const failedForGood = new Counter({
    name: 'kyb_queue_jobs_failed_for_good_total',
    help: 'Jobs that failed with no attempt left (or unrecoverably): their work is not done unless a recovery sweep or a person starts it again',
    labelNames: ['queue'] as const,
    registers: [options.registry],
  });
  const recoveries = createRecoveryCounter(options.registry);
  // Read through the connection when it is a client (as the processes pass their producer's);
  // connection options open no client of their own to ask.
  const client = options.connection as Partial<ConfigReader>;
  if (typeof client.config === 'function') createRedisPersistenceGauge(options.registry, async () => client as ConfigReader, timeoutMs);

  const record = (queue: string, status: 'completed' | 'failed', job: Job | undefined) => {
    processed.inc({ queue, status });
    // BullMQ sets finishedOn on a failed job only when it is not retried.
    if (status === 'failed' && job?.finishedOn) failedForGood.inc({ queue });
    const seconds = job ? attemptSeconds(job) : undefined;
    if (seconds !== undefined) duration.observe({ queue, status }, seconds);
  };

  return {
    observeWorker(worker) {
      const onCompleted = (job: Job, result: unknown) => {
        record(worker.name, 'completed', job);
        recoveries.count(worker.name, result);
      };
      const onFailed = (job: Job | undefined) => record(worker.name, 'failed', job);
      worker.on('completed', onCompleted);
      worker.on('failed', onFailed);
      return () => {
        worker.off('completed', onCompleted);
        worker.off('failed', onFailed);
      };
    },
    async close() {
      await Promise.allSettled(handles.map((queue) => queue.close()));
    },
  };
}

/**
 * How long the attempt took. A failed attempt that will be retried has no `finishedOn` of its
 * own (BullMQ sets it only on the final outcome), so the event's arrival time stands in for it.
 */
function attemptSeconds(job: Job): number | undefined {
  if (!job.processedOn) return undefined;
  const finishedOn = job.finishedOn && job.finishedOn >= job.processedOn ? job.finishedOn : Date.now();
  return Math.max(0, finishedOn - job.processedOn) / 1000;
}

/**
 * Since when a waiting job has been due: added (plus its delay), or its last attempt's start when
 * it is a retry (so a retry's backoff counts as waiting: a few seconds to minutes).
 */
function dueSince(job: Job): number {
  return Math.max(job.timestamp + (job.opts.delay ?? 0), job.processedOn ?? 0);
}

/** Rejects after `ms`; the late promise's outcome is ignored. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
