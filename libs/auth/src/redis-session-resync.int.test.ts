import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import IORedis, { type Redis } from 'ioredis';
import { createRedisSessionRevocations } from './redis-session-revocations';

/*
 * After Redis restarts, the revocation subscriber may come back before the connection the set is
 * read with, so the first reload fails; the process must not stay out of sync (and unready, and
 * asking Redis on every request) for good: it keeps trying until the reload works. On a Redis of
 * the test's own, whose clients it can kill.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function eventually(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const inSync = (revocations: { check(): Promise<void> }) => revocations.check().then(() => true, () => false);

describe('session revocations after the subscriber reconnects before the reading connection', () => {
  let server: ChildProcess;
  let url: string;
  const opened: Redis[] = [];
  const closers: Array<() => Promise<void>> = [];
  const warnings: string[] = [];
  const logger = { warn: (_obj: object, msg: string) => void warnings.push(msg), info: () => undefined };

  beforeAll(async () => {
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const probe = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    opened.push(probe);
    await eventually(() => probe.ping().then(() => true, () => false), 10_000);
  });
  afterAll(async () => {
    // Also when an assertion failed: an open subscriber would keep the test run from ending.
    for (const close of closers) await close();
    for (const connection of opened) connection.disconnect();
    server?.kill('SIGKILL');
  });

  it('keeps trying to reload the set until it works, then answers from memory again', async () => {
    const redis = new IORedis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
    const admin = new IORedis(url, { maxRetriesPerRequest: 1 });
    opened.push(redis, admin);
    const revocations = createRedisSessionRevocations({ redis, prefix: `kyb-resync-${randomBytes(3).toString('hex')}`, logger, resyncIntervalMs: 200 });
    closers.push(() => revocations.close());
    await revocations.start();
    expect(await inSync(revocations)).toBe(true);

    // The reading connection is down when the subscriber comes back: the first reload fails.
    redis.disconnect();
    await admin.client('KILL', 'TYPE', 'pubsub');
    await eventually(async () => warnings.some((w) => w.startsWith('session revocations could not be loaded')), 5000);
    expect(await inSync(revocations)).toBe(false);

    // Once it is back, a later try succeeds without any other event.
    await redis.connect();
    await eventually(() => inSync(revocations), 5000);
  });
});
