import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, freePort, type ProcessGroup, type TestDatabase, createCall, type Call } from '@kyb/testing';
import { buildWorld, type World } from './matrix-world';

const MAIN = join(__dirname, '../../../../dist/apps/suite/main.js');
const ADMIN = { email: 'matrix.admin@example.com', password: 'matrix admin passphrase' };

/** The built suite the matrix (and the erasure journey) calls, with tenant A's world built in it. */
export interface MatrixSuite {
  database: TestDatabase;
  /** The suite's queue prefix: its Redis keys start with it. */
  queuePrefix: string;
  call: Call;
  /** The URL of every area's OpenAPI document, as the suite announced them. */
  documents: string[];
  world: World;
}

/** Starts the built suite (one process, every area and worker) on a database of its own, and builds the world in it. */
export async function startMatrixSuite(processes: ProcessGroup): Promise<MatrixSuite> {
  const dataEncryptionKey = randomBytes(32);
  const database = await createTestDatabase();
  const port = await freePort();
  const queuePrefix = `kyb-matrix-${randomBytes(4).toString('hex')}`;
  const suite = processes.start(MAIN, {
    PORT: String(port),
    METRICS_PORT: String(await freePort()),
    DATABASE_URL: database.url,
    REDIS_URL: process.env.KYB_TEST_REDIS_URL,
    QUEUE_PREFIX: queuePrefix,
    SUITE_STATE_DIR: mkdtempSync(join(tmpdir(), 'kyb-matrix-')),
    DATA_ENCRYPTION_KEY: dataEncryptionKey.toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SIGN_IN_ATTEMPTS_PER_EMAIL: '1000',
    SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000',
    SIGN_IN_SLOWDOWN_AFTER_PER_EMAIL: '1000',
    SCREENING_SANDBOX_DELAY_MS: '100',
    // The world's webhook posts to a closed port on the loopback: its deliveries fail, and are logged.
    WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_DISPATCH_EVERY_MS: '200',
    LOG_LEVEL: 'warn',
  });
  const output = await suite.waitFor(/Press Ctrl-C to stop/);
  // Every area announces its OpenAPI document: an area added to the suite is walked too.
  const documents = [...output.matchAll(/OpenAPI: (\S+?)\)/g)].map((m) => m[1]);
  const call = createCall(`http://127.0.0.1:${port}`);
  const world = await buildWorld(call, database.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, dataEncryptionKey });
  return { database, queuePrefix, call, documents, world };
}
