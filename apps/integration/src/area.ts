/*
 * The integration area's features: enrichment (tasks, refreshes; public records for E1 and facts
 * for E11), verification and classification (a step of enrichment, and E15), screening
 * (credentials, runs, results); webhooks (endpoints, deliveries of every area's events); monitoring (the schedule that
 * re-enriches monitored businesses through the enrichment queue). Enrichment uses verification's verifier; verification uses
 * classification; screening uses no other feature (providers are shared by all). This file wires them.
 */
import { authenticateWith, type TokenTrust } from '@kyb/auth';
import { createIdempotencyStore, createRedisIdempotencyRegistry, defineArea, queuesOf, recoverySettingsOf, type AreaBaseDeps } from '@kyb/http';
import { withOpenApiRoute } from '@kyb/openapi';
import { integrationAuditRelayQueue, integrationErasureSweepQueue, integrationRecoveryQueue, watchlistRescreenRoundQueue, webhookDispatchQueue } from '@kyb/queues';
import { createMasterKeyring } from '@kyb/secrets';
import {
  businessParam,
  createBusinessDirectory,
  createCustomerDirectory,
  createDataKeys,
  createErasedCustomers,
  createEventFeeds,
  createMonitoringSettingsDirectory,
  createTinDirectory,
  createWatchlistSubjectsDirectory,
  customerParam,
  eraseLateWrites,
  idempotencyAnswerSeal,
  relayAudit,
  tenantGoneGate,
  withErasedTenantAnswer,
} from '@kyb/area-views';
import type { IndustryClassifier } from './classification/classification.provider';
import { createPgClassificationStore } from './classification/classification.store';
import { createSandboxClassifier } from './classification/sandbox-classifier';
import { createEnrichmentBatchProcessor } from './enrichment/enrichment-batch.processor';
import { createEnrichmentProcessor } from './enrichment/enrichment.processor';
import { enrichmentRoutes } from './enrichment/enrichment.router';
import { createEnrichmentService } from './enrichment/enrichment.service';
import { createPgTaskStore } from './enrichment/integration-tasks.store';
import { createMonitoringSchedule } from './monitoring/monitoring-schedule';
import { createPgMonitoringScheduleStore } from './monitoring/monitoring-schedule.store';
import type { FinancialsProvider } from './providers/financials.provider';
import type { PublicRecordsProvider } from './providers/public-records.provider';
import { createSandboxFinancialsProvider } from './providers/sandbox-financials.provider';
import { tracedProvider } from './providers/guard/traced-provider';
import { createSandboxPublicRecordsProvider } from './providers/sandbox-public-records.provider';
import type { PlatformProviders } from './provider-settings/platform-providers';
import { PRODUCTION_BASE_URLS, type ProviderBaseUrls } from './provider-settings/provider-base-urls';
import { providerCircuitsRoutes } from './provider-settings/provider-circuits.router';
import { createProviderGuardRuntime, type ProviderGuardSettings } from './provider-settings/provider-guard-runtime';
import { providerSettingsRoutes } from './provider-settings/provider-settings.router';
import { createProviderSettingsService } from './provider-settings/provider-settings.service';
import { createPgProviderSettingsStore } from './provider-settings/provider-settings.store';
import { createPgProviderUsageStore } from './provider-settings/provider-usage.store';
import { screeningAdapters } from './provider-settings/screening-adapters';
import { createTenantScreeningProviders } from './provider-settings/tenant-screening-provider';
import { createTenantVerificationProviders } from './provider-settings/tenant-verification-providers';
import { verificationAdapters } from './provider-settings/verification-adapters';
import { createPgPublicRecordsStore } from './public-records/public-records.store';
import { createIntegrationRecovery } from './recovery/integration-recovery';
import { createPgIntegrationRecoveryStore } from './recovery/integration-recovery.store';
import { createSandboxScreeningProvider } from './screening/sandbox-screening.provider';
import { screeningCredentialsRoutes } from './screening/screening-credentials.router';
import { createScreeningCredentialsService } from './screening/screening-credentials.service';
import { createPgScreeningCredentialsStore } from './screening/screening-credentials.store';
import { createScreeningProcessor } from './screening/screening.processor';
import type { ScreeningProvider } from './providers/screening.provider';
import { screeningRoutes } from './screening/screening.router';
import { createScreeningService } from './screening/screening.service';
import { createPgScreeningStore } from './screening/screening.store';
import { createBusinessVerifier } from './verification/business-verifier';
import { createSanctionsVerificationRefresh } from './verification/sanctions-refresh';
import { createSandboxVerificationProviders } from './verification/sandbox-verification.providers';
import type { VerificationProviders } from './providers/verification.providers';
import { verificationRoutes } from './verification/verification.router';
import { createVerificationService } from './verification/verification.service';
import { createPgVerificationStore } from './verification/verification.store';
import { createPgWebhookAttemptsStore } from './webhooks/webhook-attempts.store';
import { webhookDeliveryRoutes } from './webhooks/webhook-deliveries.router';
import { createPgWebhookDeliveriesStore } from './webhooks/webhook-deliveries.store';
import { OFAC_READERS } from './watchlists/ofac/ofac-readers';
import { checksumOfFiles } from './watchlists/ofac/ofac-checksum';
import { createCurrentWatchlistIndex } from './watchlists/current-watchlist-index';
import { createLocalWatchlistMatcher } from './watchlists/matching/local-watchlist-matcher';
import { createSandboxWatchlistMatcher } from './watchlists/sandbox-watchlist-matcher';
import { watchlistHitsRoutes } from './watchlists/screening/watchlist-hits.router';
import { createWatchlistHitsService } from './watchlists/screening/watchlist-hits.service';
import { createWatchlistRescreenPlanner } from './watchlists/screening/watchlist-rescreen-planner';
import { createWatchlistScreener } from './watchlists/screening/watchlist-screener';
import { createWatchlistScreeningProcessor } from './watchlists/screening/watchlist-screening.processor';
import { createPgWatchlistScreeningsStore } from './watchlists/screening/watchlist-screenings.store';
import { createWatchlistVersionChanges } from './watchlists/screening/watchlist-version-changes';
import { hostedWatchlistAdapters } from './provider-settings/watchlist-adapters';
import { createTenantWatchlistMatchers } from './provider-settings/tenant-watchlist-matcher';
import { createWatchlistLoader } from './watchlists/versions/load-watchlist-version';
import { createWatchlistLoadProcessor } from './watchlists/versions/watchlist-load.processor';
import { watchlistVersionsRoutes } from './watchlists/versions/watchlist-versions.router';
import { createWatchlistVersionsService } from './watchlists/versions/watchlist-versions.service';
import { createPgWatchlistVersionsStore } from './watchlists/versions/watchlist-versions.store';
import { createWebhookDeliveryProcessor } from './webhooks/webhook-delivery.processor';
import { createWebhookMetrics } from './webhooks/webhook-metrics';
import { createPgWebhookDispatchStore } from './webhooks/webhook-dispatch.store';
import { createWebhookDispatcher } from './webhooks/webhook-dispatcher';
import { createPgWebhookEndpointsStore } from './webhooks/webhook-endpoints.store';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './webhooks/webhook-settings';
import { webhookRoutes } from './webhooks/webhooks.router';
import { createWebhooksService } from './webhooks/webhooks.service';
import { createIntegrationProducers, integrationWorkers } from './worker';

