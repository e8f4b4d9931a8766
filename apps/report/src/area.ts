import { createMasterKeyring } from '@kyb/secrets';
import { authenticateWith, type TokenTrust } from '@kyb/auth';
import { createIdempotencyStore, createRedisIdempotencyRegistry, defineArea, queuesOf, recoverySettingsOf, type AreaBaseDeps } from '@kyb/http';
import { withOpenApiRoute } from '@kyb/openapi';
import { reportAuditRelayQueue, reportErasureSweepQueue, reportRecoveryQueue } from '@kyb/queues';
import { businessParam, createBusinessDirectory, createDataKeys, createErasedCustomers, customerParam, eraseLateWrites, idempotencyAnswerSeal, relayAudit, rowTenant, tenantGoneGate, withErasedTenantAnswer } from '@kyb/area-views';
import type { ReportData } from './pdf/report-data';
import { renderBusinessReport } from './pdf/render-business-report';
import { createReportRecovery } from './recovery/report-recovery';
import { createPgReportRecoveryStore } from './recovery/report-recovery.store';
import { createReportSources } from './reports/report-data.loader';
import { createReportProcessor } from './reports/report.processor';
import { reportRoutes } from './reports/reports.router';
import { createReportsService } from './reports/reports.service';
import { createPgReportStore } from './reports/reports.store';
import { createUrlSigner } from './reports/signed-urls';
import { createPgReportStorage, type ReportStorage } from './storage/report-storage';
import { createReportProducers, reportWorkers } from './worker';

/** Where the report area is served. */
export const REPORT_PREFIX = '/report/api/v1';

/** What the report area is built from. */
export interface ReportAreaDeps extends AreaBaseDeps {
  /** How bearer tokens are trusted: the auth area's keys (its JWKS over HTTP in production), issuer, audience, ended sessions. */
  tokens: TokenTrust;
  /** Signs download URLs (a key is derived from it). */
  dataEncryptionKey: Buffer;
  /** During a master key rotation: the previous master keys, which still unwrap data keys not yet re-wrapped. */
  previousDataEncryptionKeys?: Buffer[];
  /** Base of download URLs. */
  publicAppUrl: string;
  urlTtlSeconds?: number;
  /** Where PDFs are kept (default: PostgreSQL). */
  storage?: ReportStorage;
  /** Renders the PDF (default: the 360 report). */
  render?: (data: ReportData) => Promise<Buffer>;
  /** How long a worker holds a report while rendering (default 60 s). */
  leaseMs?: number;
}

/** The report area: E6, E7, downloads, and the worker that renders reports. */
export type ReportArea = ReturnType<typeof createReportArea>;

/** Wires the report area's stores, services, routes and worker. */
export function createReportArea(deps: ReportAreaDeps) {
  const clock = deps.clock ?? (() => new Date());
  const queues = queuesOf(deps);
  const producers = createReportProducers(queues);
  const jobs = producers.reports;
  const store = createPgReportStore(deps.db);
  const storage = deps.storage ?? createPgReportStorage(deps.db);
  const businesses = createBusinessDirectory(deps.db);
  const reports = createReportsService({
    db: deps.db,
    store,
    businesses,
    storage,
    signer: createUrlSigner({ dataEncryptionKey: deps.dataEncryptionKey, baseUrl: deps.publicAppUrl, ttlSeconds: deps.urlTtlSeconds ?? 300, clock }),
    reports: jobs,
    clock,
    logger: deps.logger,
  });
  const render = createReportProcessor({
    store,
    storage,
    sources: createReportSources(deps.db, businesses),
    render: deps.render ?? renderBusinessReport,
    clock,
    logger: deps.logger,
    leaseMs: deps.leaseMs ?? 60_000,
  });
  // Whose each path id is: what an erased tenant owned answers 410 (docs/adr/0043); the signed file link is checked by its route first.
  const tenantOf = { customerID: customerParam, businessID: businessParam(deps.db), reportID: rowTenant(deps.db, 'reports.reports', { businessColumn: 'business_id' }) };
  const routes = withOpenApiRoute(withErasedTenantAnswer(reportRoutes({ reports, authenticate: authenticateWith({ ...deps.tokens, clock }) }), tenantOf), {
    title: 'Report area',
    version: '1.0.0',
    description: '360 business reports: requested, rendered to PDF by a worker, downloaded through short-lived signed URLs.',
    serverUrl: REPORT_PREFIX,
  });
  const sweep = recoverySettingsOf(deps);
  const recovery = createReportRecovery({
    store: createPgReportRecoveryStore(deps.db),
    reports: jobs,
    clock,
    logger: deps.logger,
    stuckAfterMs: sweep.stuckAfterMs,
    maxRecoveries: sweep.maxRecoveries,
  });
  return defineArea({
    prefix: REPORT_PREFIX,
    routes,
    idempotency: { store: createIdempotencyStore(deps.db, 'reports'), registry: createRedisIdempotencyRegistry({ redis: deps.redis, prefix: deps.redisPrefix }), logger: deps.logger, clock: deps.clock, seal: idempotencyAnswerSeal(createDataKeys(deps.db, createMasterKeyring(deps.dataEncryptionKey, deps.previousDataEncryptionKeys))) },
    // What an erased tenant owned answers 410 (docs/adr/0043).
    tenantGone: tenantGoneGate({ erased: createErasedCustomers(deps.db), resolvers: tenantOf }),
    queues,
    workers: reportWorkers(render),
    // Wherever workers run, reports whose job was lost are found in PostgreSQL and queued again.
    recovery: { queue: reportRecoveryQueue, everyMs: sweep.sweepEveryMs, sweep: () => recovery.sweep() },
    // Download links issued and PDFs served join the audit log within a second.
    rounds: [
      { queue: reportAuditRelayQueue, everyMs: 1000, sweep: async () => (await relayAudit(deps.db, 'reports'), {}) },
      // A tenant erased lately: what a job in flight wrote for it after the erasure is erased too (docs/adr/0043).
      { queue: reportErasureSweepQueue, everyMs: 5000, sweep: async () => (await eraseLateWrites(deps.db, 'reports'), {}) },
    ],
    closes: producers.all,
  });
}
