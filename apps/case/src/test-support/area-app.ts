import type { Express } from 'express';
import { createAreaApp } from '@kyb/http';
import { createCaseArea, type CaseArea, type CaseAreaDeps } from '../area';

/** The case area as an app of its own; it never listens, so tests drive it directly. */
export function buildApp(deps: CaseAreaDeps): { app: Express; area: CaseArea } {
  const area = createCaseArea(deps);
  return { app: createAreaApp({ service: 'case', logger: deps.logger, area, db: deps.db, redis: deps.redis }), area };
}
