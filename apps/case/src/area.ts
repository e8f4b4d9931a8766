/*
 * Inside the case area, features depend one way only (feature-direction.test.ts checks it):
 *   onboarding   -> applicants, cases, businesses
 *   invitations  -> applicants, cases, mail, businesses
 *   decisions    -> cases
 *   review       -> cases, decisions
 * Onboarding and invitations never import each other; applicants, cases, mail, businesses and
 * recovery import no other feature. This file wires them together.
 */
import { authenticateWith, type TokenTrust } from '@kyb/auth';
import { createIdempotencyStore, createRedisIdempotencyRegistry, defineArea, queuesOf, recoverySettingsOf, type AreaBaseDeps } from '@kyb/http';
import { withOpenApiRoute } from '@kyb/openapi';
import { caseAuditRelayQueue, caseDecisionRoundQueue, caseErasureSweepQueue, caseRecoveryQueue } from '@kyb/queues';
import { createMailTransport, type MailTransport } from '@kyb/mail';
import { createMasterKeyring } from '@kyb/secrets';
import { businessParam, createCustomerDirectory, createDataKeys, createReviewerDirectory, createErasedCustomers, createInvitationAcceptances, customerParam, eraseLateWrites, idempotencyAnswerSeal, relayAudit, rowTenant, tenantGoneGate, withErasedTenantAnswer } from '@kyb/area-views';
import { createPgApplicantStore } from './applicants/applicants.store';
import { businessReadRoutes } from './businesses/businesses.router';
import { monitoringRoutes } from './businesses/monitoring.router';
import { createMonitoringService } from './businesses/monitoring.service';
import { monitoringSettingsRoutes } from './businesses/monitoring-settings.router';
import { createMonitoringSettingsService } from './businesses/monitoring-settings.service';
import { createPgMonitoringSettingsStore } from './businesses/monitoring-settings.store';
import { createCaseDecisionRound, type CaseDecisionSettings } from './decisions/case-decision-round.wiring';
import { casePolicyRoutes } from './decisions/case-policies.router';
import { reviewerDecisionRoutes } from './decisions/reviewer-decision.router';
import { createReviewerDecisionService } from './decisions/reviewer-decision.service';
import { createPolicyDryRunService } from './decisions/policy-dry-run.service';
import { applicantRequestRoutes } from './review/applicant-requests.router';
import { createApplicantAnswersService } from './review/applicant-answers.service';
import { createCaseAssignmentService } from './review/case-assignment.service';
import { createCaseCommentsService } from './review/case-comments.service';
import { createInformationRequestsService } from './review/information-requests.service';
import { caseReviewRoutes } from './review/review.router';
import { createCasePoliciesService } from './decisions/case-policies.service';
import { createPgCasePoliciesStore } from './decisions/case-policies.store';
import { onboardingLimitRoutes } from './onboarding/onboarding-limit.router';
import { ownerErasureRoutes } from './businesses/owner-erasure.router';
import { createOwnerErasureService } from './businesses/owner-erasure.service';
import { createBusinessesService } from './businesses/businesses.service';
import { createPgBusinessStore } from './businesses/businesses.store';
import { caseRoutes } from './cases/cases.router';
import { createCasesService } from './cases/cases.service';
import { createPgCaseStore } from './cases/cases.store';
import { inviteRoutes } from './invitations/invite.router';
import { createInviteService } from './invitations/invite.service';
import { createPgInvitationStore } from './invitations/invitations.store';
import { createMailProcessor } from './mail/mail.processor';
import { createPgMailOutboxStore } from './mail/mail-outbox.store';
import { createAcceptRun } from './onboarding/accept-run';
import { createAddBusinesses } from './onboarding/add-businesses';
import { createAddChecks } from './onboarding/add-checks';
import { createDryRun } from './onboarding/dry-run';
import { onboardingRoutes } from './onboarding/onboarding.router';
import type { OnboardingDeps } from './onboarding/onboarding-deps';
import { createProcessRun } from './onboarding/process-run';
import { createReadOnboardingLimit } from './onboarding/read-onboarding-limit';
import { createReadRun } from './onboarding/read-run';
import { createEnrichmentGatherer } from './onboarding/enrichment-gatherer';
import { createPgOnboardingStore } from './onboarding/onboarding.store';
import { createCaseRecovery } from './recovery/case-recovery';
import { createPgCaseRecoveryStore } from './recovery/case-recovery.store';
import { createLeasedRunProcessor } from './recovery/run-lease';
import { caseWorkers, createCaseProducers } from './worker';

/** Where the case area is served. */
export const CASE_PREFIX = '/case/api/v1';

