import type { Router } from 'express';
import { authenticateWith, type TokenTrust } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { buildRouter, type Logger, type RouteDefinition } from '@kyb/http';
import { withOpenApiRoute } from '@kyb/openapi';
import { closeGracefully, integrationRecoveryQueue, startRecoverySweeper, type RecoverySweeper, type Redis, type Worker } from '@kyb/queues';
import { createSealedBox } from '@kyb/secrets';
import { createBusinessDirectory, createCustomerDirectory } from '@kyb/area-views';
import { createEnrichmentFeature } from './enrichment/enrichment.feature';
import type { FinancialsProvider } from './providers/financials.provider';
import type { PublicRecordsProvider } from './providers/public-records.provider';
import { createSandboxFinancialsProvider } from './providers/sandbox-financials.provider';
import { createSandboxPublicRecordsProvider } from './providers/sandbox-public-records.provider';
import { createIntegrationRecovery } from './recovery/integration-recovery';
import { createPgIntegrationRecoveryStore } from './recovery/integration-recovery.store';
import { createScreeningFeature } from './screening/screening.feature';
import type { ScreeningProvider } from './screening/screening.provider';
import { createSandboxScreeningProvider } from './screening/sandbox-screening.provider';
import type { IndustryClassifier } from './classification/classification.provider';
import { createVerificationFeature } from './verification/verification.feature';
import type { VerificationProviders } from './verification/verification.providers';

/** Where the integration area is served. */
export const INTEGRATION_PREFIX = '/integration/api/v1';

/** What the integration area is built from. */
export interface IntegrationAreaDeps {
  db: Knex;
  redis: Redis;
  /** Prefix of the area's queue keys (tests give each file its own). */
  redisPrefix?: string;
  /** Jobs a queue's worker runs at once (the process's WORKER_CONCURRENCY settings). */
  workerConcurrency?: (queueName: string) => number | undefined;
  dataEncryptionKey: Buffer;
  logger: Logger;
  /** How bearer tokens are trusted: the auth area's keys (its JWKS over HTTP in production), issuer, audience, ended sessions. */
  tokens: TokenTrust;
  /** Where public records come from (default: the sandbox). */
  publicRecordsProvider?: PublicRecordsProvider;
  /** Where financial statements and the credit bureau report come from (default: the sandbox). */
  financialsProvider?: FinancialsProvider;
  /** Where screenings run (default: the sandbox, taking `screeningSandboxDelayMs`). */
  screeningProvider?: ScreeningProvider;
  screeningSandboxDelayMs?: number;
  /** Where TIN matches, secretary-of-state filings and address checks come from (each defaults to its sandbox). */
  verificationProviders?: Partial<VerificationProviders>;
  /** Classifies businesses the client sent no NAICS code for (default: the sandbox). */
  classifier?: IndustryClassifier;
  /** The recovery sweep of stuck enrichments and screenings: how often it runs and when a record counts as stuck (default 60 s, 5 min). */
  recovery?: { sweepEveryMs: number; stuckAfterMs: number; maxRecoveries?: number };
  clock?: () => Date;
}

/** The integration area: its router and routes. */
export interface IntegrationArea {
  prefix: string;
  router: Router;
  routes: RouteDefinition[];
  /** Starts the area's workers and its recovery sweeper on `connection` (a worker connection) and returns them; `stop()` closes them. */
  startWorkers(connection: Redis): Worker[];
  /** The recovery sweep, run by the sweeper's scheduled jobs (tests call it directly). */
  recovery: { sweep(): Promise<unknown> };
  /** Closes the area's workers (letting running jobs finish), then its queue producers. */
  stop(): Promise<void>;
}

/** Wires the integration area's features. */
export function createIntegrationArea(deps: IntegrationAreaDeps): IntegrationArea {
  const clock = deps.clock ?? (() => new Date());
  const guard = authenticateWith({ ...deps.tokens, clock });
  const businesses = createBusinessDirectory(deps.db);
  const shared = { db: deps.db, redis: deps.redis, redisPrefix: deps.redisPrefix, workerConcurrency: deps.workerConcurrency, logger: deps.logger, businesses, authenticate: guard, clock };
  const publicRecords = deps.publicRecordsProvider ?? createSandboxPublicRecordsProvider();
  const sealedBox = createSealedBox(deps.dataEncryptionKey);
  const verification = createVerificationFeature({
    ...shared,
    sealedBox,
    providers: deps.verificationProviders,
    classifier: deps.classifier,
  });
  const enrichment = createEnrichmentFeature({
    ...shared,
    provider: publicRecords,
    financials: deps.financialsProvider ?? createSandboxFinancialsProvider(),
    verifier: verification.verifier,
  });
  const screening = createScreeningFeature({
    ...shared,
    sealedBox,
    customers: createCustomerDirectory(deps.db),
    provider: deps.screeningProvider ?? createSandboxScreeningProvider({ delayMs: deps.screeningSandboxDelayMs ?? 3000 }),
  });
  const routes = withOpenApiRoute([...enrichment.routes, ...verification.routes, ...screening.routes], {
    title: 'Integration area',
    version: '1.0',
    description: 'All integration information about a business: public records, bankruptcies/judgements/liens facts, business verification and merchant screening.',
    serverUrl: INTEGRATION_PREFIX,
  });
  const recovery = createIntegrationRecovery({
    store: createPgIntegrationRecoveryStore(deps.db),
    enrichment: enrichment.jobs,
    screenings: screening.jobs,
    providerName: publicRecords.name,
    clock,
    logger: deps.logger,
    stuckAfterMs: deps.recovery?.stuckAfterMs ?? 300_000,
    maxRecoveries: deps.recovery?.maxRecoveries,
  });
  const workers: Array<{ close(): Promise<void>; waitUntilReady(): Promise<unknown> }> = [];
  const sweepers: RecoverySweeper[] = [];
  return {
    prefix: INTEGRATION_PREFIX,
    router: buildRouter(routes),
    routes,
    recovery,
    startWorkers(connection) {
      // Wherever workers run, lost enrichments and screenings are found in PostgreSQL and queued again.
      const sweeper = startRecoverySweeper({
        definition: integrationRecoveryQueue,
        connection: deps.redis,
        prefix: deps.redisPrefix,
        workerConnection: connection,
        logger: deps.logger,
        everyMs: deps.recovery?.sweepEveryMs ?? 60_000,
        sweep: () => recovery.sweep(),
      });
      sweepers.push(sweeper);
      const started: Worker[] = [enrichment.startWorker(connection), screening.startWorker(connection), sweeper.worker];
      workers.push(...started);
      return started;
    },
    stop: () => closeGracefully(workers, [...sweepers, ...enrichment.producers, ...screening.producers]),
  };
}
