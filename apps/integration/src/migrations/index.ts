import type { AreaMigrations } from '@kyb/db';
import { enrichment } from './20261122_0001_enrichment';
import { screening } from './20261122_0002_screening';

/** The integration area's schema and migrations, in order. */
export const integrationMigrations: AreaMigrations = {
  schema: 'integration',
  migrations: [enrichment, screening],
};
