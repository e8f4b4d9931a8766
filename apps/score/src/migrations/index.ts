import type { AreaMigrations } from '@kyb/db';
import { scores } from './20261122_0001_scores';

/** The score area's schema and migrations, in order. */
export const scoreMigrations: AreaMigrations = {
  schema: 'scores',
  migrations: [scores],
};
