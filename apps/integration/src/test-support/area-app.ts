import type { Express } from 'express';
import { createAreaApp } from '@kyb/http';
import { createIntegrationArea, type IntegrationArea, type IntegrationAreaDeps } from '../area';

/** The integration area as an app of its own; it never listens, so tests drive it directly. */
export function buildApp(deps: IntegrationAreaDeps): { app: Express; area: IntegrationArea } {
  const area = createIntegrationArea(deps);
  return { app: createAreaApp({ service: 'integration', logger: deps.logger, area, db: deps.db, redis: deps.redis }), area };
}
