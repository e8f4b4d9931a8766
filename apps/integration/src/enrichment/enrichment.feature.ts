import type { RequestHandler } from 'express';
import type { Knex } from '@kyb/db';
import type { Logger, RouteDefinition } from '@kyb/http';
import type { Redis } from '@kyb/queues';
import type { BusinessDirectory } from '@kyb/tenants';
import type { PublicRecordsProvider } from '../providers/public-records.provider';

/** What the enrichment feature is built from. */
export interface EnrichmentFeatureDeps {
  db: Knex;
  redis: Redis;
  redisPrefix?: string;
  logger: Logger;
  businesses: BusinessDirectory;
  provider: PublicRecordsProvider;
  authenticate: RequestHandler;
  clock: () => Date;
  /** Attempts at fetching before a task is FAILED. */
  attempts: number;
}

/** Enrichment, public records (E1) and BJL facts (E11): routes, the worker, producers to close. */
export interface EnrichmentFeature {
  routes: RouteDefinition[];
  startWorker(connection: Redis): { close(): Promise<void>; waitUntilReady(): Promise<unknown> };
  producers: Array<{ close(): Promise<void> }>;
}

/** Being written. */
export function createEnrichmentFeature(_deps: EnrichmentFeatureDeps): EnrichmentFeature {
  return { routes: [], startWorker: () => ({ close: async () => undefined, waitUntilReady: async () => undefined }), producers: [] };
}
