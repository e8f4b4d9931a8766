import type { Router } from 'express';
import { authenticateWith, type TokenTrust } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { buildRouter, type Logger, type RouteDefinition } from '@kyb/http';
import { withOpenApiRoute } from '@kyb/openapi';
import {
  closeGracefully,
  createProducer,
  createWorker,
  enrichmentCompletedQueue,
  scoreMonitoringQueue,
  scoreQueue,
  scoreRecoveryQueue,
  startRecoverySweeper,
  type RecoverySweeper,
  type Redis,
  type Worker,
} from '@kyb/queues';
import { createBusinessDirectory, createIntegrationDirectory, createVerificationDirectory } from '@kyb/area-views';
import { createScoreRecovery } from './recovery/score-recovery';
import { createPgScoreRecoveryStore } from './recovery/score-recovery.store';
import { createScoreProcessors } from './scores/scores.processor';
import { scoreRoutes } from './scores/scores.router';
import { createScoresService } from './scores/scores.service';
import { createPgScoreStore } from './scores/scores.store';

/** Where the score area is served. */
export const SCORE_PREFIX = '/score/api/v1';

/** What the score area is built from. */
export interface ScoreAreaDeps {
  db: Knex;
  redis: Redis;
  /** Prefix of the area's queue keys (tests give each file its own). */
  redisPrefix?: string;
  /** Jobs a queue's worker runs at once (the process's WORKER_CONCURRENCY settings). */
  workerConcurrency?: (queueName: string) => number | undefined;
  logger: Logger;
  /** How bearer tokens are trusted: the auth area's keys (its JWKS over HTTP in production), issuer, audience, ended sessions. */
  tokens: TokenTrust;
  /** When monitored businesses are scored (cron, UTC); unset: never. */
  monitoringCron?: string;
  /** The recovery sweep of stuck and missing scores: how often it runs and when a record counts as stuck (default 60 s, 5 min). */
  recovery?: { sweepEveryMs: number; stuckAfterMs: number; maxRecoveries?: number };
  clock?: () => Date;
}

/** The score area: its router and routes. */
export interface ScoreArea {
  prefix: string;
  router: Router;
  routes: RouteDefinition[];
  /** Starts the area's workers on `connection` and schedules the monthly monitoring; `stop()` closes them. */
  startWorkers(connection: Redis): Promise<Worker[]>;
  /** The recovery sweep, run by the sweeper's scheduled jobs (tests call it directly). */
  recovery: { sweep(): Promise<unknown> };
  stop(): Promise<void>;
}

/** Wires the score area: E10, on-demand scores, and the workers that compute them. */
export function createScoreArea(deps: ScoreAreaDeps): ScoreArea {
  const clock = deps.clock ?? (() => new Date());
  const context = { connection: deps.redis, prefix: deps.redisPrefix, logger: deps.logger };
  const scoreJobs = createProducer(scoreQueue, context);
  const monitoring = createProducer(scoreMonitoringQueue, context);
  const store = createPgScoreStore(deps.db);
  const businesses = createBusinessDirectory(deps.db);
  const processors = createScoreProcessors({
    store,
    businesses,
    integration: createIntegrationDirectory(deps.db),
    verification: createVerificationDirectory(deps.db),
    scores: scoreJobs,
    clock,
    logger: deps.logger,
  });
  const scores = createScoresService({ store, businesses, scores: scoreJobs, clock, logger: deps.logger });
  const routes = withOpenApiRoute(scoreRoutes({ scores, authenticate: authenticateWith({ ...deps.tokens, clock }) }), {
    title: 'Score area',
    version: '1.0.0',
    description: 'Business risk scores from a versioned weighting config, computed after enrichment, on demand and monthly for monitored businesses.',
    serverUrl: SCORE_PREFIX,
  });
  const recovery = createScoreRecovery({
    store: createPgScoreRecoveryStore(deps.db),
    scores: scoreJobs,
    afterEnrichment: processors.afterEnrichment,
    clock,
    logger: deps.logger,
    stuckAfterMs: deps.recovery?.stuckAfterMs ?? 300_000,
    maxRecoveries: deps.recovery?.maxRecoveries,
  });
  const workers: Array<{ close(): Promise<void>; waitUntilReady(): Promise<unknown> }> = [];
  const sweepers: RecoverySweeper[] = [];
  return {
    prefix: SCORE_PREFIX,
    router: buildRouter(routes),
    routes,
    recovery,
    async startWorkers(connection) {
      const options = { connection, prefix: deps.redisPrefix, logger: deps.logger, concurrency: deps.workerConcurrency };
      // Wherever workers run, lost and stuck scores are found in PostgreSQL and queued again.
      const sweeper = startRecoverySweeper({
        definition: scoreRecoveryQueue,
        connection: deps.redis,
        prefix: deps.redisPrefix,
        workerConnection: connection,
        logger: deps.logger,
        everyMs: deps.recovery?.sweepEveryMs ?? 60_000,
        sweep: () => recovery.sweep(),
      });
      sweepers.push(sweeper);
      const started: Worker[] = [
        createWorker(scoreQueue, (job) => processors.compute(job.data.scoreId, { made: job.attemptsMade, allowed: job.opts.attempts ?? 1 }), options),
        createWorker(enrichmentCompletedQueue, (job) => processors.afterEnrichment(job.data.businessId, job.data.taskId), options),
        // One at a time: the monthly run must not queue a business twice.
        createWorker(scoreMonitoringQueue, () => processors.monitorAll(), { ...options, concurrency: 1 }),
        sweeper.worker,
      ];
      workers.push(...started);
      if (deps.monitoringCron) {
        await monitoring.queue.upsertJobScheduler('monthly-monitoring', { pattern: deps.monitoringCron, tz: 'UTC' }, { name: scoreMonitoringQueue.name, data: {} });
      }
      return started;
    },
    stop: () => closeGracefully(workers, [...sweepers, scoreJobs, monitoring]),
  };
}
