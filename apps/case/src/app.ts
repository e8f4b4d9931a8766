import type { Express } from 'express';
import { checkDatabase } from '@kyb/db';
import { createHttpApp } from '@kyb/http';
import { checkRedis } from '@kyb/queues';
import { createCaseArea, type CaseArea, type CaseAreaDeps } from './area';

/** The case area as an app of its own; it never listens, so tests drive it directly. */
export function buildApp(deps: CaseAreaDeps): { app: Express; area: CaseArea } {
  const area = createCaseArea(deps);
  const app = createHttpApp({
    service: 'case',
    logger: deps.logger,
    mounts: [{ prefix: area.prefix, router: area.router }],
    largeBodies: area.largeBodies,
    readiness: [
      { name: 'postgres', check: () => checkDatabase(deps.db) },
      { name: 'redis', check: () => checkRedis(deps.redis) },
    ],
  });
  return { app, area };
}
