import type { RequestHandler } from 'express';
import type { Knex } from '@kyb/db';
import type { Logger, RouteDefinition } from '@kyb/http';
import { businessEnrichmentQueue, createProducer, createWorker, enrichmentCompletedQueue, type Producer, type Redis, type Worker } from '@kyb/queues';
import type { BusinessDirectory } from '@kyb/area-views';
import type { FinancialsProvider } from '../providers/financials.provider';
import type { PublicRecordsProvider } from '../providers/public-records.provider';
import type { BusinessVerifier } from '../verification/business-verifier';
import { createPgPublicRecordsStore } from '../public-records/public-records.store';
import { createEnrichmentProcessor } from './enrichment.processor';
import { enrichmentRoutes } from './enrichment.router';
import { createEnrichmentService } from './enrichment.service';
import { createPgTaskStore } from './integration-tasks.store';

/** What the enrichment feature is built from. */
export interface EnrichmentFeatureDeps {
  db: Knex;
  redis: Redis;
  redisPrefix?: string;
  /** Jobs a queue's worker runs at once (the process's WORKER_CONCURRENCY settings). */
  workerConcurrency?: (queueName: string) => number | undefined;
  logger: Logger;
  businesses: BusinessDirectory;
  provider: PublicRecordsProvider;
  financials: FinancialsProvider;
  /** Verifies and classifies a business after its records are in. */
  verifier?: BusinessVerifier;
  authenticate: RequestHandler;
  clock: () => Date;
}

/** Enrichment, public records (E1) and BJL facts (E11): routes, the worker, producers to close. */
export interface EnrichmentFeature {
  routes: RouteDefinition[];
  startWorker(connection: Redis): Worker;
  producers: Array<{ close(): Promise<void> }>;
  /** The enrichment queue's producer (the recovery sweep queues lost jobs again on it). */
  jobs: Producer<{ businessId: string; customerId: string }>;
}

/** Wires the enrichment worker (consuming what business creation queues), E1, E11 and refreshes. */
export function createEnrichmentFeature(deps: EnrichmentFeatureDeps): EnrichmentFeature {
  const context = { connection: deps.redis, prefix: deps.redisPrefix, logger: deps.logger };
  const enrichmentJobs = createProducer(businessEnrichmentQueue, context);
  const completed = createProducer(enrichmentCompletedQueue, context);
  const tasks = createPgTaskStore(deps.db);
  const records = createPgPublicRecordsStore(deps.db);
  const enrichment = createEnrichmentService({
    tasks,
    records,
    businesses: deps.businesses,
    enrichment: enrichmentJobs,
    providerName: deps.provider.name,
    clock: deps.clock,
  });
  const process = createEnrichmentProcessor({
    db: deps.db,
    tasks,
    records,
    businesses: deps.businesses,
    provider: deps.provider,
    financials: deps.financials,
    verifier: deps.verifier,
    completed,
    clock: deps.clock,
    logger: deps.logger,
  });
  return {
    routes: enrichmentRoutes({ enrichment, authenticate: deps.authenticate }),
    startWorker: (connection) =>
      createWorker(businessEnrichmentQueue, (job) => process(job), { connection, prefix: deps.redisPrefix, logger: deps.logger, concurrency: deps.workerConcurrency }),
    producers: [enrichmentJobs, completed],
    jobs: enrichmentJobs,
  };
}
