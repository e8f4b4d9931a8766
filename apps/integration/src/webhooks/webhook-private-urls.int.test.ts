import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import request from 'supertest';
import { createProcessGroup, databaseUrlOf, freePort } from '@kyb/testing';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { startTestReceiver, type TestReceiver } from './testing/test-receiver';

const PREFIX = '/integration/api/v1';
const ROOT = resolve(__dirname, '../../../..');
const METADATA = 'url host is a link-local or metadata address';
const SUITE_PORT = 'url host is a loopback or private address and its port is one the suite serves on';
const RESOLVES_TO_SUITE_PORT = 'url host resolves to a loopback or private address and its port is one the suite serves on';

/*
 * An instance run with WEBHOOKS_ALLOW_PRIVATE_URLS (a receiver on the developer's machine) still
 * refuses link-local and metadata addresses and the suite's own ports, at registration, on a
 * change and at every attempt; and production refuses to start with the flag unless told twice.
 */
describe('webhooks with private urls allowed', () => {
  let t: IntegrationTestApp;
  let receiver: TestReceiver;
  /** Stands for the suite itself: its port is one of the suite's ports. */
  let suite: TestReceiver;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    receiver = await startTestReceiver();
    suite = await startTestReceiver();
    t = await startIntegrationTestApp({
      webhooks: { allowPrivateUrls: true, suitePorts: [Number(new URL(suite.url).port)], retryDelaysMs: [], dispatchEveryMs: 100, timeoutMs: 2000 },
    });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
    await t.customer(customerId);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await suite.close();
  });

  const api = (method: 'get' | 'post' | 'patch', path: string) =>
    request(t.app)[method](`${PREFIX}/customers/${customerId}/webhooks${path}`).set('Authorization', `Bearer ${owner}`);
  const refusal = (reason: string) => ({ status: 'fail', message: `Webhook url refused: ${reason}`, errorCode: 'INVALID', data: { errorName: 'WebhookUrlError' } });

  it.each([
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[fe80::1]:8000/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://169.254.10.1:3000/',
  ])('refuses to register %s', async (url) => {
    expect((await api('post', '').send({ url }).expect(400)).body).toEqual(refusal(METADATA));
  });

  it("refuses the suite's own port on the loopback, by address and by name, at registration and on a change", async () => {
    expect((await api('post', '').send({ url: `${suite.url}/auth` }).expect(400)).body).toEqual(refusal(SUITE_PORT));
    expect((await api('post', '').send({ url: suite.url.replace('127.0.0.1', 'localhost') }).expect(400)).body).toEqual(refusal(RESOLVES_TO_SUITE_PORT));
    const { id } = (await api('post', '').send({ url: receiver.url }).expect(200)).body.data;
    expect((await api('patch', `/${id}`).send({ url: 'http://169.254.169.254/latest/meta-data/' }).expect(400)).body).toEqual(refusal(METADATA));
    expect((await api('patch', `/${id}`).send({ url: suite.url }).expect(400)).body).toEqual(refusal(SUITE_PORT));
    expect((await api('get', `/${id}`).expect(200)).body.data.url).toBe(receiver.url);
  });

  it('checks again at every attempt: an endpoint whose url now points at the metadata address or the suite gets no request, and the log says why', async () => {
    const { id } = (await api('post', '').send({ url: receiver.url, events: ['business.created'] }).expect(200)).body.data;
    // As an endpoint registered before this guard, or a name whose DNS answer changed, would be.
    for (const [url, reason] of [
      ['http://[::ffff:169.254.169.254]/latest/meta-data/', METADATA],
      [`${suite.url}/auth`, SUITE_PORT],
    ]) {
      await t.db('integration.webhook_endpoints').where({ id }).update({ url });
      const eventId = await t.emit('cases', { type: 'business.created', customerId, data: { business_id: randomUUID() } });
      const failed = await eventually(async () => {
        const page = (await api('get', `/${id}/deliveries?filter[status]=FAILED`).expect(200)).body.data;
        return page.records.find((d: { event_id: string }) => d.event_id === eventId);
      });
      const log = (await api('get', `/${id}/deliveries/${failed.id}`).expect(200)).body.data.attempt_log;
      expect(log).toEqual([{ number: 1, started_at: expect.any(String), duration_ms: expect.any(Number), response_status: null, response_excerpt: null, error: reason, succeeded: false }]);
    }
    expect(suite.received).toEqual([]);
  });
});

describe('the integration process in production', () => {
  const processes = createProcessGroup();
  const dir = join(ROOT, 'tmp', `webhooks-main-${randomBytes(4).toString('hex')}`);
  const main = join(dir, 'main.js');
  let t: IntegrationTestApp;

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    buildSync({
      entryPoints: [join(__dirname, '../main.ts')],
      bundle: true,
      platform: 'node',
      target: 'node24',
      packages: 'external',
      tsconfig: join(ROOT, 'tsconfig.base.json'),
      outfile: main,
      logLevel: 'silent',
    });
    // A migrated database for the process to find current.
    t = await startIntegrationTestApp({ workers: false });
  });
  afterAll(async () => {
    await processes.stopAll();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const production = async (env: Record<string, string>) =>
    processes.start(main, {
      ROLE: 'api',
      NODE_ENV: 'production',
      DATABASE_URL: await databaseUrlOf(t.db),
      REDIS_URL: process.env.KYB_TEST_REDIS_URL,
      QUEUE_PREFIX: `kyb-webhooks-${randomBytes(3).toString('hex')}`,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PORT: String(await freePort()),
      METRICS_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
      ...env,
    });

  it('refuses WEBHOOKS_ALLOW_PRIVATE_URLS with one line and exit code 1, and starts once WEBHOOKS_ALLOW_PRIVATE_URLS_IN_PRODUCTION acknowledges it', async () => {
    const refused = await production({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toBe(
      'integration: cannot start: WEBHOOKS_ALLOW_PRIVATE_URLS=true is refused with NODE_ENV=production: tenants could make the suite post to its own network (set WEBHOOKS_ALLOW_PRIVATE_URLS_IN_PRODUCTION=true to run with it anyway)\n',
    );
    const acknowledged = await production({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_ALLOW_PRIVATE_URLS_IN_PRODUCTION: 'true' });
    await acknowledged.waitFor(/"msg":"started"/, 30_000);
    expect(await acknowledged.stop()).toBe(0);
  }, 60_000);
});
