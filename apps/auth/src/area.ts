import { auditRoutes } from './audit/audit.router';
import { createAuditService } from './audit/audit.service';
import { createPgAuditStore } from './audit/audit.store';
import { authenticate, createLocalKeySource, createTokenSigner, createTokenVerifier, type SessionRevocations } from '@kyb/auth';
import { createIdempotencyStore, createRedisIdempotencyRegistry, defineArea, type AreaBaseDeps, type RouteDefinition } from '@kyb/http';
import { withOpenApiRoute } from '@kyb/openapi';
import { AppError } from '@kyb/envelope';
import { createMasterKeyring, createSealedBox } from '@kyb/secrets';
import { accountSetupRoutes } from './account-setup/account-setup.router';
import { createAccountSetupService } from './account-setup/account-setup.service';
import { bootstrapAdmin } from './bootstrap/admin-bootstrap';
import { seedDemoCustomer } from './bootstrap/demo-seed';
import type { AuthConfig } from './config';
import { customerRoutes } from './customers/customers.router';
import { createCustomersService } from './customers/customers.service';
import { createPgCustomerStore } from './customers/customers.store';
import { createPgDataKeyStore } from './data-keys/data-keys.store';
import { createPasswordHasher } from './passwords/password-hasher';
import { createPgRefreshTokenStore } from './sessions/refresh-tokens.store';
import { sessionRoutes } from './sessions/sessions.router';
import { createSessionsService } from './sessions/sessions.service';
import { createSignInLimiter } from './sign-in/sign-in-limiter';
import { signInRoutes } from './sign-in/sign-in.router';
import { createSignInService } from './sign-in/sign-in.service';
import { createApplicantSignInService } from './sign-in/applicant-sign-in.service';
import { applicantSignInRoutes } from './sign-in/applicant-sign-in.router';
import { createEmailProofService } from './email-proofs/email-proofs.service';
import { createPgEmailProofStore } from './email-proofs/email-proofs.store';
import { createMailTransport, type MailTransport } from '@kyb/mail';
import { createDataKeys, createErasedCustomers, createInvitationAcceptances, createInvitationDirectory, CustomerNotFoundError, customerParam, idempotencyAnswerSeal, tenantGoneGate, withErasedTenantAnswer } from '@kyb/area-views';
import { createSigningKeysService } from './signing-keys/signing-keys.service';
import { createPgSigningKeyStore } from './signing-keys/signing-keys.store';
import { createPgSetupTokenStore } from './users/setup-tokens.store';
import { userRoutes } from './users/users.router';
import { createUsersService } from './users/users.service';
import { createPgUserStore } from './users/users.store';

/** Where the auth area is served. */
export const AUTH_PREFIX = '/auth/api/v1';

/** The configuration the auth area reads. */
export type AuthAreaConfig = Partial<Pick<AuthConfig, 'DATA_ENCRYPTION_KEY_PREVIOUS'>> &
  Pick<
  AuthConfig,
  | 'TOKEN_TTL_SECONDS'
  | 'REFRESH_TOKEN_TTL_SECONDS'
  | 'TOKEN_ISSUER'
  | 'TOKEN_AUDIENCE'
  | 'DATA_ENCRYPTION_KEY'
  | 'PUBLIC_APP_URL'
  | 'SIGN_IN_ATTEMPTS_PER_EMAIL'
  | 'SIGN_IN_ATTEMPTS_PER_ADDRESS'
  | 'SIGN_IN_SLOWDOWN_AFTER_PER_EMAIL'
  | 'SIGN_IN_WINDOW_SECONDS'
  | 'SETUP_LINK_TTL_SECONDS'
  | 'EMAIL_CODE_TTL_SECONDS'
  | 'EMAIL_CODE_ATTEMPTS'
  | 'EMAIL_CODE_SENDS'
  | 'EMAIL_CODE_SEND_WINDOW_SECONDS'
>;

