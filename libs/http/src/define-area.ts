import type { RequestHandler, Router } from 'express';
import {
  closeGracefully,
  createProducer,
  startRecoverySweeper,
  type CreateWorkerOptions,
  type Producer,
  type QueueDefinition,
  type RecoveryCounts,
  type RecoverySweeper,
  type Redis,
  type Worker,
} from '@kyb/queues';
import type { Knex } from '@kyb/db';
import type { Registry } from 'prom-client';
import type { LargeBody, ReadinessCheck } from './app';
import type { AreaRuntime, StartedArea } from './area-module';
import type { Logger } from './logger';
import { idempotencyGuard, type IdempotencyGuardOptions } from './idempotency/idempotency.guard';
import { buildRouter, type RouteDefinition } from './routes';

/** How an area's recovery sweep runs: how often, when a record counts as stuck, how often it is queued again before it fails. */
export interface RecoverySettings {
  sweepEveryMs: number;
  stuckAfterMs: number;
  maxRecoveries?: number;
}

/** What every area is built from (each area's deps add their own). */
export interface AreaBaseDeps {
  db: Knex;
  /** A producer connection (fails fast). */
  redis: Redis;
  /** Prefix of the area's Redis keys (tests give each file its own). */
  redisPrefix?: string;
  /** Jobs a queue's worker runs at once (the process's WORKER_CONCURRENCY settings). */
  workerConcurrency?: (queueName: string) => number | undefined;
  logger: Logger;
  /** The recovery sweep (default: every 60 s, stuck after 5 min). */
  recovery?: RecoverySettings;
  clock?: () => Date;
}

/** The sweep settings of `deps`, defaults filled in. */
export function recoverySettingsOf(deps: Pick<AreaBaseDeps, 'recovery'>): RecoverySettings {
  return { sweepEveryMs: deps.recovery?.sweepEveryMs ?? 60_000, stuckAfterMs: deps.recovery?.stuckAfterMs ?? 300_000, maxRecoveries: deps.recovery?.maxRecoveries };
}

/** The queues of an area built from `deps`. */
export function queuesOf(deps: AreaBaseDeps): AreaQueues {
  return { redis: deps.redis, prefix: deps.redisPrefix, logger: deps.logger, concurrency: deps.workerConcurrency };
}

/** Where an area's queues live: the producer connection its producers share, the key prefix, the worker settings. */
export interface AreaQueues {
  /** A producer connection (fails fast); workers get a connection of their own when they start. */
  redis: Redis;
  /** Prefix of the area's queue keys (`QUEUE_PREFIX`; tests give each file its own). */
  prefix?: string;
  logger: Logger;
  /** Jobs a queue's worker runs at once (the process's WORKER_CONCURRENCY settings). */
  concurrency?: (queueName: string) => number | undefined;
}

/** The payload a queue definition carries. */
type PayloadOf<Q> = Q extends QueueDefinition<infer Payload> ? Payload : never;

/**
 * A producer for each of `definitions` on the area's queues, under the same names, and `all` of
 * them (what the area closes when it stops).
 */
export function createAreaProducers<D extends Record<string, QueueDefinition<unknown>>>(
  queues: AreaQueues,
  definitions: D & { all?: never },
): { [K in keyof D]: Producer<PayloadOf<D[K]>> } & { all: Array<Producer<unknown>> } {
  const context = { connection: queues.redis, prefix: queues.prefix, logger: queues.logger };
  const producers = Object.fromEntries(Object.entries(definitions).map(([name, definition]) => [name, createProducer(definition, context)]));
  return { ...producers, all: Object.values(producers) } as { [K in keyof D]: Producer<PayloadOf<D[K]>> } & { all: Array<Producer<unknown>> };
}

/** The recovery sweep of an area: finds stuck records in PostgreSQL and queues them again. */
export interface AreaRecovery {
  queue: QueueDefinition<Record<string, never>>;
  /** How often a sweep runs (RECOVERY_SWEEP_EVERY_MS). */
  everyMs: number;
  sweep(): Promise<Record<string, RecoveryCounts | number>>;
}

/** A job the area's workers run on a schedule (a BullMQ job scheduler, cron pattern in UTC). */
export interface AreaSchedule {
  id: string;
  producer: Producer<Record<string, never>>;
  /** The cron pattern; null: the schedule is switched off, and a scheduler registered earlier is removed. */
  pattern: string | null;
}

/** Anything the area opened that must be closed when it stops (producers, timers, dashboards). */
export interface Closable {
  close(): Promise<void> | void;
}

