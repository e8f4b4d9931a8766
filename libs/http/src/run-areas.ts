import type { Express } from 'express';
import type { ProcessRole } from '@kyb/config';
import {
  checkDatabase,
  createDatabase,
  ensureDatabaseExists,
  ensureDatabaseReachable,
  ensurePostgresReachable,
  ensureSchemaCurrent,
  migrateLatest,
} from '@kyb/db';
import { createProcessTokenKeys, createRedisSessionRevocations } from '@kyb/auth';
import { createApiReferenceRouter } from '@kyb/ops-ui';
import { checkRedis, clusterSafePrefix, createQueueMetrics, createRedisConnection, ensureRedisReachable, subscriberConnection, type QueueMetrics } from '@kyb/queues';
import { stopTelemetry } from '@kyb/telemetry';
import { createHttpApp, type CreateHttpAppOptions } from './app';
import type { AreaModule, StartedArea } from './area-module';
import { createLogger } from './logger';
import { createHttpMetrics } from './metrics';
import { warnWithoutRedisPersistence } from './redis-persistence';
import { serve } from './serve';
import { createShutdownState } from './shutdown-state';

/** Options of {@link runAreas}. */
export interface RunAreasOptions {
  service: string;
  /** `all` migrates and runs everything (local use); `api` serves HTTP only; `worker` runs workers only. */
  role: Exclude<ProcessRole, 'migrate'>;
  /** The public HTTP port (roles `api` and `all`). */
  port: number;
  /** The port of /healthz, /readyz and /metrics (every role; /metrics is never on the public port). */
  metricsPort: number;
  databaseUrl: string;
  /** One Redis (`redis://`) or a cluster (`redis+cluster://host:port,...`: REDIS_URL with REDIS_CLUSTER_NODES, see `redisUrlOf`). */
  redisUrl: string;
  logLevel: string;
  env: NodeJS.ProcessEnv;
  /** QUEUE_PREFIX; on a cluster every key gets it as a hash tag (`{kyb}`), see `clusterSafePrefix`. */
  queuePrefix: string;
  trustProxy: CreateHttpAppOptions['trustProxy'];
  dbPoolMax: number;
  /** Jobs a queue's worker runs at once. */
  workerConcurrency(queueName: string): number;
  /** Where clients reach the process (PUBLIC_APP_URL); defaults to where it listens. */
  publicUrl?: string;
  /** On SIGTERM, how long `/readyz` answers 503 while requests are still served (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs?: number;
  /** Longest time requests in flight and running jobs get to finish on a stop (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs?: number;
}

/**
 * Runs areas in this process in one role. Every role checks that PostgreSQL and Redis answer (one
 * clear line if not). `all` creates the database if missing and applies each area's migrations;
 * `api` and `worker` never touch the schema and refuse to start while an area's schema is behind
 * its code. SIGINT/SIGTERM stop everything cleanly.
 */
export async function runAreas(modules: AreaModule[], given: RunAreasOptions): Promise<{ banner: string[] }> {
  const options = { ...given, queuePrefix: clusterSafePrefix(given.queuePrefix, given.redisUrl) };
  const local = options.role === 'all';
  const logger = createLogger({ level: options.logLevel, name: options.service });
  const areas = options.role === 'worker' ? modules.filter((m) => m.queues.length > 0) : modules;
  if (areas.length === 0) throw new Error(`the ${modules.map((m) => m.name).join(', ')} area has no workers: run it with ROLE=api`);

  await (local ? ensurePostgresReachable(options.databaseUrl) : ensureDatabaseReachable(options.databaseUrl));
  await ensureRedisReachable(options.redisUrl);
  if (local) await ensureDatabaseExists(options.databaseUrl);
  const db = createDatabase({
    url: options.databaseUrl,
    applicationName: `kyb-${options.service}-${options.role}`,
    pool: { max: options.dbPoolMax },
  });
  try {
    for (const module of modules) {
      if (local) await migrateLatest(db, module.migrations);
      else await ensureSchemaCurrent(db, module.name, module.migrations);
    }
  } catch (err) {
    await db.destroy();
    throw err;
  }

  const redis = createRedisConnection(options.redisUrl, 'producer');
  const workerConnection = options.role === 'api' ? undefined : createRedisConnection(options.redisUrl, 'worker');
  const publicUrl = options.publicUrl || `http://localhost:${options.port}`;
  // One revocation cache per process, kept current from Redis, shared by the areas it runs.
  const revocations = createRedisSessionRevocations({ redis, subscriber: (settings) => subscriberConnection(redis, settings), prefix: options.queuePrefix, logger });
  await revocations.start();
  // The auth area's keys, read in process by the areas beside it when it runs here (docs/adr/0041).
  const tokenKeys = createProcessTokenKeys();
  const started: StartedArea[] = [];
  for (const module of areas) {
    started.push(
      await module.start({
        db,
        redis,
        queuePrefix: options.queuePrefix,
        logger,
        env: options.env,
        publicUrl,
        revocations,
        tokenKeys,
        workers: workerConnection && { connection: workerConnection, concurrency: options.workerConcurrency },
      }),
    );
  }

  // Said once the process runs (not before a start-up check refuses it): what a Redis restart costs here.
  if (workerConnection) await warnWithoutRedisPersistence(redis, logger);
  const metrics = createHttpMetrics({ service: options.service });
  // The areas' own instruments (the integration area's provider circuits) beside the HTTP and queue ones.
  for (const area of started) area.registerMetrics?.(metrics.registry);
  // Queue depth and job outcomes where workers run: what the autoscalers and operators read.
  let queueMetrics: QueueMetrics | undefined;
  if (workerConnection) {
    queueMetrics = createQueueMetrics({
      registry: metrics.registry,
      queues: areas.flatMap((m) => m.queues),
      connection: redis,
      prefix: options.queuePrefix,
      logger,
    });
    for (const worker of started.flatMap((area) => area.workers ?? [])) queueMetrics.observeWorker(worker);
  }
  const readiness = [
    { name: 'postgres', check: () => checkDatabase(db) },
    { name: 'redis', check: () => checkRedis(redis) },
    { name: 'sessions', check: () => revocations.check() },
    ...started.flatMap((area) => area.readiness ?? []),
  ];
  const shutdown = createShutdownState();
  const listeners: Array<{ app: Express; port: number; ops?: boolean }> = [];
  if (options.role !== 'worker') {
    const app = createHttpApp({
      service: options.service,
      logger,
      mounts: started.flatMap((area, i) => [
        // The API reference (Swagger UI) of the area's own OpenAPI document.
        { prefix: `${area.prefix}/docs`, router: createApiReferenceRouter({ title: `${areas[i].name} API`, specUrl: `${area.prefix}/openapi.json` }) },
        { prefix: area.prefix, router: area.router },
      ]),
      trustProxy: options.trustProxy,
      largeBodies: started.flatMap((area) => area.largeBodies ?? []),
      readiness,
      metrics,
      shutdown,
      // Never on the public port: anyone could read it there.
      exposeMetrics: false,
    });
    listeners.push({ app, port: options.port });
  }
  const ops = createHttpApp({ service: options.service, logger, mounts: [], readiness, metrics, shutdown });
  listeners.push({ app: ops, port: options.metricsPort, ops: true });
  await serve({
    listeners,
    logger,
    shutdown,
    // A worker process has no public port to drain: it stops taking jobs at once.
    drainMs: options.role === 'worker' ? 0 : options.shutdownDrainMs,
    graceMs: options.shutdownGraceMs,
    onShutdown: async () => {
      await Promise.allSettled(started.map((area) => area.stop()));
      await queueMetrics?.close();
      await revocations.close();
      workerConnection?.disconnect();
      redis.disconnect();
      await db.destroy();
      // What the process traced last is sent before it exits.
      await stopTelemetry();
    },
  });
  logger.info({ role: options.role, port: options.port, metricsPort: options.metricsPort, areas: areas.map((m) => m.name) }, 'started');
  return { banner: bannerOf(options, started, areas, publicUrl) };
}

function bannerOf(options: RunAreasOptions, started: StartedArea[], areas: AreaModule[], publicUrl: string): string[] {
  const workerLines = started
    .map((area, i) => ({ name: areas[i].name, workers: area.workers ?? [] }))
    .filter((area) => area.workers.length > 0)
    .map((area) => `  ${area.name} workers: ${area.workers.map((w) => `${w.name} (x${w.concurrency})`).join(', ')}`);
  const opsLine = `  health and metrics on http://localhost:${options.metricsPort} (/healthz, /readyz, /metrics)`;
  if (options.role === 'worker') return [`Role worker, queue prefix ${options.queuePrefix}`, ...workerLines, opsLine];
  const listening = [`Listening on ${publicUrl}`, ...started.flatMap((area) => area.banner ?? [])];
  if (options.role === 'api') return [`Role api`, ...listening, opsLine];
  return [...listening, ...started.flatMap((area) => area.notes ?? []), '', opsLine.trim()];
}
