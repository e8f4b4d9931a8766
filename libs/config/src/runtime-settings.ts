import { integer, oneOf, text, trustProxy } from './settings';

/** What one process does: serve HTTP, run workers, apply migrations, or all of it (local use). */
export const PROCESS_ROLES = ['all', 'api', 'worker', 'migrate'] as const;
/** One of {@link PROCESS_ROLES}. */
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const QUEUE_PREFIX = /^[A-Za-z0-9_.-]{1,64}$/;

/** The settings of a process of the suite that production sets: its role, pool, workers, proxies and ports. */
export const runtimeSettings = {
  ROLE: oneOf({ description: 'what the process does: all, api, worker or migrate', values: PROCESS_ROLES, fallback: 'all' }),
  QUEUE_PREFIX: {
    description: 'prefix of the BullMQ and rate-limit keys in Redis, so suites sharing one Redis never take each other\'s jobs',
    fallback: 'kyb',
    parse(raw: string): string {
      if (!QUEUE_PREFIX.test(raw)) throw new Error(`must be 1 to 64 letters, digits, '.', '_' or '-', got "${raw}"`);
      return raw;
    },
  },
  TRUST_PROXY: trustProxy({
    description: 'proxies whose X-Forwarded-For is believed: a hop count, or addresses and CIDRs (unset: none)',
    fallback: false,
  }),
  DB_POOL_MAX: integer({ description: 'PostgreSQL connections per process at most', fallback: 10, min: 1, max: 200 }),
  WORKER_CONCURRENCY: integer({ description: 'jobs each worker runs at once (WORKER_CONCURRENCY_<QUEUE> overrides per queue)', fallback: 4, min: 1, max: 100 }),
  METRICS_PORT: integer({ description: 'port of /healthz, /readyz and /metrics for api and worker processes', fallback: 9464, min: 1, max: 65535 }),
  SHUTDOWN_DRAIN_MS: integer({
    description: 'on SIGTERM, how long an api process keeps serving while /readyz answers 503, so the load balancer stops sending it requests first',
    fallback: 0,
    min: 0,
    max: 120_000,
  }),
  SHUTDOWN_GRACE_MS: integer({
    description: 'on a stop, how long requests in flight and running jobs get to finish before the process exits (an unfinished job goes back to its queue)',
    fallback: 25_000,
    min: 1000,
    max: 600_000,
  }),
  DB_APP_ROLE: text({ description: 'migrate only: the existing least-privilege role granted DML on every area schema', fallback: '' }),
};

/** The variable that sets the concurrency of one queue's workers, e.g. `WORKER_CONCURRENCY_REPORT_GENERATION`. */
export function queueConcurrencyVariable(queueName: string): string {
  return `WORKER_CONCURRENCY_${queueName.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

/** A per-queue concurrency setting (unset: WORKER_CONCURRENCY). */
export function queueConcurrencySetting(queueName: string) {
  return integer({ description: `jobs the ${queueName} worker runs at once`, min: 1, max: 100, fallback: 0 });
}
