/*
 * Inside the score area, features depend one way only (feature-direction.test.ts checks it):
 *   explain   -> scores, engine
 *   recovery  -> scores
 *   scores    -> alerts, engine
 *   alerts    -> engine
 *   configs   -> engine
 * Engine (the pure scoring, with a score's explanation and reason codes) imports no feature.
 * Scores raises alerts when it stores a success, so scores uses alerts and alerts never imports
 * scores (it declares what it reads of a stored success); explain reads stored scores and scores
 * never imports explain. This file wires them together.
 */
import { authenticateWith, type TokenTrust } from '@kyb/auth';
import { createIdempotencyStore, createRedisIdempotencyRegistry, defineArea, queuesOf, recoverySettingsOf, type AreaBaseDeps } from '@kyb/http';
import { withOpenApiRoute } from '@kyb/openapi';
import { scoreAuditRelayQueue, scoreCaseContestRoundQueue, scoreErasureSweepQueue, scoreRecoveryQueue } from '@kyb/queues';
import { businessParam, createBusinessDirectory, createCustomerDirectory, createDecisionContestDirectory, createErasedCustomers, createIntegrationDirectory, createVerificationDirectory, createWatchlistHitDirectory, customerParam, eraseLateWrites, relayAudit, rowTenant, tenantGoneGate, withErasedTenantAnswer } from '@kyb/area-views';
import { weightageConfigRoutes } from './configs/weightage-configs.router';
import { createWeightageConfigService } from './configs/weightage-configs.service';
import { createPgWeightageConfigStore } from './configs/weightage-configs.store';
import { explainRoutes } from './explain/explain.router';
import { createExplainService } from './explain/explain.service';
import { createPgExplainStore } from './explain/explain.store';
import { alertRoutes } from './alerts/alerts.router';
import { createAlertsService } from './alerts/alerts.service';
import { createPgAlertStore } from './alerts/alerts.store';
import { createContestAlertRound } from './alerts/contest-alerts.round';
import { createScoreRecovery } from './recovery/score-recovery';
import { createPgScoreRecoveryStore } from './recovery/score-recovery.store';
import { createPgScoreBatchStore } from './scores/score-batch.store';
import { createScoreProcessors } from './scores/scores.processor';
import { scoreRoutes } from './scores/scores.router';
import { createScoresService } from './scores/scores.service';
import { createPgScoreStore } from './scores/scores.store';
import { createScoreProducers, scoreWorkers } from './worker';

/** Where the score area is served. */
export const SCORE_PREFIX = '/score/api/v1';

/** What the score area is built from. */
export interface ScoreAreaDeps extends AreaBaseDeps {
  /** How bearer tokens are trusted: the auth area's keys (its JWKS over HTTP in production), issuer, audience, ended sessions. */
  tokens: TokenTrust;
}

/** The score area: E10, on-demand scores, monitoring alerts, and the workers that compute them. */
export type ScoreArea = ReturnType<typeof createScoreArea>;

/** Wires the score area's stores, services, routes and workers. */
export function createScoreArea(deps: ScoreAreaDeps) {
  const clock = deps.clock ?? (() => new Date());
  const queues = queuesOf(deps);
  const producers = createScoreProducers(queues);
  const store = createPgScoreStore(deps.db);
  const businesses = createBusinessDirectory(deps.db);
  const erased = createErasedCustomers(deps.db);
  const processors = createScoreProcessors({
    erased,
    store,
    batches: createPgScoreBatchStore(deps.db),
    businesses,
    integration: createIntegrationDirectory(deps.db),
    verification: createVerificationDirectory(deps.db),
    watchlist: createWatchlistHitDirectory(deps.db),
    scores: producers.scores,
    clock,
    logger: deps.logger,
  });
  const scores = createScoresService({ store, businesses, scores: producers.scores, clock, logger: deps.logger });
  const authenticate = authenticateWith({ ...deps.tokens, clock });
  const configs = createWeightageConfigService({ db: deps.db, store: createPgWeightageConfigStore(deps.db), customers: createCustomerDirectory(deps.db), clock });
  const explain = createExplainService({ store, explain: createPgExplainStore(deps.db), businesses });
  const alerts = createAlertsService({ db: deps.db, store: createPgAlertStore(deps.db), clock });
  const contestAlerts = createContestAlertRound({ db: deps.db, contests: createDecisionContestDirectory(deps.db), erased, clock, feedLimit: 1000 });
  // Whose each path id is: what an erased tenant owned answers 410 (docs/adr/0043).
  const tenantOf = { customerID: customerParam, businessID: businessParam(deps.db), scoreID: rowTenant(deps.db, 'scores.scores', { businessColumn: 'business_id' }) };
  const routes = withOpenApiRoute(
    withErasedTenantAnswer(
      [...scoreRoutes({ scores, authenticate }), ...weightageConfigRoutes({ configs, authenticate }), ...explainRoutes({ explain, authenticate }), ...alertRoutes({ alerts, authenticate })],
      tenantOf,
    ),
    {
      title: 'Score area',
      version: '1.0.0',
      description:
        'Business risk scores from versioned weighting configs (data, given per customer), computed after each enrichment (the scheduled re-enrichments of monitored businesses too) and on demand, ' +
        'each reproducible from the inputs it kept and explained factor by factor, the alerts monitoring raises between two scores, and those raised when the facts contest a case decision.',
      serverUrl: SCORE_PREFIX,
    },
  );
  const sweep = recoverySettingsOf(deps);
  const recovery = createScoreRecovery({
    store: createPgScoreRecoveryStore(deps.db),
    scores: producers.scores,
    scoreEnrichments: processors.afterEnrichmentBatch,
    clock,
    logger: deps.logger,
    stuckAfterMs: sweep.stuckAfterMs,
    maxRecoveries: sweep.maxRecoveries,
  });
  const area = defineArea({
    prefix: SCORE_PREFIX,
    routes,
    idempotency: { store: createIdempotencyStore(deps.db, 'scores'), registry: createRedisIdempotencyRegistry({ redis: deps.redis, prefix: deps.redisPrefix }), logger: deps.logger, clock: deps.clock },
    // What an erased tenant owned answers 410 (docs/adr/0043).
    tenantGone: tenantGoneGate({ erased, resolvers: tenantOf }),
    queues,
    workers: scoreWorkers(processors),
    // Wherever workers run, lost and stuck scores are found in PostgreSQL and queued again.
    recovery: { queue: scoreRecoveryQueue, everyMs: sweep.sweepEveryMs, sweep: () => recovery.sweep() },
    // Config changes join the audit log within a second.
    rounds: [
      { queue: scoreAuditRelayQueue, everyMs: 1000, sweep: async () => (await relayAudit(deps.db, 'scores'), {}) },
      // A tenant erased lately: what a job in flight wrote for it after the erasure is erased too (docs/adr/0043).
      { queue: scoreErasureSweepQueue, everyMs: 5000, sweep: async () => (await eraseLateWrites(deps.db, 'scores'), {}) },
      // A decided case the case area newly contests becomes its customer's alert within a second (issue 45).
      { queue: scoreCaseContestRoundQueue, everyMs: 1000, sweep: async () => ({ ...(await contestAlerts.round()) }) },
    ],
    closes: producers.all,
  });
  /** The contest alert round, for tests that run rounds themselves. */
  return { ...area, contestAlertRound: contestAlerts };
}
