/*
 * Inside the case area, features depend one way only (feature-direction.test.ts checks it):
 *   onboarding   -> applicants, cases, businesses
 *   invitations  -> applicants, cases, mail, businesses
 * Onboarding and invitations never import each other; applicants, cases, mail, businesses and
 * recovery import no other feature. This file wires them together.
 */
import type { Router } from 'express';
import { authenticateWith, type TokenTrust } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { buildRouter, type LargeBody, type Logger, type RouteDefinition } from '@kyb/http';
import { withOpenApiRoute } from '@kyb/openapi';
import {
  businessEnrichmentQueue,
  caseRecoveryQueue,
  closeGracefully,
  createProducer,
  createWorker,
  mailQueue,
  onboardingRunQueue,
  startRecoverySweeper,
  type Redis,
  type RecoverySweeper,
  type Worker,
} from '@kyb/queues';
import { createMailProcessor } from './mail/mail.processor';
import { createPgMailOutboxStore } from './mail/mail-outbox.store';
import { createPgApplicantStore } from './applicants/applicants.store';
import { createMailTransport, type MailTransport } from '@kyb/mail';
import { createSealedBox } from '@kyb/secrets';
import { createCustomerDirectory, createInvitationAcceptances } from '@kyb/area-views';
import { businessReadRoutes } from './businesses/businesses.router';
import { caseRoutes } from './cases/cases.router';
import { createCasesService } from './cases/cases.service';
import { createPgCaseStore } from './cases/cases.store';
import { inviteRoutes } from './invitations/invite.router';
import { createInviteService } from './invitations/invite.service';
import { createPgInvitationStore } from './invitations/invitations.store';
import { onboardingRoutes } from './onboarding/onboarding.router';
import { createOnboardingService } from './onboarding/onboarding.service';
import { createPgOnboardingStore } from './onboarding/onboarding.store';
import { createBusinessesService } from './businesses/businesses.service';
import { createCaseRecovery } from './recovery/case-recovery';
import { createPgCaseRecoveryStore } from './recovery/case-recovery.store';
import { createLeasedRunProcessor } from './recovery/run-lease';
import { createPgBusinessStore } from './businesses/businesses.store';

/** Where the case area is served. */
export const CASE_PREFIX = '/case/api/v1';

/** What the case area is built from. */
export interface CaseAreaDeps {
  db: Knex;
  redis: Redis;
  /** Prefix of the area's queue keys (tests give each file its own). */
  redisPrefix?: string;
  /** Jobs a queue's worker runs at once (QUEUE settings of the process). */
  workerConcurrency?: (queueName: string) => number | undefined;
  dataEncryptionKey: Buffer;
  /** Base of invitation URLs. */
  publicAppUrl?: string;
  invitationTtlSeconds?: number;
  /** How invitation mail leaves (SMTP, or the log for local use). */
  mailTransport?: MailTransport;
  logger: Logger;
  /** The recovery sweep of stuck runs and mail: how often it runs and when a record counts as stuck (default 60 s, 5 min). */
  recovery?: { sweepEveryMs: number; stuckAfterMs: number; maxRecoveries?: number };
  /** How bearer tokens are trusted: the auth area's keys (its JWKS over HTTP in production), issuer, audience, ended sessions. */
  tokens: TokenTrust;
  clock?: () => Date;
}

/** The case area: its router and routes. */
export interface CaseArea {
  prefix: string;
  router: Router;
  routes: RouteDefinition[];
  /** Bulk imports take bodies up to 5 MB. */
  largeBodies: LargeBody[];
  /** Starts the area's workers and its recovery sweeper on `connection` (a worker connection) and returns them; `stop()` closes them. */
  startWorkers(connection: Redis): Worker[];
  /** The recovery sweep, run by the sweeper's scheduled jobs (tests call it directly). */
  recovery: { sweep(): Promise<unknown> };
  /** Closes the area's workers (letting running jobs finish), then its queue producers. */
  stop(): Promise<void>;
}

