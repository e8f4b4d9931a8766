import { Queue, Worker, type ConnectionOptions, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import { queueTelemetry } from '@kyb/telemetry';

/**
 * A queue, defined once: its name, the type of its payload and its default job options.
 * Payloads carry ids only, never personal data; processors load state by id.
 */
export interface QueueDefinition<Payload> {
  readonly name: string;
  readonly defaultJobOptions: JobsOptions;
  /** Type-only marker so producers and processors agree on the payload. */
  readonly payload?: Payload;
}

/** Defines a queue with retention and retry defaults suited to small idempotent jobs. */
export function defineQueue<Payload>(name: string, options: JobsOptions = {}): QueueDefinition<Payload> {
  return {
    name,
    defaultJobOptions: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
      ...options,
    },
  };
}

/** Where queues live: the connection and the key prefix (a test file gets its own prefix). */
export interface QueueContext {
  connection: ConnectionOptions;
  prefix?: string;
  /** Where connection errors of a producer go; failed adds also reject. */
  logger?: WorkerLogger;
}

/** A typed producer for a defined queue. */
export interface Producer<Payload> {
  readonly queue: Queue;
  /** Enqueues a job; `jobId` derived from a row id makes a double enqueue a no-op. */
  add(payload: Payload, options: JobsOptions & { jobId: string }): Promise<Job>;
  close(): Promise<void>;
}

/** Creates a producer for `definition`. */
export function createProducer<Payload>(definition: QueueDefinition<Payload>, context: QueueContext): Producer<Payload> {
  const queue = new Queue(definition.name, {
    connection: context.connection,
    prefix: context.prefix,
    defaultJobOptions: definition.defaultJobOptions,
    telemetry: queueTelemetry(),
  });
  // Without a listener, a connection error (a shared connection closing at shutdown) would crash the process.
  queue.on('error', (err) => context.logger?.warn({ queue: definition.name, err }, 'queue connection error'));
  return {
    queue,
    add: (payload, options) => queue.add(definition.name, payload, options),
    close: () => queue.close(),
  };
}

/** The slice of a logger workers need (pino satisfies it). */
export interface WorkerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Options of {@link createWorker}. */
export interface CreateWorkerOptions extends QueueContext {
  logger: WorkerLogger;
  /** Jobs run at once: a number, or what the process configured for this queue (default 4). */
  concurrency?: number | ((queueName: string) => number | undefined);
  /** Extra BullMQ worker settings (lock duration, stalled checks). */
  settings?: Partial<WorkerOptions>;
  /** Completed jobs are not logged (a scheduled round every second would flood the log; its processor logs what it did). */
  quiet?: boolean;
}

/**
 * A worker for `definition` with the listeners every worker needs: `error` (without it a
 * connection error would crash the process) and `failed` (logged with the attempt count).
 */
export function createWorker<Payload>(
  definition: QueueDefinition<Payload>,
  processor: (job: Job<Payload>, token?: string) => Promise<unknown>,
  options: CreateWorkerOptions,
): Worker<Payload> {
  const worker = new Worker<Payload>(definition.name, processor, {
    connection: options.connection,
    prefix: options.prefix,
    concurrency: (typeof options.concurrency === 'function' ? options.concurrency(definition.name) : options.concurrency) ?? 4,
    // A job's span continues the trace that queued it.
    telemetry: queueTelemetry(),
    ...options.settings,
  });
  const log = { queue: definition.name };
  worker.on('error', (err) => options.logger.error({ ...log, err }, 'worker error'));
  worker.on('failed', (job, err) =>
    options.logger.warn({ ...log, jobId: job?.id, attemptsMade: job?.attemptsMade, err }, 'job failed'),
  );
  if (!options.quiet) worker.on('completed', (job) => options.logger.info({ ...log, jobId: job.id }, 'job completed'));
  return worker;
}

/** How many times a job ran before and may run in all: what processors use to tell a last attempt. */
export interface JobAttempts {
  made: number;
  allowed: number;
}

/** The attempts of `job` (BullMQ counts those made before this one). */
export function attemptsOf(job: Pick<Job, 'attemptsMade' | 'opts'>): JobAttempts {
  return { made: job.attemptsMade, allowed: job.opts.attempts ?? 1 };
}

/**
 * Closes workers first (each waits for its running jobs to finish), then producers. A worker
 * still connecting is let finish connecting first, so no connection is closed under it. Call it
 * on SIGTERM; safe to call twice.
 */
export async function closeGracefully(
  workers: Array<{ close(): Promise<void>; waitUntilReady?(): Promise<unknown> }>,
  producers: Array<{ close(): Promise<void> }>,
): Promise<void> {
  await Promise.allSettled(workers.map((w) => w.waitUntilReady?.()));
  await Promise.allSettled(workers.map((w) => w.close()));
  await Promise.allSettled(producers.map((p) => p.close()));
}