/** Everything an area is made of, as its `area.ts` wires it. */
export interface AreaDefinition {
  prefix: string;
  /** The area's routes, its OpenAPI document's route included. */
  routes: RouteDefinition[];
  /** Paths that take larger bodies (bulk imports). */
  largeBodies?: LargeBody[];
  /** Checks `/readyz` runs for this area, beside PostgreSQL and Redis. */
  readiness?: ReadinessCheck[];
  queues?: AreaQueues;
  /** The area's queue consumers (its `worker.ts`), started on a worker connection. */
  workers?(options: CreateWorkerOptions): Worker[];
  /** Jobs registered with BullMQ's scheduler when the workers start. */
  schedules?: AreaSchedule[];
  /** Run by one worker at a time, every `everyMs`, wherever the area's workers run. */
  recovery?: AreaRecovery;
  /** More jobs run like the recovery sweep: one worker at a time, every `everyMs`, wherever the area's workers run (the webhook dispatcher). */
  rounds?: AreaRecovery[];
  /** Closed after the workers, in this order. */
  closes?: Closable[];
  /** Where the area's idempotent routes keep their `Idempotency-Key` answers (its `idempotency_keys` table). */
  idempotency?: IdempotencyGuardOptions;
  /** Answers 410 for what an erased tenant owned (`tenantGoneGate` of `@kyb/area-views`): run on every route after its schema. */
  tenantGone?: RequestHandler;
  /** Registers the area's own instruments on the process's Prometheus registry (the one `/metrics` answers from); called once per registry. */
  metrics?: (registry: Registry) => void;
}

/** A wired area: served by its router, its workers started on demand, stopped once. */
export interface Area {
  prefix: string;
  router: Router;
  routes: RouteDefinition[];
  largeBodies: LargeBody[];
  readiness: ReadinessCheck[];
  /** Registers the area's own instruments (none unless its definition has `metrics`) on `registry`. */
  registerMetrics(registry: Registry): void;
  /**
   * Starts the area's workers, its recovery sweeper and its schedules on `connection` (a worker
   * connection); `settings` changes BullMQ's worker settings (tests shorten locks and stall checks).
   */
  startWorkers(connection: Redis, settings?: CreateWorkerOptions['settings']): Promise<Worker[]>;
  /** Closes the workers (running jobs finish first), then the sweeper and everything in `closes`. */
  stop(): Promise<void>;
}

/**
 * One shape for every area: the area's `area.ts` wires its stores and services and hands the
 * parts here; this owns the router, the workers, the recovery sweeper, the schedules and the stop.
 */
export function defineArea<const D extends AreaDefinition>(definition: D): Area & Pick<D, 'recovery'> {
  const workers: Worker[] = [];
  const sweepers: RecoverySweeper[] = [];
  return {
    prefix: definition.prefix,
    router: buildRouter(definition.routes, { idempotency: definition.idempotency ? idempotencyGuard(definition.idempotency) : undefined, tenantGone: definition.tenantGone }),
    routes: definition.routes,
    largeBodies: definition.largeBodies ?? [],
    readiness: definition.readiness ?? [],
    recovery: definition.recovery,
    registerMetrics: (registry) => definition.metrics?.(registry),
    async startWorkers(connection, settings) {
      const queues = definition.queues;
      if (!queues) return [];
      const started = definition.workers?.({ connection, prefix: queues.prefix, logger: queues.logger, concurrency: queues.concurrency, settings }) ?? [];
      for (const recovery of [definition.recovery, ...(definition.rounds ?? [])]) {
        if (!recovery) continue;
        const sweeper = startRecoverySweeper({
          definition: recovery.queue,
          connection: queues.redis,
          prefix: queues.prefix,
          workerConnection: connection,
          logger: queues.logger,
          everyMs: recovery.everyMs,
          sweep: () => recovery.sweep(),
        });
        sweepers.push(sweeper);
        started.push(sweeper.worker);
      }
      workers.push(...started);
      for (const schedule of definition.schedules ?? []) {
        const { queue } = schedule.producer;
        if (schedule.pattern === null) await queue.removeJobScheduler(schedule.id);
        else await queue.upsertJobScheduler(schedule.id, { pattern: schedule.pattern, tz: 'UTC' }, { name: queue.name, data: {} });
      }
      return started;
    },
    stop: () => closeGracefully(workers, [...sweepers, ...(definition.closes ?? [])].map((c) => ({ close: async () => c.close() }))),
  };
}

/** What an area's module adds when a process starts it: a router in front of the area's own, lines to print, more to close. */
export interface StartExtras {
  router?: Router;
  notes?: string[];
  closes?: Closable[];
}

/** Starts `area` in a process: its workers when the process runs workers, its banner line, its stop. */
export async function startArea(name: string, area: Area, runtime: AreaRuntime, extras: StartExtras = {}): Promise<StartedArea> {
  const url = `${runtime.publicUrl}${area.prefix}`;
  return {
    prefix: area.prefix,
    router: extras.router ?? area.router,
    readiness: area.readiness,
    largeBodies: area.largeBodies,
    registerMetrics: (registry) => area.registerMetrics(registry),
    banner: [`  ${`${name} API`.padEnd(15)} ${url}   (OpenAPI: ${url}/openapi.json)`],
    notes: extras.notes,
    workers: runtime.workers ? await area.startWorkers(runtime.workers.connection) : [],
    async stop() {
      await area.stop();
      for (const closable of extras.closes ?? []) await closable.close();
    },
  };
}
