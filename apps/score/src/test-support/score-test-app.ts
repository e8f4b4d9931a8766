import type { Express } from 'express';
import { startAreaHarness, type AreaHarness } from '@kyb/area-testing';
import { createAuditLogStandIn, createBusinessDirectoryStandIn, createCustomerDirectoryStandIn, createDataKeyStandIn, createDecisionContestDirectoryStandIn, createEventFeedStandIns, createIntegrationDirectoryStandIn, createMonitoringSettingsStandIn, createVerificationDirectoryStandIn, createWatchlistHitDirectoryStandIn, type StandInBusiness } from '@kyb/area-views/testing';
import { buildApp } from './area-app';
import type { ScoreArea } from '../area';
import { scoreMigrations } from '../migrations';
import { assertEveryScoreReproducible } from './every-score-reproducible';

/** The score app on a database of its own, with stand-ins of the case and integration views. */
export interface ScoreTestApp extends Omit<AreaHarness, 'close' | 'workerConnection' | 'logger'> {
  app: Express;
  area: ScoreArea;
  business(business: StandInBusiness): Promise<void>;
  /** Removes a business, as a deletion in the case area would. */
  removeBusiness(businessId: string): Promise<void>;
  /** What the integration area would publish for a business. */
  integration: Awaited<ReturnType<typeof createIntegrationDirectoryStandIn>>;
  /** The business's verification as the integration area would publish it. */
  verification: Awaited<ReturnType<typeof createVerificationDirectoryStandIn>>;
  /** The business's sanctions hits as the integration area would publish them (integration.watchlist_hit_directory). */
  watchlist: Awaited<ReturnType<typeof createWatchlistHitDirectoryStandIn>>;
  /** Customers' monitoring settings as the case area would publish them (defaults where none is put). */
  monitoringSettings: Awaited<ReturnType<typeof createMonitoringSettingsStandIn>>;
  /** A customer as the auth area would publish it. */
  customer(customer: { id: string; name?: string }): Promise<void>;
  /** What the area's acts appended to the audit log (the auth area's function, stood in). */
  auditEntries(): Promise<Array<Record<string, unknown>>>;
  /** The other areas' event feeds, stood in: `emit` writes an event as its area would. */
  feeds: Awaited<ReturnType<typeof createEventFeedStandIns>>;
  /** Contested case decisions as the case area would publish them (cases.case_decision_contest_directory). */
  contests: Awaited<ReturnType<typeof createDecisionContestDirectoryStandIn>>;
  /** Stops the app, then recomputes every SUCCESS score the file created from its snapshot and fails if one differs; cleans up either way. */
  close(): Promise<void>;
}

/** Starts the score app for one test file. Call in `beforeAll`; `close()` in `afterAll`. */
export async function startScoreTestApp(options: { workers?: boolean } = {}): Promise<ScoreTestApp> {
  const h = await startAreaHarness([scoreMigrations], 'score');
  const businesses = await createBusinessDirectoryStandIn(h.db);
  const integration = await createIntegrationDirectoryStandIn(h.db);
  const verification = await createVerificationDirectoryStandIn(h.db);
  const watchlist = await createWatchlistHitDirectoryStandIn(h.db);
  const customers = await createCustomerDirectoryStandIn(h.db);
  const auditLog = await createAuditLogStandIn(h.db);
  const monitoringSettings = await createMonitoringSettingsStandIn(h.db);
  // Which tenants were erased is read from the auth area's data keys (docs/adr/0043).
  await createDataKeyStandIn(h.db);
  // What the contest alert round reads of the case area (issue 45): its event feed and its contested decisions.
  const feeds = await createEventFeedStandIns(h.db, 'scores');
  const contests = await createDecisionContestDirectoryStandIn(h.db);
  const { app, area } = buildApp({
    db: h.db,
    redis: h.redis,
    redisPrefix: h.redisPrefix,
    clock: h.clock.now,
    logger: h.logger,
    tokens: h.tokens,
  });
  if (options.workers !== false) await area.startWorkers(h.workerConnection);
  return {
    ...h,
    app,
    area,
    business: (business) => businesses.put(business),
    removeBusiness: (businessId) => businesses.remove(businessId),
    integration,
    verification,
    watchlist,
    monitoringSettings,
    customer: (customer) => customers.put(customer),
    auditEntries: () => auditLog.entries(),
    feeds,
    contests,
    close: async () => {
      await area.stop();
      try {
        await assertEveryScoreReproducible(h.db);
      } finally {
        await h.close(async () => undefined);
      }
    },
  };
}
