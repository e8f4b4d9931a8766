import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import IORedis from 'ioredis';
import { Client } from 'pg';
import {
  createProcessGroup,
  createTestDatabase,
  createTestDatabaseRole,
  eventually,
  freePort,
  type TestDatabase,
  type TestDatabaseRole,
} from '@kyb/testing';

/*
 * Process roles on the built entry points: `migrate` is the only role that changes the schema;
 * `api` serves HTTP and runs no worker; `worker` runs workers and serves only health and metrics;
 * both refuse to start while their schema is behind, and both work as a role without DDL rights.
 */
const DIST = join(__dirname, '../../../dist/apps');
const SUITE = join(DIST, 'suite/main.js');
const CASE = join(DIST, 'case/main.js');
const AUTH = join(DIST, 'auth/main.js');
const KEY = randomBytes(32).toString('hex');

function databaseUrl(name: string): string {
  const url = new URL(process.env.KYB_TEST_POSTGRES_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function query(url: string, sql: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function dropDatabase(name: string): Promise<void> {
  await query(databaseUrl('postgres'), `drop database if exists "${name}" with (force)`);
}

describe('process roles', () => {
  const processes = createProcessGroup();
  const redis = new IORedis(process.env.KYB_TEST_REDIS_URL as string);
  const created: string[] = [];
  const common = { REDIS_URL: process.env.KYB_TEST_REDIS_URL, DATA_ENCRYPTION_KEY: KEY, LOG_LEVEL: 'warn' };

  afterAll(async () => {
    await processes.stopAll();
    redis.disconnect();
    for (const name of created) await dropDatabase(name);
  });

  function freshDatabaseName(): string {
    const name = `kyb_t_${process.env.KYB_TEST_RUN_ID ?? 'local'}_roles_${randomBytes(3).toString('hex')}`;
    created.push(name);
    return name;
  }

  it('lists every variable an entry point reads with --print-settings', async () => {
    const listing = processes.start(CASE, {}, ['--print-settings']);
    expect(await listing.exited).toBe(0);
    const names = JSON.parse(listing.output()) as string[];
    expect(names).toEqual(expect.arrayContaining(['ROLE', 'QUEUE_PREFIX', 'TRUST_PROXY', 'DB_POOL_MAX', 'METRICS_PORT', 'SMTP_URL']));
    expect(names).toEqual(expect.arrayContaining(['WORKER_CONCURRENCY', 'WORKER_CONCURRENCY_MAIL_DELIVERY', 'WORKER_CONCURRENCY_ONBOARDING_RUN']));
    expect(names).not.toContain('SCORE_MONITORING_CRON');
  });

  it('refuses an unknown role, and a worker role for an area without workers, with one line', async () => {
    const unknown = processes.start(CASE, { ...common, ROLE: 'server' });
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toBe('case: cannot start: ROLE must be one of all, api, worker, migrate, got "server"\n');
    const auth = processes.start(join(DIST, 'auth/main.js'), { ...common }, ['--role=worker']);
    expect(await auth.exited).toBe(1);
    expect(auth.output()).toBe('auth: cannot start: the auth area has no workers: run it with ROLE=api\n');
  });

  it('migrate creates the database, applies every area once, and exits 0; api refuses while its schema is behind', async () => {
    const name = freshDatabaseName();
    const owner = databaseUrl(name);
    const first = processes.start(SUITE, { ...common, DATABASE_URL: owner, ROLE: 'migrate' });
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/^suite: auth: applied \d+ migrations \(up to \w+\)\nsuite: case: applied/);
    expect(first.output().trim().split('\n')).toHaveLength(5);
    const again = processes.start(SUITE, { ...common, DATABASE_URL: owner }, ['--role', 'migrate']);
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('suite: case: schema cases is up to date');

    // In production roles the suite generates no local secrets and seeds no demo tenant.
    const stateDir = join(tmpdir(), `kyb-roles-state-${randomBytes(3).toString('hex')}`);
    const unkeyed = processes.start(SUITE, { ...common, DATA_ENCRYPTION_KEY: undefined, DATABASE_URL: owner, ROLE: 'api', SUITE_STATE_DIR: stateDir });
    expect(await unkeyed.exited).toBe(1);
    expect(unkeyed.output()).toMatch(/^suite: cannot start: DATA_ENCRYPTION_KEY is required/);
    expect(existsSync(stateDir)).toBe(false);

    const [latest] = await query(owner, 'select name from cases.knex_migrations order by name desc limit 1');
    await query(owner, 'delete from cases.knex_migrations where name = $1', [latest.name]);
    for (const role of ['api', 'worker']) {
      const refused = processes.start(CASE, { ...common, DATABASE_URL: owner, ROLE: role });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toBe(
        `case: cannot start: the case schema is behind the code: migration ${latest.name} is not applied; run the migrate role first (ROLE=migrate)\n`,
      );
    }
  }, 120_000);

  it('in production the case worker refuses to start without SMTP_URL (invitation links are credentials); the api does not need it', async () => {
    const owner = databaseUrl(freshDatabaseName());
    expect(await processes.start(SUITE, { ...common, DATABASE_URL: owner, ROLE: 'migrate' }).exited).toBe(0);
    const production = { ...common, DATABASE_URL: owner, NODE_ENV: 'production', SMTP_URL: undefined, QUEUE_PREFIX: `kyb-smtp-${randomBytes(3).toString('hex')}` };
    const worker = processes.start(CASE, { ...production, ROLE: 'worker', METRICS_PORT: String(await freePort()) });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toBe(
      'case: cannot start: SMTP_URL is required in production: the case worker delivers invitation mail, whose links are credentials (MAIL_TO_LOG=true writes it to the log instead)\n',
    );
    const metricsPort = await freePort();
    const allowed = processes.start(CASE, { ...production, ROLE: 'worker', MAIL_TO_LOG: 'true', METRICS_PORT: String(metricsPort) });
    await eventually(async () => ((await fetch(`http://127.0.0.1:${metricsPort}/healthz`).catch(() => undefined))?.status === 200 ? true : undefined));
    expect(await allowed.stop()).toBe(0);
    const apiPort = await freePort();
    const api = processes.start(CASE, { ...production, ROLE: 'api', PORT: String(apiPort), METRICS_PORT: String(await freePort()) });
    await eventually(async () => ((await fetch(`http://127.0.0.1:${apiPort}/healthz`).catch(() => undefined))?.status === 200 ? true : undefined));
    expect(await api.stop()).toBe(0);
    // Four processes start and stop one after another: more than the default 30 s on a loaded machine.
  }, 90_000);

  it("in production the auth api refuses to start without SMTP_URL (an applicant's sign-up code proves its email)", async () => {
    const owner = databaseUrl(freshDatabaseName());
    expect(await processes.start(SUITE, { ...common, DATABASE_URL: owner, ROLE: 'migrate' }).exited).toBe(0);
    const production = { ...common, DATABASE_URL: owner, NODE_ENV: 'production', SMTP_URL: undefined, QUEUE_PREFIX: `kyb-smtp-${randomBytes(3).toString('hex')}` };
    const refused = processes.start(AUTH, { ...production, ROLE: 'api', PORT: String(await freePort()), METRICS_PORT: String(await freePort()) });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toBe(
      "auth: cannot start: SMTP_URL is required in production: the auth area mails the codes that prove an applicant's email (MAIL_TO_LOG=true writes it to the log instead)\n",
    );
    const apiPort = await freePort();
    const allowed = processes.start(AUTH, { ...production, ROLE: 'api', MAIL_TO_LOG: 'true', PORT: String(apiPort), METRICS_PORT: String(await freePort()) });
    await eventually(async () => ((await fetch(`http://127.0.0.1:${apiPort}/healthz`).catch(() => undefined))?.status === 200 ? true : undefined));
    expect(await allowed.stop()).toBe(0);
  });

  it('api refuses a database that does not exist instead of creating it', async () => {
    const name = freshDatabaseName();
    const api = processes.start(CASE, { ...common, DATABASE_URL: databaseUrl(name), ROLE: 'api' });
    expect(await api.exited).toBe(1);
    expect(api.output()).toMatch(new RegExp(`^case: cannot start: the database ${name} does not exist at .*: run the migrate role first \\(ROLE=migrate\\)\\n$`));
    expect(await query(databaseUrl('postgres'), 'select 1 from pg_database where datname = $1', [name])).toHaveLength(0);
  });

  describe('api and worker as a role without DDL rights', () => {
    let database: TestDatabase;
    let foreign: TestDatabase;
    let role: TestDatabaseRole;
    beforeAll(async () => {
      database = await createTestDatabase();
      foreign = await createTestDatabase();
      role = await createTestDatabaseRole();
    });
    afterAll(async () => {
      await processes.stopAll();
      await database.destroy();
      await foreign.destroy();
      await role.destroy();
    });

    it('serve, work, keep to their queue prefix, and cannot change the schema', async () => {
      const migrate = processes.start(SUITE, { ...common, DATABASE_URL: database.url, ROLE: 'migrate', DB_APP_ROLE: role.name });
      expect(await migrate.exited).toBe(0);
      expect(migrate.output()).toContain(`suite: case: applied`);
      expect(migrate.output()).toContain(`; ${role.name} may read and write it`);
      const appUrl = role.urlFor(database.url);
      await expect(query(appUrl, 'create table cases.intruder (id int)')).rejects.toThrow(/permission denied/);
      await expect(query(appUrl, 'drop table cases.businesses')).rejects.toThrow(/must be owner/);

      // A suite sharing this Redis under another prefix (its own database): it must never see our jobs.
      const foreignMigrate = processes.start(SUITE, { ...common, DATABASE_URL: foreign.url, ROLE: 'migrate' });
      expect(await foreignMigrate.exited).toBe(0);
      const foreignWorker = processes.start(SUITE, { ...common, DATABASE_URL: foreign.url, ROLE: 'worker', METRICS_PORT: String(await freePort()) });
      await foreignWorker.waitFor(/Press Ctrl-C to stop/);

      const prefix = `kyb-roles-${randomBytes(4).toString('hex')}`;
      const [port, apiMetrics, workerMetricsPort] = [await freePort(), await freePort(), await freePort()];
      const app = { ...common, DATABASE_URL: appUrl, QUEUE_PREFIX: prefix, SCREENING_SANDBOX_DELAY_MS: '50', AUTH_JWKS_URL: `http://127.0.0.1:${port}/auth/api/v1/.well-known/jwks.json` };
      const api = processes.start(SUITE, { ...app, ROLE: 'api', PORT: String(port), METRICS_PORT: String(apiMetrics), DEMO_PASSWORD: 'demo passphrase 42' });
      await api.waitFor(/Press Ctrl-C to stop/);
      expect(api.output()).toContain('KYB suite ready (role api).');
      const base = `http://127.0.0.1:${port}`;

      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect(await (await fetch(`http://127.0.0.1:${apiMetrics}/metrics`)).text()).toContain('http_requests_total');

      const signIn = await fetch(`${base}/auth/api/v1/customer/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo.owner@example.com', password: 'demo passphrase 42' }),
      });
      expect(signIn.status).toBe(200);
      const session = ((await signIn.json()) as { data: { data: { id_token: string; customer_details: { id: string } } } }).data.data;
      const bearer = { authorization: `Bearer ${session.id_token}` };
      const added = await fetch(`${base}/case/api/v1/businesses/customers/${session.customer_details.id}`, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Least Privilege Lien Co', tin: '123456789' }),
      });
      expect(added.status).toBe(200);
      const businessId = ((await added.json()) as { data: { result: Record<string, { data_businesses: { id: string } }> } }).data.result['0'].data_businesses.id;

      // The api runs no worker: the enrichment job waits under this suite's prefix, and nothing was fetched.
      await eventually(async () => ((await redis.llen(`${prefix}:business-enrichment:wait`)) === 1 ? true : undefined));
      expect(await query(database.url, 'select count(*)::int as n from integration.integration_tasks')).toEqual([{ n: 0 }]);

      const worker = processes.start(SUITE, { ...app, ROLE: 'worker', METRICS_PORT: String(workerMetricsPort) });
      await worker.waitFor(/Press Ctrl-C to stop/);
      expect(worker.output()).toContain(`Role worker, queue prefix ${prefix}`);
      const ops = `http://127.0.0.1:${workerMetricsPort}`;
      expect((await fetch(`${ops}/healthz`)).status).toBe(200);
      expect((await fetch(`${ops}/readyz`)).status).toBe(200);
      expect((await fetch(`${ops}/case/api/v1/openapi.json`)).status).toBe(404);

      const score = await eventually(async () => {
        const res = await fetch(`${base}/score/api/v1/score/business/${businessId}?status=SUCCESS`, { headers: bearer });
        return res.status === 200 ? ((await res.json()) as { data: { status: string } }) : undefined;
      });
      expect(score.data.status).toBe('SUCCESS');
      const records = await fetch(`${base}/integration/api/v1/business/${businessId}/public-records`, { headers: bearer });
      expect(records.status).toBe(200);
      expect(await query(foreign.url, 'select count(*)::int as n from integration.integration_tasks')).toEqual([{ n: 0 }]);
      // The worker exports its queues' depth and job outcomes; the api's metrics carry no queue gauges.
      // The score is committed inside the job, before BullMQ completes it and the counter moves: wait for both.
      const completedJob = /kyb_queue_jobs\{[^}]*queue="business-enrichment",state="completed"[^}]*\} 1\n/;
      const countedJob = /kyb_queue_jobs_processed_total\{[^}]*queue="enrichment-completed",status="completed"[^}]*\} [1-9]/;
      const workerMetrics = await eventually(async () => {
        const text = await (await fetch(`${ops}/metrics`)).text();
        return completedJob.test(text) && countedJob.test(text) ? text : undefined;
      });
      expect(workerMetrics).toMatch(completedJob);
      expect(workerMetrics).toMatch(countedJob);
      expect(await (await fetch(`http://127.0.0.1:${apiMetrics}/metrics`)).text()).not.toContain('kyb_queue_jobs');

      expect(await worker.stop('SIGTERM')).toBe(0);
      expect(await api.stop('SIGTERM')).toBe(0);
      // Four node processes and the asynchronous work, on two shared cores: more than jest's 30 s default.
    }, 120_000);
  });
});
