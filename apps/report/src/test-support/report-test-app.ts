import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import { createAuditLogStandIn, createDataKeyStandIn, createBusinessDirectoryStandIn, createCaseDecisionDirectoryStandIn, createIntegrationDirectoryStandIn, createMatchScreeningDirectoryStandIn, createScoreDirectoryStandIn, createVerificationDirectoryStandIn, createWatchlistHitDirectoryStandIn, type StandInBusiness } from '@kyb/area-views/testing';
import { buildApp } from './area-app';
import type { ReportArea, ReportAreaDeps } from '../area';
import { reportMigrations } from '../migrations';

/** The report app on a database of its own, with stand-ins of the case, integration and score views. */
export interface ReportTestApp extends Omit<AreaHarness, 'close' | 'workerConnection' | 'logger'> {
  app: Express;
  area: ReportArea;
  dataEncryptionKey: Buffer;
  business(business: StandInBusiness): Promise<void>;
  integration: Awaited<ReturnType<typeof createIntegrationDirectoryStandIn>>;
  scores: Awaited<ReturnType<typeof createScoreDirectoryStandIn>>;
  /** The business's verification and classification as the integration area would publish them. */
  verification: Awaited<ReturnType<typeof createVerificationDirectoryStandIn>>;
  /** The business's sanctions hits as the integration area would publish them. */
  watchlist: Awaited<ReturnType<typeof createWatchlistHitDirectoryStandIn>>;
  /** The business's newest MATCH screening as the integration area would publish it. */
  match: Awaited<ReturnType<typeof createMatchScreeningDirectoryStandIn>>;
  /** The business's cases with their decisions and trails as the case area would publish them. */
  cases: Awaited<ReturnType<typeof createCaseDecisionDirectoryStandIn>>;
  /** What the area's acts appended to the audit log (the auth area's function, stood in). */
  auditEntries(): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

/** Starts the report app for one test file. Call in `beforeAll`; `close()` in `afterAll`. */
export async function startReportTestApp(options: { workers?: boolean } & Partial<Pick<ReportAreaDeps, 'render' | 'leaseMs' | 'storage'>> = {}): Promise<ReportTestApp> {
  const h = await startAreaHarness([reportMigrations], 'report');
  const auditLog = await createAuditLogStandIn(h.db);
  await createDataKeyStandIn(h.db);
  const businesses = await createBusinessDirectoryStandIn(h.db);
  const integration = await createIntegrationDirectoryStandIn(h.db);
  const scores = await createScoreDirectoryStandIn(h.db);
  const verification = await createVerificationDirectoryStandIn(h.db);
  const watchlist = await createWatchlistHitDirectoryStandIn(h.db);
  const match = await createMatchScreeningDirectoryStandIn(h.db);
  const cases = await createCaseDecisionDirectoryStandIn(h.db);
  const dataEncryptionKey = randomBytes(32);
  const { workers, ...overrides } = options;
  const { app, area } = buildApp({
    db: h.db,
    redis: h.redis,
    redisPrefix: h.redisPrefix,
    clock: h.clock.now,
    logger: h.logger,
    tokens: h.tokens,
    dataEncryptionKey,
    publicAppUrl: 'http://reports.test',
    ...overrides,
  });
  if (workers !== false) await area.startWorkers(h.workerConnection);
  return {
    ...h,
    app,
    area,
    dataEncryptionKey,
    business: (business) => businesses.put(business),
    integration,
    scores,
    verification,
    watchlist,
    match,
    cases,
    auditEntries: () => auditLog.entries(),
    close: () => h.close(() => area.stop()),
  };
}
