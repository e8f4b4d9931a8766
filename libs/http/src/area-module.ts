import type { Router } from 'express';
import type { AreaMigrations, Knex } from '@kyb/db';
import type { Redis } from '@kyb/queues';
import type { LargeBody, ReadinessCheck } from './app';
import type { Logger } from './logger';

/** What the process gives an area when it starts it. */
export interface AreaRuntime {
  db: Knex;
  /** A producer connection (fails fast). */
  redis: Redis;
  /** Where workers open their own connections (they wait out outages). */
  redisUrl: string;
  logger: Logger;
  /** The environment the area reads its own configuration from. */
  env: NodeJS.ProcessEnv;
  /** Where the process listens, for URLs the area prints or sends. */
  publicUrl: string;
}

/** A started area: its router at its prefix, and how to stop its workers. */
export interface StartedArea {
  prefix: string;
  router: Router;
  readiness?: ReadinessCheck[];
  /** Paths of the area that take larger bodies (bulk imports). */
  largeBodies?: LargeBody[];
  /** Lines the process prints once it listens: the area's URLs. */
  banner?: string[];
  /** Lines printed after every area's URLs (credentials and hints for local use). */
  notes?: string[];
  stop(): Promise<void>;
}

/**
 * The contract every area's built `area.js` fulfils, so one process can run one area (its own
 * main) or all of them (the suite) without any app importing another app's source.
 */
export interface AreaModule {
  name: string;
  migrations: AreaMigrations;
  start(runtime: AreaRuntime): Promise<StartedArea>;
}