/** Where the integration area is served. */
export const INTEGRATION_PREFIX = '/integration/api/v1';

/** What the integration area is built from. */
export interface IntegrationAreaDeps extends AreaBaseDeps {
  dataEncryptionKey: Buffer;
  /** During a master key rotation: the previous master keys, which still unwrap data keys not yet re-wrapped. */
  previousDataEncryptionKeys?: Buffer[];
  /** How bearer tokens are trusted: the auth area's keys (its JWKS over HTTP in production), issuer, audience, ended sessions. */
  tokens: TokenTrust;
  /** Where public records come from (default: the sandbox). */
  publicRecordsProvider?: PublicRecordsProvider;
  /** Where financial statements and the credit bureau report come from (default: the sandbox). */
  financialsProvider?: FinancialsProvider;
  /** Where screenings run (default: the sandbox, taking `screeningSandboxDelayMs`). */
  screeningProvider?: ScreeningProvider;
  screeningSandboxDelayMs?: number;
  /** Where TIN matches, secretary-of-state filings and address checks come from for a tenant that chose no vendor (each defaults to its sandbox). */
  verificationProviders?: Partial<VerificationProviders>;
  /** Where each vendor is reached (`<PROVIDER>_BASE_URL`; default: the vendors' production hosts). */
  providerBaseUrls?: Partial<ProviderBaseUrls>;
  /** The platform's default adapter per verification capability, for tenants that chose none (`PROVIDER_DEFAULT_*`; default: the sandboxes). */
  platformProviders?: PlatformProviders;
  /** The vendors' rate limits (`PROVIDER_RATE_LIMITS`) and the circuit breakers' threshold and cool-down (default: docs/guides/real-providers.md). */
  providerGuard?: ProviderGuardSettings;
  /** Classifies businesses the client sent no NAICS code for (default: the sandbox). */
  classifier?: IndustryClassifier;
  /** How webhooks are delivered (default: production's settings, private addresses refused). */
  webhooks?: Partial<WebhookSettings>;
  /** Every how many minutes monitored businesses due for re-enrichment are queued (MONITORING_TICK_MINUTES); unset or 0: no schedule. */
  monitoringTickMinutes?: number;
}