/** What the case area is built from. */
export interface CaseAreaDeps extends AreaBaseDeps {
  dataEncryptionKey: Buffer;
  /** During a master key rotation: the previous master keys, which still unwrap data keys not yet re-wrapped. */
  previousDataEncryptionKeys?: Buffer[];
  /** Base of invitation URLs. */
  publicAppUrl?: string;
  invitationTtlSeconds?: number;
  /** How invitation mail leaves (SMTP, or the log for local use). */
  mailTransport?: MailTransport;
  /** How bearer tokens are trusted: the auth area's keys (its JWKS over HTTP in production), issuer, audience, ended sessions. */
  tokens: TokenTrust;
  /** The gatherer's window: single adds following one of the same customer within it go as one batch (default `ENRICHMENT_GATHER_MS`; 0 queues each at once, alone). */
  enrichmentGatherMs?: number;
  /** How the decision round runs (issue 45). */
  decisions?: CaseDecisionSettings;
}

/** The case area: E2-E5, E8, E9, E12-E14, cases and invitations, and the workers of runs and mail. */
export type CaseArea = ReturnType<typeof createCaseArea>;

/** Wires the case area's stores, services, routes and workers. */
export function createCaseArea(deps: CaseAreaDeps) {
  const clock = deps.clock ?? (() => new Date());
  const guard = authenticateWith({ ...deps.tokens, clock });
  const queues = queuesOf(deps);
  const { enrichment, enrichmentBatches, runs, mail, all: producers } = createCaseProducers(queues);
  const businessStore = createPgBusinessStore(deps.db);
  const publicAppUrl = deps.publicAppUrl ?? 'http://localhost:8080';
  const gatherer = createEnrichmentGatherer({ enrichment, enrichmentBatches, windowMs: deps.enrichmentGatherMs, logger: deps.logger });
  // TINs, SSNs and the rows of async runs are sealed with the customer's data key (ADR 0023).
  const dataKeys = createDataKeys(deps.db, createMasterKeyring(deps.dataEncryptionKey, deps.previousDataEncryptionKeys));
  const businesses = createBusinessesService({ businesses: businessStore, db: deps.db, clock });
  const applicantStore = createPgApplicantStore();
  const caseStore = createPgCaseStore(deps.db);
  const onboarding: OnboardingDeps = {
    db: deps.db,
    store: createPgOnboardingStore(),
    businesses: businessStore,
    applicants: applicantStore,
    cases: caseStore,
    directory: createCustomerDirectory(deps.db),
    dataKeys,
    gatherer,
    runs,
    clock,
    logger: deps.logger,
  };
  const invites = createInviteService({
    db: deps.db,
    store: createPgInvitationStore(),
    businesses: businessStore,
    applicants: applicantStore,
    cases: caseStore,
    outbox: createPgMailOutboxStore(deps.db),
    dataKeys,
    enrichment,
    mail,
    publicAppUrl,
    invitationTtlSeconds: deps.invitationTtlSeconds ?? 7 * 24 * 3600,
    clock,
    logger: deps.logger,
  });
  const decisions = createCaseDecisionRound({ db: deps.db, clock, settings: deps.decisions });
  // Whose each path id is: what an erased tenant owned answers 410 (docs/adr/0043); an invitation's id is its applicant's credential.
  const tenantOf = {
    customerID: customerParam,
    businessID: businessParam(deps.db),
    runID: rowTenant(deps.db, 'cases.onboarding_runs'),
    caseID: rowTenant(deps.db, 'cases.cases', { businessColumn: 'business_id' }),
    invitationID: rowTenant(deps.db, 'cases.invitations', { businessColumn: 'business_id', publicLink: true }),
    requestID: rowTenant(deps.db, 'cases.information_requests', { businessColumn: 'business_id' }),
  };
  const routes = withOpenApiRoute(
    withErasedTenantAnswer([
      ...onboardingRoutes({
        checks: createAddChecks(onboarding),
        addBusinesses: createAddBusinesses(onboarding),
        dryRun: createDryRun(onboarding),
        acceptRun: createAcceptRun(onboarding),
        readRun: createReadRun(onboarding),
        enrichment: gatherer,
        authenticate: guard,
      }),
      ...onboardingLimitRoutes({ readLimit: createReadOnboardingLimit(onboarding), authenticate: guard }),
      ...monitoringRoutes({ monitoring: createMonitoringService({ db: deps.db, businesses: businessStore, clock }), authenticate: guard }),
      ...monitoringSettingsRoutes({
        settings: createMonitoringSettingsService({ db: deps.db, store: createPgMonitoringSettingsStore(deps.db), customers: createCustomerDirectory(deps.db), clock }),
        authenticate: guard,
      }),
      ...businessReadRoutes({ businesses, authenticate: guard }),
      ...ownerErasureRoutes({ erasure: createOwnerErasureService({ db: deps.db, businesses: businessStore, dataKeys, clock }), authenticate: guard }),
      ...inviteRoutes({ invites, authenticate: guard }),
      ...caseRoutes({ cases: createCasesService({ cases: caseStore, acceptances: createInvitationAcceptances(deps.db), clock, db: deps.db }), authenticate: guard }),
      ...reviewerDecisionRoutes({
        decisions: createReviewerDecisionService({ db: deps.db, policies: createPgCasePoliciesStore(deps.db), facts: decisions.facts, clock }),
        authenticate: guard,
      }),
      ...caseReviewRoutes({
        assignments: createCaseAssignmentService({ db: deps.db, reviewers: createReviewerDirectory(deps.db), clock }),
        comments: createCaseCommentsService({ db: deps.db, clock }),
        requests: createInformationRequestsService({ db: deps.db, mail, publicAppUrl, clock, logger: deps.logger }),
        authenticate: guard,
      }),
      ...applicantRequestRoutes({ answers: createApplicantAnswersService({ db: deps.db, clock }), authenticate: guard }),
      ...casePolicyRoutes({
        policies: createCasePoliciesService({ db: deps.db, store: createPgCasePoliciesStore(deps.db), customers: createCustomerDirectory(deps.db), clock }),
        dryRun: createPolicyDryRunService({ db: deps.db, policies: createPgCasePoliciesStore(deps.db), customers: createCustomerDirectory(deps.db), facts: decisions.facts }),
        authenticate: guard,
      }),
    ], tenantOf),
    {
      title: 'Case area',
      version: '1.0.0',
      description: 'Businesses, their owners, onboarding cases and invitations.',
      serverUrl: CASE_PREFIX,
    },
  );
  const sweep = recoverySettingsOf(deps);
  const recovery = createCaseRecovery({
    store: createPgCaseRecoveryStore(deps.db),
    runs,
    mail,
    clock,
    logger: deps.logger,
    stuckAfterMs: sweep.stuckAfterMs,
    maxRecoveries: sweep.maxRecoveries,
  });
  const area = defineArea({
    prefix: CASE_PREFIX,
    routes,
    idempotency: { store: createIdempotencyStore(deps.db, 'cases'), registry: createRedisIdempotencyRegistry({ redis: deps.redis, prefix: deps.redisPrefix }), logger: deps.logger, clock: deps.clock, seal: idempotencyAnswerSeal(dataKeys) },
    // What an erased tenant owned answers 410 (docs/adr/0043).
    tenantGone: tenantGoneGate({ erased: createErasedCustomers(deps.db), resolvers: tenantOf }),
    // A bulk body (up to 5 MB) is read only for an authenticated caller.
    largeBodies: [{ path: /^\/case\/api\/v1\/businesses\/customers\/[^/]+\/bulk$/, limit: '5mb', before: [guard] }],
    queues,
    workers: caseWorkers({
      // One worker at a time stores a run's rows, however many jobs of it there are.
      processRun: createLeasedRunProcessor({ db: deps.db, processRun: createProcessRun(onboarding), clock }),
      deliverMail: createMailProcessor({
        db: deps.db,
        transport: deps.mailTransport ?? createMailTransport({ from: 'KYB Onboarding <no-reply@localhost>', logger: deps.logger }),
        logger: deps.logger,
        clock,
      }),
    }),
    // Wherever workers run, stuck runs and mail are found in PostgreSQL and queued again.
    recovery: { queue: caseRecoveryQueue, everyMs: sweep.sweepEveryMs, sweep: () => recovery.sweep() },
    // The acts the area records (businesses added, owners' details read) join the audit log within a second.
    rounds: [
      { queue: caseAuditRelayQueue, everyMs: 1000, sweep: async () => (await relayAudit(deps.db, 'cases'), {}) },
      // A tenant erased lately: what a job in flight wrote for it after the erasure is erased too (docs/adr/0043); the auth
      // area runs no workers, so this round also runs its function (a user a request created just before the erasure).
      { queue: caseErasureSweepQueue, everyMs: 5000, sweep: async () => (await eraseLateWrites(deps.db, ['cases', 'auth']), {}) },
      // Cases whose facts changed are evaluated with their policy and moved (issue 45, docs/adr/0055).
      { queue: caseDecisionRoundQueue, everyMs: decisions.everyMs, sweep: async () => ({ ...(await decisions.round.round()) }) },
    ],
    // What the gatherer holds is queued before the producers close.
    // Cases by state, the review queue's oldest case and the time to decision (issue 45).
    metrics: (registry) => decisions.registerMetrics(registry),
    closes: [
      {
        async close() {
          await gatherer.close();
          await Promise.all(producers.map((producer) => producer.close()));
        },
      },
    ],
  });
  /** The decision round, for tests that run rounds themselves. */
  return { ...area, decisionRound: decisions.round };
}
