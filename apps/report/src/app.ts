import type { Express } from 'express';
import { checkDatabase } from '@kyb/db';
import { createHttpApp } from '@kyb/http';
import { checkRedis } from '@kyb/queues';
import { createReportArea, type ReportArea, type ReportAreaDeps } from './area';

/** The report area as an app of its own; it never listens, so tests drive it directly. */
export function buildApp(deps: ReportAreaDeps): { app: Express; area: ReportArea } {
  const area = createReportArea(deps);
  const app = createHttpApp({
    service: 'report',
    logger: deps.logger,
    mounts: [{ prefix: area.prefix, router: area.router }],
    readiness: [
      { name: 'postgres', check: () => checkDatabase(deps.db) },
      { name: 'redis', check: () => checkRedis(deps.redis) },
    ],
  });
  return { app, area };
}
