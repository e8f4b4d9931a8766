import type { Express } from 'express';
import { createAreaApp } from '@kyb/http';
import { createAuthArea, type AuthArea, type AuthAreaDeps } from '../area';

/** The auth area as an app of its own; it never listens, so tests drive it directly. */
export function buildApp(deps: AuthAreaDeps & { trustProxy?: boolean | number }): { app: Express; area: AuthArea } {
  const area = createAuthArea(deps);
  return { app: createAreaApp({ service: 'auth', logger: deps.logger, area, db: deps.db, redis: deps.redis, trustProxy: deps.trustProxy }), area };
}
