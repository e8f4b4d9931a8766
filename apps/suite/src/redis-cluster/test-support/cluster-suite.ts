import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot, type ProcessGroup, type StartedProcess } from '@kyb/testing';

const MAIN = join(repoRoot(), 'dist/apps/suite/main.js');

/** The platform admin the api bootstraps. */
export const CLUSTER_ADMIN = { email: 'cluster.admin@example.com', password: 'cluster admin passphrase' };

/** The built suite as production runs it, on a Redis Cluster: migrated once, one api, one worker. */
export interface ClusterSuite {
  readonly base: string;
  /** QUEUE_PREFIX as set; its keys are `{<prefix>}:...` on the cluster. */
  readonly queuePrefix: string;
  readonly api: StartedProcess;
  readonly worker: StartedProcess;
  /** Where each process answers /readyz. */
  readonly opsUrls: { api: string; worker: string };
}

/**
 * Starts the built suite with `REDIS_CLUSTER_NODES` set to the cluster's nodes. `REDIS_URL` names a
 * port nothing listens on: with the nodes set, it may only lend its credentials and TLS, so a
 * process that used its host would not start. Webhooks may reach the loopback (dispatched every
 * 200 ms); the recovery sweeps run every second but treat work as stuck only after 10 s, longer
 * than the test's Redis outage lasts, so what completes is the queues' doing.
 */
export async function startClusterSuite(processes: ProcessGroup, options: { databaseUrl: string; clusterNodes: string }): Promise<ClusterSuite> {
  const port = await freePort();
  const queuePrefix = `kyb-cluster-${randomBytes(4).toString('hex')}`;
  const common = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:1',
    REDIS_CLUSTER_NODES: options.clusterNodes,
    QUEUE_PREFIX: queuePrefix,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SUITE_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyb-cluster-suite-')),
    AUTH_JWKS_URL: `http://127.0.0.1:${port}/auth/api/v1/.well-known/jwks.json`,
    PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
    MAIL_TO_LOG: 'true',
    SMTP_URL: undefined,
    SCREENING_SANDBOX_DELAY_MS: '300',
    WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_DISPATCH_EVERY_MS: '200',
    WEBHOOK_RETRY_DELAYS_MS: '200,500,1000,2000,4000',
    RECOVERY_SWEEP_EVERY_MS: '1000',
    RECOVERY_STUCK_AFTER_MS: '10000',
    DB_POOL_MAX: '8',
  };
  const migrate = processes.start(MAIN, { ...common, ROLE: 'migrate', LOG_LEVEL: 'warn' });
  if ((await migrate.exited) !== 0) throw new Error(`the migrate role failed:\n${migrate.output()}`);
  const [apiOps, workerOps] = [await freePort(), await freePort()];
  const api = processes.start(MAIN, {
    ...common,
    ROLE: 'api',
    PORT: String(port),
    METRICS_PORT: String(apiOps),
    ADMIN_EMAIL: CLUSTER_ADMIN.email,
    ADMIN_PASSWORD: CLUSTER_ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  // At info: the mail a worker writes to its log is how a mail sent twice is seen.
  const worker = processes.start(MAIN, { ...common, ROLE: 'worker', METRICS_PORT: String(workerOps), LOG_LEVEL: 'info' });
  await Promise.all([api.waitFor(/Press Ctrl-C to stop/, 90_000), worker.waitFor(/Press Ctrl-C to stop/, 90_000)]);
  return {
    base: `http://127.0.0.1:${port}`,
    queuePrefix,
    api,
    worker,
    opsUrls: { api: `http://127.0.0.1:${apiOps}`, worker: `http://127.0.0.1:${workerOps}` },
  };
}
