import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePort, type ProcessGroup, type StartedProcess } from '@kyb/testing';

/** The built suite: every area in one process, in the role it is started with. */
const MAIN = join(__dirname, '../../../../dist/apps/suite/main.js');

/** The platform admin the api bootstraps. */
export const FAULT_ADMIN = { email: 'fault.admin@example.com', password: 'fault admin passphrase' };

/** Queues of the suite whose jobs the fault test watches (libs/queues definitions.ts). */
export const SUITE_QUEUES = [
  'business-enrichment',
  'enrichment-completed',
  'business-score',
  'report-generation',
  'merchant-screening',
  'mail-delivery',
  'onboarding-run',
];

/** One running suite process. */
export interface SuiteProcess {
  readonly role: 'api' | 'worker';
  readonly handle: StartedProcess;
  readonly pid: number;
  /** Where it answers /healthz, /readyz and /metrics. */
  readonly metricsUrl: string;
  /** Still the process that was started: it never exited. */
  alive(): boolean;
}

/** The suite under test: one api and the workers started so far, on one database and one Redis. */
export interface FaultSuite {
  /** The api's public address. */
  readonly base: string;
  readonly queuePrefix: string;
  readonly api: SuiteProcess;
  startWorker(): Promise<SuiteProcess>;
}

/**
 * Migrates the database once (`ROLE=migrate`), then starts the api; workers are started with
 * {@link FaultSuite.startWorker}. Recovery sweeps every second and treats work as stuck after
 * four seconds, so what a fault strands is found while the test waits.
 */
export async function startFaultSuite(processes: ProcessGroup, options: { databaseUrl: string; redisUrl: string }): Promise<FaultSuite> {
  const port = await freePort();
  const queuePrefix = `kyb-faults-${randomBytes(4).toString('hex')}`;
  const common = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    QUEUE_PREFIX: queuePrefix,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    AUTH_JWKS_URL: `http://127.0.0.1:${port}/auth/api/v1/.well-known/jwks.json`,
    PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
    MAIL_TO_LOG: 'true',
    SMTP_URL: undefined,
    // Long enough that a killed worker is caught holding a screening.
    SCREENING_SANDBOX_DELAY_MS: '1000',
    RECOVERY_SWEEP_EVERY_MS: '1000',
    RECOVERY_STUCK_AFTER_MS: '4000',
    DB_POOL_MAX: '8',
  };
  const migrate = processes.start(MAIN, { ...common, ROLE: 'migrate', LOG_LEVEL: 'warn' });
  if ((await migrate.exited) !== 0) throw new Error(`the migrate role failed:\n${migrate.output()}`);

  const started = async (role: 'api' | 'worker', env: Record<string, string | undefined>): Promise<SuiteProcess> => {
    const metricsPort = await freePort();
    const handle = processes.start(MAIN, { ...common, ...env, ROLE: role, METRICS_PORT: String(metricsPort) });
    await handle.waitFor(/Press Ctrl-C to stop/, 60_000);
    const pid = handle.child.pid as number;
    return {
      role,
      handle,
      pid,
      metricsUrl: `http://127.0.0.1:${metricsPort}`,
      alive: () => handle.child.exitCode === null && handle.child.signalCode === null,
    };
  };
  const api = await started('api', { PORT: String(port), ADMIN_EMAIL: FAULT_ADMIN.email, ADMIN_PASSWORD: FAULT_ADMIN.password, LOG_LEVEL: 'warn' });
  return {
    base: `http://127.0.0.1:${port}`,
    queuePrefix,
    api,
    // Workers log at info: the mail they write to the log is how a mail sent twice is seen.
    startWorker: () => started('worker', { LOG_LEVEL: 'info' }),
  };
}
