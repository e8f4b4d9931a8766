import type { Express } from 'express';
import { createAreaApp } from '@kyb/http';
import { createScoreArea, type ScoreArea, type ScoreAreaDeps } from '../area';

/** The score area as an app of its own; it never listens, so tests drive it directly. */
export function buildApp(deps: ScoreAreaDeps): { app: Express; area: ScoreArea } {
  const area = createScoreArea(deps);
  return { app: createAreaApp({ service: 'score', logger: deps.logger, area, db: deps.db, redis: deps.redis }), area };
}
