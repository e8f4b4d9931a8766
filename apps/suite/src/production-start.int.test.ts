import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProcessGroup, createTestDatabase, freePort, type TestDatabase } from '@kyb/testing';

/*
 * The built suite in role all with NODE_ENV=production, as the image's default command runs it
 * (issue 41): no demo tenant and no password in its output unless SEED_DEMO=true asks for the demo.
 * `npm start` without NODE_ENV (seeds and prints) is suite.int.test.ts.
 */
const MAIN = join(__dirname, '../../../dist/apps/suite/main.js');
const DEMO_EMAIL = 'demo.owner@example.com';

describe('the suite in production (role all, NODE_ENV=production)', () => {
  const processes = createProcessGroup();
  const stateDir = mkdtempSync(join(tmpdir(), 'kyb-suite-production-'));
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await processes.stopAll();
    await database.destroy();
  });

  async function start(env: Record<string, string | undefined>) {
    const port = await freePort();
    const suite = processes.start(MAIN, {
      PORT: String(port),
      METRICS_PORT: String(await freePort()),
      DATABASE_URL: database.url,
      REDIS_URL: process.env.KYB_TEST_REDIS_URL,
      QUEUE_PREFIX: `kyb-suite-production-${randomBytes(4).toString('hex')}`,
      SUITE_STATE_DIR: stateDir,
      NODE_ENV: 'production',
      // Production refuses mail to the log unless asked; no mail is sent here.
      MAIL_TO_LOG: 'true',
      ADMIN_PASSWORD: undefined,
      DEMO_PASSWORD: undefined,
      SEED_DEMO: undefined,
      LOG_LEVEL: 'info',
      ...env,
    });
    const output = await suite.waitFor(/Press Ctrl-C to stop/);
    return { suite, output, base: `http://127.0.0.1:${port}` };
  }
  const secrets = () => JSON.parse(readFileSync(join(stateDir, 'local-secrets.json'), 'utf8')) as { adminPassword: string; demoPassword: string };
  const signIn = (base: string, password: string) =>
    fetch(`${base}/auth/api/v1/customer/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_EMAIL, password }) });
  const demoUsers = async () => (await database.db('auth.users').where({ email: DEMO_EMAIL })).length;

  it('seeds no demo tenant and prints no password; the admin exists, its generated password kept in SUITE_STATE_DIR only', async () => {
    const { suite, output, base } = await start({});
    const { adminPassword, demoPassword } = secrets();
    expect(output).not.toContain(demoPassword);
    expect(output).not.toContain(adminPassword);
    expect(output).not.toMatch(/demo owner/);
    expect(output).toMatch(/platform admin {2}admin@example\.com\n/);
    expect(output).toContain(`the generated admin password is not printed; it is kept in ${join(stateDir, 'local-secrets.json')}`);
    expect(await demoUsers()).toBe(0);
    expect(await database.db('auth.customers').where({ name: 'Demo Lending Co' })).toEqual([]);
    const refused = await signIn(base, demoPassword);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { data: { errorName: string } }).data.errorName).toBe('SignInApiError');
    expect(await suite.stop('SIGINT', 20_000)).toBe(0);
  }, 120_000);

  it('with SEED_DEMO=true seeds the demo tenant and prints its password, which signs in', async () => {
    const { suite, output, base } = await start({ SEED_DEMO: 'true' });
    const { adminPassword, demoPassword } = secrets();
    expect(output).toContain(`demo owner      ${DEMO_EMAIL} / ${demoPassword}`);
    expect(output).not.toContain(adminPassword);
    expect(await demoUsers()).toBe(1);
    expect((await signIn(base, demoPassword)).status).toBe(200);
    expect(await suite.stop('SIGINT', 20_000)).toBe(0);
  }, 120_000);
});
