import type { Express } from 'express';
import { checkDatabase } from '@kyb/db';
import { createHttpApp } from '@kyb/http';
import { checkRedis } from '@kyb/queues';
import { createScoreArea, type ScoreArea, type ScoreAreaDeps } from './area';

/** The score area as an app of its own; it never listens, so tests drive it directly. */
export function buildApp(deps: ScoreAreaDeps): { app: Express; area: ScoreArea } {
  const area = createScoreArea(deps);
  const app = createHttpApp({
    service: 'score',
    logger: deps.logger,
    mounts: [{ prefix: area.prefix, router: area.router }],
    readiness: [
      { name: 'postgres', check: () => checkDatabase(deps.db) },
      { name: 'redis', check: () => checkRedis(deps.redis) },
    ],
  });
  return { app, area };
}
