import type { RequestHandler } from 'express';
import type { Knex } from '@kyb/db';
import type { Logger, RouteDefinition } from '@kyb/http';
import type { Redis } from '@kyb/queues';
import type { SealedBox } from '@kyb/secrets';
import type { BusinessDirectory } from '@kyb/tenants';
import type { ScreeningProvider } from './screening.provider';

/** What the screening feature is built from. */
export interface ScreeningFeatureDeps {
  db: Knex;
  redis: Redis;
  redisPrefix?: string;
  logger: Logger;
  sealedBox: SealedBox;
  businesses: BusinessDirectory;
  provider: ScreeningProvider;
  authenticate: RequestHandler;
  clock: () => Date;
}

/** The screening feature: its routes, its worker, and how to close its producers. */
export interface ScreeningFeature {
  routes: RouteDefinition[];
  /** Starts the screening worker on `connection` (a worker connection). */
  startWorker(connection: Redis): { close(): Promise<void>; waitUntilReady(): Promise<unknown> };
  producers: Array<{ close(): Promise<void> }>;
}

/** Wires credentials, connection status, screening runs, their worker and results. */
export function createScreeningFeature(_deps: ScreeningFeatureDeps): ScreeningFeature {
  // Being written: no routes yet.
  return { routes: [], startWorker: () => ({ close: async () => undefined, waitUntilReady: async () => undefined }), producers: [] };
}