/** The cron pattern (UTC) of a tick every `minutes` (1..60). */
const tickPattern = (minutes: number) => (minutes >= 60 ? '0 * * * *' : `*/${minutes} * * * *`);

/** The integration area: E1, E11, E15, screening, and the workers of enrichments and screenings. */
export type IntegrationArea = ReturnType<typeof createIntegrationArea>;

/** Wires the integration area's stores, services, routes and workers. */
export function createIntegrationArea(deps: IntegrationAreaDeps) {
  const { db, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const authenticate = authenticateWith({ ...deps.tokens, clock });
  const queues = queuesOf(deps);
  const producers = createIntegrationProducers(queues);
  const businesses = createBusinessDirectory(db);
  // Secrets and TINs are sealed with the customer's data key, wrapped by the master key (ADR 0023).
  const dataKeys = createDataKeys(db, createMasterKeyring(deps.dataEncryptionKey, deps.previousDataEncryptionKeys));

  // Verification and classification: a step of every enrichment, and E15. Each tenant's checks go
  // through the adapters it chose (providers/), each else its sandbox; real calls are counted.
  const providerSettingsStore = createPgProviderSettingsStore(db);
  const providerUsage = createPgProviderUsageStore(db);
  // One guard for every real adapter call (screening's too): breakers, rate limits, answer cache, usage.
  const providerGuard = createProviderGuardRuntime({ redis: deps.redis, redisPrefix: deps.redisPrefix, dataKeys, usage: providerUsage, settings: deps.providerGuard, clock, logger });
  const verificationProvidersFor = createTenantVerificationProviders({
    store: providerSettingsStore,
    dataKeys,
    adapters: verificationAdapters({ ...PRODUCTION_BASE_URLS, ...deps.providerBaseUrls }),
    sandbox: { ...createSandboxVerificationProviders(), ...deps.verificationProviders },
    guard: providerGuard.guard,
    platform: deps.platformProviders,
  });
  const verifications = createPgVerificationStore(db);
  const verifier = createBusinessVerifier({
    db,
    verifications,
    classifications: createPgClassificationStore(db),
    businesses,
    tins: createTinDirectory(db),
    dataKeys,
    providersFor: verificationProvidersFor,
    classifier: deps.classifier ?? createSandboxClassifier(),
    clock,
    logger,
  });

  // Enrichment: public records, financials, then verification; never for an erased tenant (docs/adr/0043).
  const erased = createErasedCustomers(db);
  const tasks = createPgTaskStore(db);
  // The sandbox counts a `deteriorating` business's enrichments in PostgreSQL, so every worker agrees.
  const publicRecordsProvider = deps.publicRecordsProvider ?? createSandboxPublicRecordsProvider({ enrichmentsSoFar: (id) => tasks.succeededCount(id) });
  // Providers the guard does not wrap: each call traced as a guarded one is.
  const publicRecords = tracedProvider(publicRecordsProvider, 'public_records', publicRecordsProvider.name);
  const financials = deps.financialsProvider ?? createSandboxFinancialsProvider();
  const records = createPgPublicRecordsStore(db);
  const enrichment = createEnrichmentService({ tasks, records, businesses, enrichment: producers.enrichment, providerName: publicRecords.name, clock });
  const enrichmentParts = {
    db,
    tasks,
    records,
    businesses,
    provider: publicRecords,
    financials: tracedProvider(financials, 'financials', financials.name),
    verifier,
    erased,
    clock,
    logger,
  };
  const enrich = createEnrichmentProcessor({ ...enrichmentParts, completed: producers.completed, watchlistScreenings: producers.watchlistScreenings });
  // A bulk's businesses, a batch at a time: the same outcome per business, a fixed number of statements per batch.
  const enrichBatch = createEnrichmentBatchProcessor({ ...enrichmentParts, enrichment: producers.enrichment, batchCompleted: producers.batchCompleted, watchlistScreenings: producers.watchlistScreenings });

  // Monitoring: each monitored business re-enriched once per period of its customer's frequency, at its own slot.
  const tickMinutes = deps.monitoringTickMinutes ?? 15;
  const monitoring = createMonitoringSchedule({
    store: createPgMonitoringScheduleStore(db),
    businesses,
    settings: createMonitoringSettingsDirectory(db),
    enrichment: producers.enrichment,
    providerName: publicRecords.name,
    tickEveryMs: tickMinutes * 60_000,
    clock,
    logger,
  });

  // Screening: the customer's credentials, runs on the provider, results. A tenant that chose a
  // screening adapter (MATCH Pro) is checked and screened by it, through the guard; others on the provider.
  const sharedScreening = deps.screeningProvider ?? createSandboxScreeningProvider({ delayMs: deps.screeningSandboxDelayMs ?? 3000 });
  const screeningProvider = tracedProvider(sharedScreening, 'merchant-screening', sharedScreening.name);
  const chosenProviderFor = createTenantScreeningProviders({
    store: providerSettingsStore,
    dataKeys,
    adapters: screeningAdapters({ ...PRODUCTION_BASE_URLS, ...deps.providerBaseUrls }),
    guard: providerGuard.guard,
  });
  const screeningStore = createPgScreeningStore(db, dataKeys);
  const credentials = createScreeningCredentialsService({ store: createPgScreeningCredentialsStore(db), dataKeys, provider: screeningProvider, chosenProviderFor, clock, logger, db });
  const screenings = createScreeningService({ db, store: screeningStore, credentials, businesses, queue: producers.screenings, clock, logger });
  const screen = createScreeningProcessor({ store: screeningStore, credentials, businesses, provider: screeningProvider, chosenProviderFor, clock, logger });

  // Watchlists: the platform admin's sanctions list versions, read from the official files by a job.
  const watchlistVersions = createPgWatchlistVersionsStore(db);
  const watchlistLoader = createWatchlistLoader({ store: watchlistVersions, readers: OFAC_READERS, checksum: checksumOfFiles, clock });
  const watchlists = createWatchlistVersionsService({ db, store: watchlistVersions, loader: watchlistLoader, queue: producers.watchlistLoads, clock, logger });
  const loadWatchlist = createWatchlistLoadProcessor({ store: watchlistVersions, loader: watchlistLoader, clock, logger });
  // Sanctions screening: each tenant's matcher (the sandbox, the suite's engine over the current versions, or a hosted one).
  const ofacMatcher = createLocalWatchlistMatcher({ index: createCurrentWatchlistIndex({ store: watchlistVersions, clock, logger }) });
  const watchlistMatcherFor = createTenantWatchlistMatchers({
    store: providerSettingsStore,
    dataKeys,
    sandbox: createSandboxWatchlistMatcher(ofacMatcher),
    ofac: ofacMatcher,
    hosted: hostedWatchlistAdapters({ ...PRODUCTION_BASE_URLS, ...deps.providerBaseUrls }),
    guard: providerGuard.guard,
  });
  const watchlistScreenings = createPgWatchlistScreeningsStore(db);
  const watchlistChanges = createWatchlistVersionChanges(db);
  const refreshVerification = createSanctionsVerificationRefresh({ db, verifications, clock, logger });
  const watchlistScreener = createWatchlistScreener({
    store: watchlistScreenings,
    subjects: createWatchlistSubjectsDirectory(db),
    matcherFor: watchlistMatcherFor,
    erased,
    hitsChanged: producers.watchlistHitsChanged,
    refreshVerification,
    clock,
    logger,
  });
  const screenWatchlist = createWatchlistScreeningProcessor({ screener: watchlistScreener, changes: watchlistChanges, matcherFor: watchlistMatcherFor, logger });
  const watchlistRescreens = createWatchlistRescreenPlanner({
    changes: watchlistChanges,
    store: watchlistScreenings,
    businesses,
    screenings: producers.watchlistScreenings,
    hitsChanged: producers.watchlistHitsChanged,
    refreshVerification,
    clock,
    logger,
  });

  // Webhooks: endpoints, the dispatcher that turns every area's events into deliveries, attempts.
  const webhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, ...deps.webhooks };
  const webhookEndpoints = createPgWebhookEndpointsStore(db);
  const webhookDispatch = createPgWebhookDispatchStore(db);
  const customers = createCustomerDirectory(db);
  const webhooks = createWebhooksService({
    db,
    endpoints: webhookEndpoints,
    deliveries: createPgWebhookDeliveriesStore(db),
    dispatch: webhookDispatch,
    feeds: createEventFeeds(db),
    customers,
    dataKeys,
    settings: webhookSettings,
    clock,
  });
  const dispatcher = createWebhookDispatcher({ store: webhookDispatch, deliveries: producers.webhookDeliveries, settings: webhookSettings, clock, logger });
  const webhookMetrics = createWebhookMetrics({ db, clock });
  const deliverWebhook = createWebhookDeliveryProcessor({ attempts: createPgWebhookAttemptsStore(db), endpoints: webhookEndpoints, dataKeys, settings: webhookSettings, clock, logger, onAttempt: webhookMetrics.attempted });

  // Whose each path id is: what an erased tenant owned answers 410 (docs/adr/0043).
  const watchlistHits = createWatchlistHitsService({ db, store: watchlistScreenings, businesses, customers, hitsChanged: producers.watchlistHitsChanged, refreshVerification, clock });
  const providers = createProviderSettingsService({ db, store: providerSettingsStore, usage: providerUsage, customers, dataKeys, clock, platform: deps.platformProviders });
  const tenantOf = { customerId: customerParam, customerID: customerParam, businessId: businessParam(deps.db), businessID: businessParam(deps.db) };
  const routes = withOpenApiRoute(
    withErasedTenantAnswer([
      ...enrichmentRoutes({ enrichment, authenticate }),
      ...verificationRoutes({ verification: createVerificationService({ businesses, verifications }), authenticate }),
      ...screeningCredentialsRoutes({ credentials, customers, authenticate }),
      ...screeningRoutes({ screenings, authenticate }),
      ...webhookRoutes({ webhooks, authenticate }),
      ...webhookDeliveryRoutes({ webhooks, authenticate }),
      ...providerSettingsRoutes({ providers, authenticate }),
      ...providerCircuitsRoutes({ breakers: providerGuard.breakers, authenticate }),
      ...watchlistVersionsRoutes({ versions: watchlists, authenticate }),
      ...watchlistHitsRoutes({ hits: watchlistHits, authenticate }),
    ], tenantOf),
    {
      title: 'Integration area',
      version: '1.0',
      description:
        'All integration information about a business: public records, bankruptcies/judgements/liens facts, business verification and merchant screening; and the signed webhooks that announce events of every area.',
      serverUrl: INTEGRATION_PREFIX,
    },
  );
  const sweep = recoverySettingsOf(deps);
  const recovery = createIntegrationRecovery({
    store: createPgIntegrationRecoveryStore(db),
    enrichment: producers.enrichment,
    screenings: producers.screenings,
    providerName: publicRecords.name,
    clock,
    logger,
    stuckAfterMs: sweep.stuckAfterMs,
    maxRecoveries: sweep.maxRecoveries,
  });
  const area = defineArea({
    prefix: INTEGRATION_PREFIX,
    routes,
    idempotency: { store: createIdempotencyStore(deps.db, 'integration'), registry: createRedisIdempotencyRegistry({ redis: deps.redis, prefix: deps.redisPrefix }), logger: deps.logger, clock: deps.clock, seal: idempotencyAnswerSeal(dataKeys) },
    // What an erased tenant owned answers 410 (docs/adr/0043).
    tenantGone: tenantGoneGate({ erased, resolvers: tenantOf }),
    queues,
    workers: integrationWorkers({ enrich, enrichBatch, screen, deliverWebhook, loadWatchlist, screenWatchlist, monitoringTick: () => monitoring.tick() }),
    // Unset or MONITORING_TICK_MINUTES=0: no schedule (and a tick registered before is removed).
    schedules: [{ id: 'monitoring-tick', producer: producers.monitoringTick, pattern: deps.monitoringTickMinutes ? tickPattern(deps.monitoringTickMinutes) : null }],
    // Wherever workers run, lost enrichments and screenings are found in PostgreSQL and queued again.
    recovery: { queue: integrationRecoveryQueue, everyMs: sweep.sweepEveryMs, sweep: () => recovery.sweep() },
    // One dispatcher round at a time, wherever workers run; it logs what it prunes, not every round.
    rounds: [
      { queue: webhookDispatchQueue, everyMs: webhookSettings.dispatchEveryMs, sweep: async () => (await dispatcher.round(), {}) },
      // The acts the area records (screening credentials, webhook changes) join the audit log within a second.
      { queue: integrationAuditRelayQueue, everyMs: 1000, sweep: async () => (await relayAudit(db, 'integration'), {}) },
      // A tenant erased lately: what a job in flight wrote for it after the erasure is erased too (docs/adr/0043).
      { queue: integrationErasureSweepQueue, everyMs: 5000, sweep: async () => (await eraseLateWrites(db, 'integration'), {}) },
      // A list version that became current (by the API or the CLI): its monitored businesses queued for screening against its changes.
      { queue: watchlistRescreenRoundQueue, everyMs: 5000, sweep: async () => ({ versions: (await watchlistRescreens.round()).versions.length }) },
    ],
    closes: producers.all,
    // The provider calls and circuits, and the webhook deliveries, on the process's /metrics.
    metrics: (registry) => {
      providerGuard.registerMetrics(registry);
      webhookMetrics.register(registry);
    },
  });
  /** The webhook dispatcher and the monitoring schedule, for tests that run their rounds and ticks themselves. */
  return { ...area, webhookDispatcher: dispatcher, monitoringSchedule: monitoring };
}