/** What the auth area is built from (it runs no workers: `workerConcurrency` and `recovery` are unused). */
export interface AuthAreaDeps extends AreaBaseDeps {
  config: AuthAreaConfig;
  /** How sign-ins past the per-email ceiling wait (tests record the waits). */
  sleep?: (ms: number) => Promise<void>;
  /** How an applicant's sign-up code is mailed (SMTP, or the log for local use). */
  mailTransport?: MailTransport;
  /** Ended sessions, shared with every area: written here (logout, INACTIVE, ...), checked on every request. */
  revocations: SessionRevocations;
}

/** The auth area: its routes, the verifier other areas can share, and start-up tasks. */
export type AuthArea = ReturnType<typeof createAuthArea>;

/** Wires the auth area's stores, services and routes. */
export function createAuthArea(deps: AuthAreaDeps) {
  const { db, config, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  const sealedBox = createSealedBox(config.DATA_ENCRYPTION_KEY);
  // The keys every area seals tenants' data with live here; the auth area's own kept answers use them too (ADR 0023).
  const dataKeys = createDataKeys(db, createMasterKeyring(config.DATA_ENCRYPTION_KEY, config.DATA_ENCRYPTION_KEY_PREVIOUS ?? []));
  const users = createPgUserStore(db);
  const customers = createPgCustomerStore(db);
  const setupTokens = createPgSetupTokenStore(db);
  const hasher = createPasswordHasher();
  const signingKeys = createSigningKeysService({
    store: createPgSigningKeyStore(db),
    dataKeys,
    tokenTtlSeconds: config.TOKEN_TTL_SECONDS,
    clock,
  });
  // The keys tokens are verified with, here and (in a process that runs the areas together) beside it.
  const keys = createLocalKeySource(() => signingKeys.publicKeys());
  const verifier = createTokenVerifier({
    keys,
    issuer: config.TOKEN_ISSUER,
    audience: config.TOKEN_AUDIENCE,
    revocations: deps.revocations,
    nowSeconds,
  });
  const sessions = createSessionsService({
    users,
    refreshTokens: createPgRefreshTokenStore(db),
    signingKeys,
    signer: createTokenSigner({ issuer: config.TOKEN_ISSUER, audience: config.TOKEN_AUDIENCE, ttlSeconds: config.TOKEN_TTL_SECONDS, nowSeconds }),
    revocations: deps.revocations,
    tokenTtlSeconds: config.TOKEN_TTL_SECONDS,
    customerActive: async (customerId) => (await customers.findById(customerId))?.status === 'ACTIVE',
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    clock,
    logger,
  });
  // The limiter's own connection: each of its pipelines (multi) copies every script defined on its connection, and
  // the shared one carries BullMQ's, some 0.4 ms of the event loop per sign-in (ADR 0034). A Redis outage is the
  // shared connection's to report (readiness); the limiter falls back to counting in memory meanwhile. Its commands
  // of one tick go in one write (auto-pipelining): a sign-in's three counts, and its three updates, were three each (ADR 0034).
  const limiterRedis = deps.redis.duplicate({ enableAutoPipelining: true });
  limiterRedis.on('error', () => undefined);
  const closeLimiterRedis = { close: () => limiterRedis.quit().then(() => undefined, () => limiterRedis.disconnect()) };
  const limiter = createSignInLimiter({
    redis: limiterRedis,
    keyPrefix: deps.redisPrefix ?? 'kyb',
    attemptsPerEmail: config.SIGN_IN_ATTEMPTS_PER_EMAIL,
    attemptsPerAddress: config.SIGN_IN_ATTEMPTS_PER_ADDRESS,
    slowdownAfterPerEmail: config.SIGN_IN_SLOWDOWN_AFTER_PER_EMAIL,
    windowSeconds: config.SIGN_IN_WINDOW_SECONDS,
    sleep: deps.sleep,
  });
  const guard = authenticate(verifier);
  const signIn = createSignInService({ users, hasher, sessions, limiter });
  const audit = createAuditService({
    store: createPgAuditStore(db),
    requireCustomer: async (customerId) => {
      if (!(await customers.findById(customerId))) throw new CustomerNotFoundError();
    },
    logger,
    clock,
  });

  const areaRoutes: RouteDefinition[] = [
    ...signInRoutes({ signIn, audit }),
    ...applicantSignInRoutes({
      applicantSignIn: createApplicantSignInService({
        db,
        users,
        customers,
        invitations: createInvitationDirectory(db),
        acceptances: createInvitationAcceptances(db),
        proofs: createEmailProofService({
          db,
          store: createPgEmailProofStore(db),
          sealedBox,
          mail: deps.mailTransport ?? createMailTransport({ from: 'KYB Onboarding <no-reply@localhost>', logger }),
          clock,
          ttlSeconds: config.EMAIL_CODE_TTL_SECONDS,
          maxAttempts: config.EMAIL_CODE_ATTEMPTS,
          maxSends: config.EMAIL_CODE_SENDS,
          sendWindowSeconds: config.EMAIL_CODE_SEND_WINDOW_SECONDS,
        }),
        hasher,
        limiter,
        signIn,
        sessions,
        clock,
      }),
      audit,
    }),
    ...sessionRoutes({ sessions, signingKeys, authenticate: guard, audit }),
    ...accountSetupRoutes({ accountSetup: createAccountSetupService({ db, users, setupTokens, hasher, limiter, clock }) }),
    ...customerRoutes({
      customers: createCustomersService({
        db,
        customers,
        dataKeys: createPgDataKeyStore(db),
        clock,
        endSessions: (userIds, reason) => sessions.revokeAllOfCustomer(userIds, reason),
      }),
      authenticate: guard,
      audit,
    }),
    ...userRoutes({
      users: createUsersService({
        db,
        users,
        customers,
        setupTokens,
        hasher,
        sessions,
        publicAppUrl: config.PUBLIC_APP_URL,
        setupLinkTtlSeconds: config.SETUP_LINK_TTL_SECONDS,
        clock,
      }),
      authenticate: guard,
      audit,
    }),
    ...auditRoutes({ audit, authenticate: guard }),
  ];
  // Whose each path id is: what an erased tenant owned answers 410 (docs/adr/0043).
  const tenantOf = { customerID: customerParam };
  const routes = withOpenApiRoute(withErasedTenantAnswer(areaRoutes, tenantOf), {
    title: 'Auth area',
    version: '1.0.0',
    description: 'Sign-in, sessions, customers and their users.',
    serverUrl: AUTH_PREFIX,
  });

  return {
    ...defineArea({ prefix: AUTH_PREFIX, routes, closes: [hasher, closeLimiterRedis], idempotency: { store: createIdempotencyStore(deps.db, 'auth'), registry: createRedisIdempotencyRegistry({ redis: deps.redis, prefix: deps.redisPrefix }), logger: deps.logger, clock: deps.clock, seal: idempotencyAnswerSeal(dataKeys) },
      // An erased tenant answers 410 on every route that names it (docs/adr/0043), a repeated erasure too.
      tenantGone: tenantGoneGate({ erased: createErasedCustomers(deps.db), resolvers: tenantOf }),
    }),
    verifier,
    /** The public keys of the tokens the area signs, read in process (for the areas beside it: docs/adr/0041). */
    keys,
    /** The audit log (acts are recorded by the routes; tests record directly). */
    audit,
    /** Creates the first signing key if there is none. */
    start: () => signingKeys.ensureActiveKey(),
    bootstrapAdmin: (email: string, password: string) => bootstrapAdmin({ users, hasher }, email, password),
    /** Ensures the demo customer and its owner user (for `npm start`). */
    seedDemo: (email: string, password: string) => seedDemoCustomer({ users, customers, hasher }, email, password),
    rotateSigningKey: () => signingKeys.rotate(),
    /**
     * Checks a platform admin's email and password for the operators' pages, under the limits of
     * /admin/sign-in and with the request's client address: one guess budget per address for both.
     */
    verifyAdminPassword: (email: string, password: string, clientAddress: string) =>
      signIn.checkCredentials('ADMIN', email, password, clientAddress).then(
        () => true,
        (err: unknown) => {
          // Wrong credentials or an account that may not sign in: refused. Rate limits and outages propagate.
          if (err instanceof AppError && err.errorName === 'SignInApiError') return false;
          throw err;
        },
      ),
  };
}
