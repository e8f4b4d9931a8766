/**
 * What the manifests must describe, written down once for the tests: the areas, their queues and
 * the settings each area's processes read (libs/config and apps/<area>/src/config.ts).
 */

export const AREAS = ['auth', 'case', 'integration', 'score', 'report'] as const;
export type Area = (typeof AREAS)[number];

/** BullMQ queues consumed by each area's worker; auth has none, so no worker. */
export const QUEUES: Record<Area, string[]> = {
  auth: [],
  case: ['onboarding-run', 'mail-delivery'],
  integration: ['business-enrichment', 'business-enrichment-batch', 'merchant-screening', 'webhook-delivery', 'watchlist-screening', 'watchlist-load'],
  score: ['business-score', 'enrichment-completed', 'enrichment-batch-completed', 'watchlist-hits-changed'],
  report: ['report-generation'],
};

/** The default QUEUE_PREFIX: the wait list of queue q is `kyb:q:wait`. */
export const QUEUE_PREFIX = 'kyb';

/** Settings every process of the suite reads, whatever its area. */
export const PROCESS_SETTINGS = [
  'ROLE',
  'PORT',
  'METRICS_PORT',
  'DATABASE_URL',
  'REDIS_URL',
  'LOG_LEVEL',
  'QUEUE_PREFIX',
  'TRUST_PROXY',
  'SHUTDOWN_DRAIN_MS',
  'SHUTDOWN_GRACE_MS',
  'DB_POOL_MAX',
  'WORKER_CONCURRENCY',
  'DB_APP_ROLE',
];

/** The settings of each area's own configuration; `required` ones have no default. */
/** The recovery sweep's settings, read by every area with workers (api processes load them too). */
const RECOVERY = ['RECOVERY_SWEEP_EVERY_MS', 'RECOVERY_STUCK_AFTER_MS'];
/** The webhook settings production sets (WEBHOOKS_ALLOW_PRIVATE_URLS and WEBHOOK_RETRY_DELAYS_MS keep their defaults there). */
const WEBHOOKS = ['WEBHOOK_TIMEOUT_MS', 'WEBHOOK_MAX_IN_FLIGHT', 'WEBHOOK_DISABLE_AFTER_HOURS', 'WEBHOOK_SECRET_OVERLAP_HOURS', 'WEBHOOK_DISPATCH_EVERY_MS', 'WEBHOOK_RETENTION_DAYS'];

/** Where the integration area's real provider adapters reach their vendors. */
const PROVIDER_BASE_URLS = ['MATCH_PRO_BASE_URL', 'OPENCORPORATES_BASE_URL', 'COBALT_BASE_URL', 'SMARTY_BASE_URL', 'TIN_MATCH_BASE_URL', 'OPENSANCTIONS_BASE_URL'];

export const AREA_SETTINGS: Record<Area, { reads: string[]; required: string[] }> = {
  auth: {
    reads: [
      'DATA_ENCRYPTION_KEY',
      'PUBLIC_APP_URL',
      'TOKEN_ISSUER',
      'TOKEN_AUDIENCE',
      'TOKEN_TTL_SECONDS',
      'REFRESH_TOKEN_TTL_SECONDS',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'SIGN_IN_ATTEMPTS_PER_EMAIL',
      'SIGN_IN_ATTEMPTS_PER_ADDRESS',
      'SIGN_IN_WINDOW_SECONDS',
      'SETUP_LINK_TTL_SECONDS',
      'SMTP_URL',
      'MAIL_FROM',
    ],
    required: ['DATA_ENCRYPTION_KEY'],
  },
  case: {
    reads: ['AUTH_JWKS_URL', 'TOKEN_ISSUER', 'TOKEN_AUDIENCE', 'DATA_ENCRYPTION_KEY', 'PUBLIC_APP_URL', 'INVITATION_TTL_SECONDS', 'CASE_DECISION_EVERY_MS', 'CASE_DECISION_RECHECK_MS', 'SMTP_URL', 'MAIL_FROM', ...RECOVERY],
    required: ['DATA_ENCRYPTION_KEY'],
  },
  integration: {
    reads: ['AUTH_JWKS_URL', 'TOKEN_ISSUER', 'TOKEN_AUDIENCE', 'DATA_ENCRYPTION_KEY', 'SCREENING_SANDBOX_DELAY_MS', 'MONITORING_TICK_MINUTES', ...WEBHOOKS, ...RECOVERY, ...PROVIDER_BASE_URLS],
    required: ['DATA_ENCRYPTION_KEY'],
  },
  score: { reads: ['AUTH_JWKS_URL', 'TOKEN_ISSUER', 'TOKEN_AUDIENCE', ...RECOVERY], required: [] },
  report: {
    reads: ['AUTH_JWKS_URL', 'TOKEN_ISSUER', 'TOKEN_AUDIENCE', 'DATA_ENCRYPTION_KEY', 'PUBLIC_APP_URL', 'REPORT_URL_TTL_SECONDS', ...RECOVERY],
    required: ['DATA_ENCRYPTION_KEY'],
  },
};

/** The gateway prefixes, one per area. */
export const PREFIXES = AREAS.map((area) => `/${area}/api/v1`);

/** The labels every workload and its pods carry. */
export const LABELS = { name: 'app.kubernetes.io/name', component: 'app.kubernetes.io/component', area: 'kyb.example/area' } as const;
