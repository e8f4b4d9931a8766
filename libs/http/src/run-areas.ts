import { checkDatabase, createDatabase, ensureDatabaseExists, ensurePostgresReachable, migrateLatest } from '@kyb/db';
import { checkRedis, createRedisConnection, ensureRedisReachable } from '@kyb/queues';
import { createHttpApp } from './app';
import type { AreaModule, StartedArea } from './area-module';
import { createLogger } from './logger';
import { serve } from './serve';

/** Options of {@link runAreas}. */
export interface RunAreasOptions {
  service: string;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  logLevel: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Runs areas in this process: checks that PostgreSQL and Redis answer (one clear line if not),
 * creates the database if missing, applies each area's migrations, starts the areas, mounts
 * them at their prefixes and listens. SIGINT/SIGTERM stop everything cleanly.
 */
export async function runAreas(modules: AreaModule[], options: RunAreasOptions): Promise<{ banner: string[] }> {
  const logger = createLogger({ level: options.logLevel, name: options.service });
  await ensurePostgresReachable(options.databaseUrl);
  await ensureRedisReachable(options.redisUrl);
  await ensureDatabaseExists(options.databaseUrl);
  const db = createDatabase({ url: options.databaseUrl, applicationName: `kyb-${options.service}` });
  const redis = createRedisConnection(options.redisUrl, 'producer');
  for (const module of modules) await migrateLatest(db, module.migrations);

  const publicUrl = `http://localhost:${options.port}`;
  const started: StartedArea[] = [];
  for (const module of modules) started.push(await module.start({ db, redis, redisUrl: options.redisUrl, logger, env: options.env, publicUrl }));

  const app = createHttpApp({
    service: options.service,
    logger,
    mounts: started.map((area) => ({ prefix: area.prefix, router: area.router })),
    trustProxy: 'loopback',
    largeBodies: started.flatMap((area) => area.largeBodies ?? []),
    readiness: [
      { name: 'postgres', check: () => checkDatabase(db) },
      { name: 'redis', check: () => checkRedis(redis) },
      ...started.flatMap((area) => area.readiness ?? []),
    ],
  });
  await serve({
    app,
    port: options.port,
    logger,
    onShutdown: async () => {
      await Promise.allSettled(started.map((area) => area.stop()));
      redis.disconnect();
      await db.destroy();
    },
  });
  logger.info({ port: options.port, areas: modules.map((m) => m.name) }, 'listening');
  return {
    banner: [`Listening on ${publicUrl}`, ...started.flatMap((area) => area.banner ?? []), ...started.flatMap((area) => area.notes ?? [])],
  };
}
