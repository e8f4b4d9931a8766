import type { Express } from 'express';
import { checkDatabase } from '@kyb/db';
import { createHttpApp } from '@kyb/http';
import { checkRedis } from '@kyb/queues';
import { createIntegrationArea, type IntegrationArea, type IntegrationAreaDeps } from './area';

/** The integration area as an app of its own; it never listens, so tests drive it directly. */
export function buildApp(deps: IntegrationAreaDeps): { app: Express; area: IntegrationArea } {
  const area = createIntegrationArea(deps);
  const app = createHttpApp({
    service: 'integration',
    logger: deps.logger,
    mounts: [{ prefix: area.prefix, router: area.router }],
    readiness: [
      { name: 'postgres', check: () => checkDatabase(deps.db) },
      { name: 'redis', check: () => checkRedis(deps.redis) },
    ],
  });
  return { app, area };
}
