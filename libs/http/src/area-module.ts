import type { Router } from 'express';
import type { ProcessTokenKeys, SessionRevocations } from '@kyb/auth';
import type { Setting } from '@kyb/config';
import type { AreaMigrations, Knex } from '@kyb/db';
import type { QueueDefinition, Redis, Worker } from '@kyb/queues';
import type { Registry } from 'prom-client';
import type { LargeBody, ReadinessCheck } from './app';
import type { Logger } from './logger';

/** What a process that runs workers gives the areas it starts. */
export interface WorkerRuntime {
  /** A worker connection (waits out outages); the process closes it after the areas stopped. */
  connection: Redis;
  /** Jobs a queue's worker runs at once: `WORKER_CONCURRENCY_<QUEUE>`, else `WORKER_CONCURRENCY`. */
  concurrency(queueName: string): number;
}

/** What the process gives an area when it starts it. */
export interface AreaRuntime {
  db: Knex;
  /** A producer connection (fails fast). */
  redis: Redis;
  /** Prefix of the area's Redis keys (queues, rate limits): `QUEUE_PREFIX`. */
  queuePrefix: string;
  logger: Logger;
  /** The environment the area reads its own configuration from. */
  env: NodeJS.ProcessEnv;
  /** Where clients reach the process (PUBLIC_APP_URL, or where it listens), for URLs the area prints or sends. */
  publicUrl: string;
  /** Ended sessions, shared by every process through Redis: the auth area writes them, every area's guard checks them. */
  revocations: SessionRevocations;
  /** The process's token keys: the auth area offers its own when it runs here, the others verify with them (docs/adr/0041). */
  tokenKeys: ProcessTokenKeys;
  /** Present when the process runs workers (roles `worker` and `all`): the area starts its workers on it. */
  workers?: WorkerRuntime;
}

/** A started area: its router at its prefix, its running workers, and how to stop them. */
export interface StartedArea {
  prefix: string;
  router: Router;
  readiness?: ReadinessCheck[];
  /** Paths of the area that take larger bodies (bulk imports). */
  largeBodies?: LargeBody[];
  /** Registers the area's own instruments on the process's Prometheus registry, once the process made it. */
  registerMetrics?(registry: Registry): void;
  /** Lines the process prints once it listens: the area's URLs. */
  banner?: string[];
  /** Lines printed after every area's URLs (credentials and hints for local use). */
  notes?: string[];
  /** The workers the area started (none unless the runtime had `workers`). */
  workers?: Worker[];
  stop(): Promise<void>;
}

/**
 * The contract every area's built `area-module.js` fulfils, so one process can run one area (its
 * own main) or all of them (the suite) without any app importing another app's source.
 */
export interface AreaModule {
  name: string;
  migrations: AreaMigrations;
  /** Every setting the area reads (for start-up validation and `--print-settings`). */
  settings: Record<string, Setting<unknown>>;
  /** The queues the area's workers consume; an area without any has no worker role. */
  queues: Array<QueueDefinition<unknown>>;
  start(runtime: AreaRuntime): Promise<StartedArea>;
}
