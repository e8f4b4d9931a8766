import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createProcessGroup, createTestDatabase, eventually, freePort, type ProcessGroup, type StartedProcess, type TestDatabase } from '@kyb/testing';

/** The built suite: every area in one process, in the role its environment asks for. */
export const SUITE = join(__dirname, '../../../../dist/apps/suite/main.js');
export const ADMIN = { email: 'graceful.admin@example.com', password: 'graceful admin passphrase' };

/** One process of the suite a test started: its process, public port (api) and ops port. */
export interface SuiteProcess {
  process: StartedProcess;
  base?: string;
  ops: string;
}

/** A migrated database and a queue prefix of its own, and a way to start api and worker processes on them. */
export interface StopFixture {
  database: TestDatabase;
  /** The key the processes seal secrets with (signing keys among them). */
  dataEncryptionKey: Buffer;
  processes: ProcessGroup;
  startApi(port?: number, env?: Record<string, string>): Promise<SuiteProcess>;
  startWorker(env?: Record<string, string>): Promise<SuiteProcess>;
  close(): Promise<void>;
}

/** Waits until `url` answers `status` (null: no answer at all), polling every 50 ms. */
export function answers(url: string, status: number | null, timeoutMs = 15_000): Promise<true> {
  return eventually(async () => {
    const res = await fetch(url).catch(() => null);
    await res?.arrayBuffer();
    return (res ? res.status : null) === status ? true : undefined;
  }, timeoutMs);
}

/** Migrates a fresh database (role migrate), ready for api and worker processes (production roles). */
export async function createStopFixture(common: Record<string, string>): Promise<StopFixture> {
  const database = await createTestDatabase();
  const processes = createProcessGroup();
  const dataEncryptionKey = randomBytes(32);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.KYB_TEST_REDIS_URL as string,
    QUEUE_PREFIX: `kyb-stop-${randomBytes(4).toString('hex')}`,
    DATA_ENCRYPTION_KEY: dataEncryptionKey.toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    MAIL_TO_LOG: 'true',
    LOG_LEVEL: 'info',
    ...common,
  };
  const migrate = processes.start(SUITE, { ...env, ROLE: 'migrate' });
  if ((await migrate.exited) !== 0) throw new Error(`migrate failed:\n${migrate.output()}`);
  return {
    database,
    dataEncryptionKey,
    processes,
    async startApi(port, extra = {}) {
      const apiPort = port ?? (await freePort());
      const opsPort = await freePort();
      const base = `http://127.0.0.1:${apiPort}`;
      const api = processes.start(SUITE, {
        ...env,
        AUTH_JWKS_URL: `${base}/auth/api/v1/.well-known/jwks.json`,
        ...extra,
        ROLE: 'api',
        PORT: String(apiPort),
        METRICS_PORT: String(opsPort),
      });
      await api.waitFor(/Press Ctrl-C to stop/);
      return { process: api, base, ops: `http://127.0.0.1:${opsPort}` };
    },
    async startWorker(extra = {}) {
      const opsPort = await freePort();
      const worker = processes.start(SUITE, { ...env, ...extra, ROLE: 'worker', METRICS_PORT: String(opsPort) });
      await worker.waitFor(/Press Ctrl-C to stop/);
      return { process: worker, ops: `http://127.0.0.1:${opsPort}` };
    },
    async close() {
      await processes.stopAll();
      await database.destroy();
    },
  };
}
