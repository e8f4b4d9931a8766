import type { RequestHandler } from 'express';
import type { Knex } from '@kyb/db';
import type { Logger, RouteDefinition } from '@kyb/http';
import { createProducer, createWorker, screeningQueue, type Producer, type Redis, type Worker } from '@kyb/queues';
import type { SealedBox } from '@kyb/secrets';
import type { BusinessDirectory, CustomerDirectory } from '@kyb/area-views';
import { screeningCredentialsRoutes } from './screening-credentials.router';
import { createScreeningCredentialsService } from './screening-credentials.service';
import { createPgScreeningCredentialsStore } from './screening-credentials.store';
import { createScreeningProcessor } from './screening.processor';
import type { ScreeningProvider } from './screening.provider';
import { screeningRoutes } from './screening.router';
import { createScreeningService } from './screening.service';
import { createPgScreeningStore } from './screening.store';

/** What the screening feature is built from. */
export interface ScreeningFeatureDeps {
  db: Knex;
  redis: Redis;
  redisPrefix?: string;
  /** Jobs a queue's worker runs at once (the process's WORKER_CONCURRENCY settings). */
  workerConcurrency?: (queueName: string) => number | undefined;
  logger: Logger;
  sealedBox: SealedBox;
  businesses: BusinessDirectory;
  customers: CustomerDirectory;
  provider: ScreeningProvider;
  authenticate: RequestHandler;
  clock: () => Date;
}

/** The screening feature: its routes, its worker, and how to close its producers. */
export interface ScreeningFeature {
  routes: RouteDefinition[];
  /** Starts the screening worker on `connection` (a worker connection). */
  startWorker(connection: Redis): Worker;
  producers: Array<{ close(): Promise<void> }>;
  /** The screening queue's producer (the recovery sweep queues lost jobs again on it). */
  jobs: Producer<{ screeningId: string }>;
}

/** Wires credentials, connection status, screening runs, their worker and results. */
export function createScreeningFeature(deps: ScreeningFeatureDeps): ScreeningFeature {
  const { db, logger, clock, provider, businesses } = deps;
  const queue = createProducer(screeningQueue, { connection: deps.redis, prefix: deps.redisPrefix, logger });
  const store = createPgScreeningStore(db);
  const credentials = createScreeningCredentialsService({
    store: createPgScreeningCredentialsStore(db),
    sealedBox: deps.sealedBox,
    provider,
    clock,
    logger,
  });
  const screenings = createScreeningService({ db, store, credentials, businesses, queue, providerName: provider.name, clock, logger });
  const process = createScreeningProcessor({ store, credentials, businesses, provider, clock, logger });
  return {
    routes: [
      ...screeningCredentialsRoutes({ credentials, customers: deps.customers, authenticate: deps.authenticate }),
      ...screeningRoutes({ screenings, authenticate: deps.authenticate }),
    ],
    startWorker(connection) {
      return createWorker(
        screeningQueue,
        (job) => process(job.data.screeningId, { made: job.attemptsMade, allowed: job.opts.attempts ?? 1 }),
        { connection, prefix: deps.redisPrefix, logger, concurrency: deps.workerConcurrency },
      );
    },
    producers: [queue],
    jobs: queue,
  };
}