/** Wires the case area's stores, services and routes. */
export function createCaseArea(deps: CaseAreaDeps): CaseArea {
  const clock = deps.clock ?? (() => new Date());
  const guard = authenticateWith({ ...deps.tokens, clock });
  const businessStore = createPgBusinessStore(deps.db);
  const sealedBox = createSealedBox(deps.dataEncryptionKey);
  const businesses = createBusinessesService({ businesses: businessStore });
  const enrichment = createProducer(businessEnrichmentQueue, { connection: deps.redis, prefix: deps.redisPrefix, logger: deps.logger });
  const runs = createProducer(onboardingRunQueue, { connection: deps.redis, prefix: deps.redisPrefix, logger: deps.logger });
  const mail = createProducer(mailQueue, { connection: deps.redis, prefix: deps.redisPrefix, logger: deps.logger });
  const deliverMail = createMailProcessor({
    db: deps.db,
    transport: deps.mailTransport ?? createMailTransport({ from: 'KYB Onboarding <no-reply@localhost>', logger: deps.logger }),
    logger: deps.logger,
    clock,
  });
  const applicantStore = createPgApplicantStore();
  const caseStore = createPgCaseStore(deps.db);
  const onboarding = createOnboardingService({
    db: deps.db,
    store: createPgOnboardingStore(),
    businesses: businessStore,
    applicants: applicantStore,
    cases: caseStore,
    directory: createCustomerDirectory(deps.db),
    sealedBox,
    enrichment,
    runs,
    clock,
    logger: deps.logger,
  });
  const invites = createInviteService({
    db: deps.db,
    store: createPgInvitationStore(),
    businesses: businessStore,
    applicants: applicantStore,
    cases: caseStore,
    outbox: createPgMailOutboxStore(deps.db),
    sealedBox,
    enrichment,
    mail,
    publicAppUrl: deps.publicAppUrl ?? 'http://localhost:8080',
    invitationTtlSeconds: deps.invitationTtlSeconds ?? 7 * 24 * 3600,
    clock,
    logger: deps.logger,
  });
  const areaRoutes = [
    ...onboardingRoutes({ onboarding, authenticate: guard }),
    ...businessReadRoutes({ businesses, authenticate: guard }),
    ...inviteRoutes({ invites, authenticate: guard }),
    ...caseRoutes({ cases: createCasesService({ cases: caseStore, acceptances: createInvitationAcceptances(deps.db), clock }), authenticate: guard }),
  ];
  const routes = withOpenApiRoute(areaRoutes, {
    title: 'Case area',
    version: '1.0.0',
    description: 'Businesses, their owners, onboarding cases and invitations.',
    serverUrl: CASE_PREFIX,
  });
  // A bulk body (up to 5 MB) is read only for an authenticated caller.
  const largeBodies = [{ path: /^\/case\/api\/v1\/businesses\/customers\/[^/]+\/bulk$/, limit: '5mb', before: [guard] }];
  const recovery = createCaseRecovery({
    store: createPgCaseRecoveryStore(deps.db),
    runs,
    mail,
    clock,
    logger: deps.logger,
    stuckAfterMs: deps.recovery?.stuckAfterMs ?? 300_000,
    maxRecoveries: deps.recovery?.maxRecoveries,
  });
  // One worker at a time stores a run's rows, however many jobs of it there are.
  const processRun = createLeasedRunProcessor({ db: deps.db, processRun: (runId, attempt) => onboarding.processRun(runId, attempt), clock });
  const workers: Array<{ close(): Promise<void>; waitUntilReady(): Promise<unknown> }> = [];
  const sweepers: RecoverySweeper[] = [];
  return {
    prefix: CASE_PREFIX,
    router: buildRouter(routes),
    routes,
    largeBodies,
    recovery,
    startWorkers(connection) {
      const context = { connection, prefix: deps.redisPrefix, logger: deps.logger, concurrency: deps.workerConcurrency };
      const started: Worker[] = [
        createWorker(onboardingRunQueue, (job) => processRun(job.data.runId, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) }), context),
        createWorker(mailQueue, (job) => deliverMail(job.data.messageId, { made: job.attemptsMade, allowed: job.opts.attempts ?? 1 }), context),
      ];
      // Wherever workers run, stuck runs and mail are found in PostgreSQL and queued again.
      const sweeper = startRecoverySweeper({
        definition: caseRecoveryQueue,
        connection: deps.redis,
        prefix: deps.redisPrefix,
        workerConnection: connection,
        logger: deps.logger,
        everyMs: deps.recovery?.sweepEveryMs ?? 60_000,
        sweep: () => recovery.sweep(),
      });
      sweepers.push(sweeper);
      started.push(sweeper.worker);
      workers.push(...started);
      return started;
    },
    stop: () => closeGracefully(workers, [...sweepers, enrichment, runs, mail]),
  };
}
