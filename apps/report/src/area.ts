import type { Router } from 'express';
import { DelayedError, type WorkerOptions } from 'bullmq';
import { authenticateWith, type TokenTrust } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { buildRouter, type Logger, type RouteDefinition } from '@kyb/http';
import { withOpenApiRoute } from '@kyb/openapi';
import { closeGracefully, createProducer, createWorker, reportQueue, reportRecoveryQueue, startRecoverySweeper, type RecoverySweeper, type Redis, type Worker } from '@kyb/queues';
import { createBusinessDirectory, createIntegrationDirectory, createScoreDirectory, createVerificationDirectory } from '@kyb/area-views';
import type { ReportData } from './pdf/report-data';
import { renderBusinessReport } from './pdf/render-business-report';
import { createReportRecovery } from './recovery/report-recovery';
import { createPgReportRecoveryStore } from './recovery/report-recovery.store';
import { createReportProcessor } from './reports/report.processor';
import { reportRoutes } from './reports/reports.router';
import { createReportsService } from './reports/reports.service';
import { createPgReportStore } from './reports/reports.store';
import { createUrlSigner } from './reports/signed-urls';
import { createPgReportStorage, type ReportStorage } from './storage/report-storage';

/** Where the report area is served. */
export const REPORT_PREFIX = '/report/api/v1';

/** What the report area is built from. */
export interface ReportAreaDeps {
  db: Knex;
  redis: Redis;
  /** Prefix of the area's queue keys (tests give each file its own). */
  redisPrefix?: string;
  /** Jobs a queue's worker runs at once (the process's WORKER_CONCURRENCY settings). */
  workerConcurrency?: (queueName: string) => number | undefined;
  logger: Logger;
  /** How bearer tokens are trusted: the auth area's keys (its JWKS over HTTP in production), issuer, audience, ended sessions. */
  tokens: TokenTrust;
  /** Signs download URLs (a key is derived from it). */
  dataEncryptionKey: Buffer;
  /** Base of download URLs. */
  publicAppUrl: string;
  urlTtlSeconds?: number;
  /** Where PDFs are kept (default: PostgreSQL). */
  storage?: ReportStorage;
  /** Renders the PDF (default: the 360 report). */
  render?: (data: ReportData) => Promise<Buffer>;
  /** How long a worker holds a report while rendering (default 60 s). */
  leaseMs?: number;
  /** The recovery sweep of stuck reports: how often it runs and when a report counts as stuck (default 60 s, 5 min). */
  recovery?: { sweepEveryMs: number; stuckAfterMs: number; maxRecoveries?: number };
  clock?: () => Date;
}

/** The report area: its router and routes. */
export interface ReportArea {
  prefix: string;
  router: Router;
  routes: RouteDefinition[];
  /** Starts the rendering worker on `connection`; `settings` shortens BullMQ's lock and stall checks (tests). */
  startWorkers(connection: Redis, settings?: Partial<WorkerOptions>): Worker[];
  /** The recovery sweep, run by the sweeper's scheduled jobs (tests call it directly). */
  recovery: { sweep(): Promise<unknown> };
  stop(): Promise<void>;
}

/** Wires the report area: E6, E7, downloads, and the worker that renders reports. */
export function createReportArea(deps: ReportAreaDeps): ReportArea {
  const clock = deps.clock ?? (() => new Date());
  const jobs = createProducer(reportQueue, { connection: deps.redis, prefix: deps.redisPrefix, logger: deps.logger });
  const store = createPgReportStore(deps.db);
  const storage = deps.storage ?? createPgReportStorage(deps.db);
  const businesses = createBusinessDirectory(deps.db);
  const reports = createReportsService({
    store,
    businesses,
    storage,
    signer: createUrlSigner({ dataEncryptionKey: deps.dataEncryptionKey, baseUrl: deps.publicAppUrl, ttlSeconds: deps.urlTtlSeconds ?? 300, clock }),
    reports: jobs,
    clock,
    logger: deps.logger,
  });
  const process = createReportProcessor({
    store,
    storage,
    sources: {
      businesses,
      integration: createIntegrationDirectory(deps.db),
      verification: createVerificationDirectory(deps.db),
      scores: createScoreDirectory(deps.db),
    },
    render: deps.render ?? renderBusinessReport,
    clock,
    logger: deps.logger,
    leaseMs: deps.leaseMs ?? 60_000,
  });
  const routes = withOpenApiRoute(reportRoutes({ reports, authenticate: authenticateWith({ ...deps.tokens, clock }) }), {
    title: 'Report area',
    version: '1.0.0',
    description: '360 business reports: requested, rendered to PDF by a worker, downloaded through short-lived signed URLs.',
    serverUrl: REPORT_PREFIX,
  });
  const recovery = createReportRecovery({
    store: createPgReportRecoveryStore(deps.db),
    reports: jobs,
    clock,
    logger: deps.logger,
    stuckAfterMs: deps.recovery?.stuckAfterMs ?? 300_000,
    maxRecoveries: deps.recovery?.maxRecoveries,
  });
  const workers: Array<{ close(): Promise<void>; waitUntilReady(): Promise<unknown> }> = [];
  const sweepers: RecoverySweeper[] = [];
  return {
    prefix: REPORT_PREFIX,
    router: buildRouter(routes),
    routes,
    recovery,
    startWorkers(connection, settings) {
      // Wherever workers run, reports whose job was lost are found in PostgreSQL and queued again.
      const sweeper = startRecoverySweeper({
        definition: reportRecoveryQueue,
        connection: deps.redis,
        prefix: deps.redisPrefix,
        workerConnection: connection,
        logger: deps.logger,
        everyMs: deps.recovery?.sweepEveryMs ?? 60_000,
        sweep: () => recovery.sweep(),
      });
      sweepers.push(sweeper);
      const started: Worker[] = [
        createWorker(
          reportQueue,
          async (job, token) => {
            const run = await process(job.data.reportId, { made: job.attemptsMade, allowed: job.opts.attempts ?? 1 });
            // Another worker holds the report: wait for its lease to lapse (it may have died), without spending an attempt.
            if (run.outcome === 'busy' && token) {
              await job.moveToDelayed(run.until.getTime() + 250, token);
              throw new DelayedError();
            }
            return run.outcome;
          },
          { connection, prefix: deps.redisPrefix, logger: deps.logger, concurrency: deps.workerConcurrency, settings },
        ),
        sweeper.worker,
      ];
      workers.push(...started);
      return started;
    },
    stop: () => closeGracefully(workers, [...sweepers, jobs]),
  };
}
