import type { Express, Router } from 'express';
import { checkDatabase, type Knex } from '@kyb/db';
import { checkRedis, type Redis } from '@kyb/queues';
import type { StartedArea } from './area-module';
import { createHttpApp, type CreateHttpAppOptions, type LargeBody, type ReadinessCheck } from './app';
import type { Logger } from './logger';
import { createHttpMetrics } from './metrics';

/**
 * One area as an app of its own (its tests, or a process serving only it): the area's router at
 * its prefix, ready when its PostgreSQL and Redis (and the area's own checks) answer. It never listens.
 */
export function createAreaApp(options: {
  service: string;
  logger: Logger;
  area: { prefix: string; router: Router; largeBodies?: LargeBody[]; readiness?: ReadinessCheck[]; registerMetrics?: StartedArea['registerMetrics'] };
  db: Knex;
  redis: Redis;
  trustProxy?: CreateHttpAppOptions['trustProxy'];
}): Express {
  const metrics = createHttpMetrics({ service: options.service });
  options.area.registerMetrics?.(metrics.registry);
  return createHttpApp({
    metrics,
    service: options.service,
    logger: options.logger,
    mounts: [{ prefix: options.area.prefix, router: options.area.router }],
    largeBodies: options.area.largeBodies,
    trustProxy: options.trustProxy,
    readiness: [
      { name: 'postgres', check: () => checkDatabase(options.db) },
      { name: 'redis', check: () => checkRedis(options.redis) },
      ...(options.area.readiness ?? []),
    ],
  });
}
