import type { Express } from 'express';
import { createAreaApp } from '@kyb/http';
import { createReportArea, type ReportArea, type ReportAreaDeps } from '../area';

/** The report area as an app of its own; it never listens, so tests drive it directly. */
export function buildApp(deps: ReportAreaDeps): { app: Express; area: ReportArea } {
  const area = createReportArea(deps);
  return { app: createAreaApp({ service: 'report', logger: deps.logger, area, db: deps.db, redis: deps.redis }), area };
}
