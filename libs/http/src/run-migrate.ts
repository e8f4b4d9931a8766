import { createDatabase, ensureDatabaseExists, ensurePostgresReachable, grantAppRole, migrateLatest } from '@kyb/db';
import type { AreaModule } from './area-module';

/** Options of {@link migrateAreas}. */
export interface MigrateAreasOptions {
  service: string;
  databaseUrl: string;
  /** The least-privilege role api and worker processes connect as; granted DML on every area schema. */
  appRole?: string;
}

/**
 * The `migrate` role: creates the database if missing, applies every area's pending migrations in
 * order and, with `appRole`, grants that role what api and worker processes need. Returns one
 * line per area saying what it applied.
 */
export async function migrateAreas(modules: AreaModule[], options: MigrateAreasOptions): Promise<string[]> {
  await ensurePostgresReachable(options.databaseUrl);
  await ensureDatabaseExists(options.databaseUrl);
  const db = createDatabase({ url: options.databaseUrl, applicationName: `kyb-${options.service}-migrate`, pool: { max: 1 } });
  try {
    const lines: string[] = [];
    for (const module of modules) {
      const applied = await migrateLatest(db, module.migrations);
      if (options.appRole) await grantAppRole(db, module.migrations, options.appRole);
      const grant = options.appRole ? `; ${options.appRole} may read and write it` : '';
      lines.push(
        applied.length > 0
          ? `${module.name}: applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (up to ${applied[applied.length - 1]})${grant}`
          : `${module.name}: schema ${module.migrations.schema} is up to date${grant}`,
      );
    }
    return lines;
  } finally {
    await db.destroy();
  }
}
