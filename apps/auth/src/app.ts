import type { Express } from 'express';
import { checkDatabase } from '@kyb/db';
import { createHttpApp } from '@kyb/http';
import { checkRedis } from '@kyb/queues';
import { createAuthArea, type AuthArea, type AuthAreaDeps } from './area';

/** The auth area as an app of its own; it never listens, so tests drive it directly. */
export function buildApp(deps: AuthAreaDeps & { trustProxy?: boolean | number }): { app: Express; area: AuthArea } {
  const area = createAuthArea(deps);
  const app = createHttpApp({
    service: 'auth',
    logger: deps.logger,
    mounts: [{ prefix: area.prefix, router: area.router }],
    trustProxy: deps.trustProxy,
    readiness: [
      { name: 'postgres', check: () => checkDatabase(deps.db) },
      { name: 'redis', check: () => checkRedis(deps.redis) },
    ],
  });
  return { app, area };
}
