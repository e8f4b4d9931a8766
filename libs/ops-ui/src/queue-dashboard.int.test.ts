import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { authenticateWith, createMemorySessionRevocations } from '@kyb/auth';
import { TEST_AUDIENCE } from '@kyb/auth/testing';
import { createProducer, createRedisConnection, defineQueue, type Redis } from '@kyb/queues';
import { TEST_ISSUER, createTestKeys, createTestRedis, type TestRedis } from '@kyb/testing';
import { createQueueDashboard, type QueueDashboard, type QueueDashboardOptions } from './queue-dashboard';
import { inlineStyleHashes } from './content-security-policy';
import { appWith, parseCsp, referencedUrls } from './test-support/test-app';

const BASE = '/auth/api/v1/admin/queues';
const keys = createTestKeys();
const adminToken = keys.tokenFor({ role: 'ADMIN' });
const customerToken = keys.tokenFor({ role: 'CUSTOMER', customerId: '3f1c2a9e-5b7d-4c8e-9a1b-2c3d4e5f6a7b', subrole: 'owner' });
const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
const bearer = (token: string) => `Bearer ${token}`;

/**
 * The text of the `<style>` the installed bull-board UI inserts with its Redis logo (an inline
 * SVG), cut out of its main script here by the logo's first rule, apart from the library's reading.
 */
function redisLogoStyle(): string {
  const js = path.join(path.dirname(require.resolve('@bull-board/ui/package.json')), 'dist', 'static', 'js');
  const main = readdirSync(js).find((name) => /^main\..*\.js$/.test(name));
  const source = readFileSync(path.join(js, main as string), 'utf8');
  const rule = source.indexOf('.rds-b1 {fill');
  expect(rule).toBeGreaterThan(0);
  return source.slice(source.lastIndexOf('`', rule) + 1, source.indexOf('`', rule));
}

const alpha = defineQueue<{ n: number }>('dash-alpha');
const beta = defineQueue<{ n: number }>('dash-beta');

describe('queue dashboard', () => {
  let redis: TestRedis;
  const connections: Redis[] = [];
  const dashboards: QueueDashboard[] = [];
  let passwordChecks = 0;

  const dashboardApp = (overrides: Partial<QueueDashboardOptions> = {}) => {
    const connection = createRedisConnection(redis.url, 'producer');
    connections.push(connection);
    const dashboard = createQueueDashboard({
      basePath: BASE,
      queues: [alpha, beta],
      connection,
      prefix: redis.prefix,
      authenticate: authenticateWith({ keys: keys.keySource, issuer: TEST_ISSUER, audience: TEST_AUDIENCE, revocations: createMemorySessionRevocations(), clock: () => new Date() }),
      verifyAdminPassword: async (email, password) => {
        passwordChecks += 1;
        return email === 'admin@example.com' && password === 'correct horse battery staple';
      },
      ...overrides,
    });
    dashboards.push(dashboard);
    return appWith(BASE, dashboard);
  };

  beforeAll(async () => {
    redis = createTestRedis();
    const connection = createRedisConnection(redis.url, 'producer');
    connections.push(connection);
    const producer = createProducer(alpha, { connection, prefix: redis.prefix });
    await producer.add({ n: 1 }, { jobId: 'a-1' });
    await producer.add({ n: 2 }, { jobId: 'a-2' });
    await producer.add({ n: 3 }, { jobId: 'a-3', delay: 3_600_000 });
    await producer.close();
  });
  afterAll(async () => {
    await Promise.allSettled(dashboards.map((d) => d.close()));
    await redis.clean();
    for (const c of connections) c.disconnect();
  });

  describe('refuses anyone but an ADMIN', () => {
    it('answers a request without credentials 401 with a Basic challenge and the envelope', async () => {
      const res = await request(dashboardApp()).get(`${BASE}/`);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="KYB queues"');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        status: 'fail',
        message: 'Authorization header not present',
        errorCode: 'UNAUTHENTICATED',
        data: { errorName: 'AuthenticationMiddlewareError' },
      });
    });

    it('refuses a CUSTOMER token with 401 Role Not Allowed', async () => {
      const res = await request(dashboardApp()).get(`${BASE}/`).set('Authorization', bearer(customerToken));
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="KYB queues"');
      expect(res.body).toEqual({ status: 'fail', message: 'Role Not Allowed', errorCode: 'UNAUTHORIZED', data: { errorName: 'RoleMiddlewareError' } });
    });

    it('refuses an expired ADMIN token with 401 User Session Expired', async () => {
      const res = await request(dashboardApp()).get(`${BASE}/`).set('Authorization', bearer(keys.tokenFor({ role: 'ADMIN' }, -60)));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'fail', message: 'User Session Expired', errorCode: 'UNAUTHENTICATED', data: { errorName: 'TokenExpiredError' } });
    });

    it('refuses Basic with a wrong password, or malformed, with 401 and the challenge', async () => {
      const app = dashboardApp();
      for (const header of [basic('admin@example.com', 'wrong'), basic('someone@example.com', 'correct horse battery staple'), 'Basic !!!', 'Basic']) {
        const res = await request(app).get(`${BASE}/`).set('Authorization', header);
        expect([header, res.status, res.headers['www-authenticate']]).toEqual([header, 401, 'Basic realm="KYB queues"']);
        expect(res.body).toEqual({
          status: 'fail',
          message: 'Incorrect username or password.',
          errorCode: 'UNAUTHENTICATED',
          data: { errorName: 'AuthenticationMiddlewareError' },
        });
      }
    });

    it('guards the static assets and the JSON API as well', async () => {
      const app = dashboardApp();
      const page = await request(app).get(`${BASE}/`).set('Authorization', bearer(adminToken));
      const script = referencedUrls(page.text).find((url) => /^static\/js\/main\.[^/]+\.js$/.test(url));
      expect(script).toBeDefined();
      for (const path of [`/${script}`, '/api/queues', '/api/redis/stats', '/queue/dash-alpha']) {
        const anonymous = await request(app).get(`${BASE}${path}`);
        const customer = await request(app).get(`${BASE}${path}`).set('Authorization', bearer(customerToken));
        expect([path, anonymous.status, customer.status]).toEqual([path, 401, 401]);
        expect(customer.body.message).toBe('Role Not Allowed');
      }
    });

    it('without verifyAdminPassword takes bearer tokens only', async () => {
      const app = dashboardApp({ verifyAdminPassword: undefined });
      const anonymous = await request(app).get(`${BASE}/`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="KYB queues"');
      const withBasic = await request(app).get(`${BASE}/`).set('Authorization', basic('admin@example.com', 'correct horse battery staple'));
      expect(withBasic.status).toBe(400);
      expect(withBasic.body.message).toBe('Invalid Authorization header type');
      expect((await request(app).get(`${BASE}/`).set('Authorization', bearer(adminToken))).status).toBe(200);
    });
  });

  describe('for an ADMIN', () => {
    it('serves the page with only local assets and a CSP of its own', async () => {
      const res = await request(dashboardApp()).get(`${BASE}/`).set('Authorization', bearer(adminToken));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain(`<base href="${BASE}/" />`);
      expect(res.text).toContain('<title>KYB queues</title>');
      const urls = referencedUrls(res.text).filter((url) => url !== `${BASE}/`);
      expect(urls.length).toBeGreaterThan(3);
      for (const url of urls) expect(url).toMatch(/^static\//);
      expect(res.headers['x-powered-by']).toBeUndefined();

      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('style-src')?.slice(0, 2)).toEqual(["'self'", "'unsafe-hashes'"]);
      for (const source of csp.get('style-src')!.slice(2)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      expect(res.headers['content-security-policy']).not.toMatch(/https?:|\*|'unsafe-inline'|'unsafe-eval'/);
    });

    it("allows by hash exactly the page's own inline styles and the <style> the UI inserts with its Redis logo, nothing else inline", async () => {
      const res = await request(dashboardApp()).get(`${BASE}/`).set('Authorization', bearer(adminToken));
      const logo = `'sha256-${createHash('sha256').update(redisLogoStyle()).digest('base64')}'`;
      const allowed = [...new Set([...inlineStyleHashes(res.text), logo])];
      const styleSrc = parseCsp(res.headers['content-security-policy']).get('style-src') ?? [];
      expect(styleSrc.slice(0, 2)).toEqual(["'self'", "'unsafe-hashes'"]);
      expect([...styleSrc.slice(2)].sort()).toEqual([...allowed].sort());
      expect(allowed.length).toBeLessThan(10);
      expect(res.headers['content-security-policy']).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'strict-dynamic'|nonce-|https?:|\*/);
      // The hashes are the entry page's only: the UI's scripts and API answers allow no inline style.
      const api = await request(dashboardApp()).get(`${BASE}/api/queues`).set('Authorization', bearer(adminToken));
      expect(parseCsp(api.headers['content-security-policy']).get('style-src')).toEqual(["'self'"]);
    });

    it('serves the static assets with a JavaScript type, not cacheable by shared caches', async () => {
      const app = dashboardApp();
      const page = await request(app).get(`${BASE}/`).set('Authorization', bearer(adminToken));
      const script = referencedUrls(page.text).find((url) => /^static\/js\/main\.[^/]+\.js$/.test(url));
      const res = await request(app).get(`${BASE}/${script}`).set('Authorization', bearer(adminToken));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(parseCsp(res.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    });

    it('opens with Basic and the admin password, checking the password once a minute at most', async () => {
      const app = dashboardApp();
      const before = passwordChecks;
      const header = basic('admin@example.com', 'correct horse battery staple');
      const page = await request(app).get(`${BASE}/`).set('Authorization', header);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const api = await request(app).get(`${BASE}/api/queues`).set('Authorization', header);
      expect(api.status).toBe(200);
      expect(passwordChecks - before).toBe(1);
    });

    it("hands the password check the request's client address, so the auth area counts the guess against that address's budget", async () => {
      const addresses: string[] = [];
      const app = dashboardApp({ verifyAdminPassword: async (_email, _password, clientAddress) => (addresses.push(clientAddress), false) });
      await request(app).get(`${BASE}/`).set('Authorization', basic('admin@example.com', 'a wrong guess')).expect(401);
      expect(addresses).toEqual([expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$|^::1$/)]);
    });

    it('lists the queues with their job counts from its JSON API', async () => {
      const res = await request(dashboardApp()).get(`${BASE}/api/queues`).set('Authorization', bearer(adminToken));
      expect(res.status).toBe(200);
      const queues = res.body.queues as Array<{ name: string; counts: Record<string, number>; readOnlyMode: boolean }>;
      expect(queues.map((q) => q.name)).toEqual(['dash-alpha', 'dash-beta']);
      expect(queues[0].counts).toMatchObject({ waiting: 2, delayed: 1, active: 0, completed: 0, failed: 0 });
      expect(Object.values(queues[1].counts).every((n) => n === 0)).toBe(true);
      expect(queues.every((q) => q.readOnlyMode)).toBe(true);
    });

    it('refuses every change when read-only, with the 405 envelope', async () => {
      const app = dashboardApp();
      for (const [method, path] of [
        ['put', '/api/queues/dash-alpha/pause'],
        ['put', '/api/queues/dash-alpha/clean/delayed'],
        ['put', '/api/queues/dash-alpha/a-1/retry'],
        ['post', '/api/queues/dash-alpha/add'],
      ] as const) {
        const res = await request(app)[method](`${BASE}${path}`).set('Authorization', bearer(adminToken)).send({});
        expect([path, res.status, res.headers.allow]).toEqual([path, 405, 'GET, HEAD']);
        expect(res.body).toEqual({ status: 'fail', message: 'Method Not Allowed', errorCode: 'NOT_ALLOWED', data: { errorName: 'MethodNotAllowedError' } });
      }
    });

    it('with allowRetryAndClean, cleans jobs but still refuses other changes', async () => {
      const app = dashboardApp({ allowRetryAndClean: true });
      const pause = await request(app).put(`${BASE}/api/queues/dash-beta/pause`).set('Authorization', bearer(adminToken));
      expect(pause.status).toBe(405);
      const clean = await request(app).put(`${BASE}/api/queues/dash-beta/clean/delayed`).set('Authorization', bearer(adminToken));
      expect(clean.status).toBeLessThan(300);
      const listed = await request(app).get(`${BASE}/api/queues`).set('Authorization', bearer(adminToken));
      expect(listed.body.queues.every((q: { readOnlyMode: boolean; allowRetries: boolean }) => !q.readOnlyMode && q.allowRetries)).toBe(true);
    });

    it('hands a path it does not serve to the app, which answers the 404 envelope', async () => {
      const res = await request(dashboardApp()).get(`${BASE}/nothing-here`).set('Authorization', bearer(adminToken));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 'fail', message: 'Route not found', errorCode: 'NOT_FOUND', data: { errorName: 'RouteNotFoundError' } });
      expect(res.headers['x-powered-by']).toBeUndefined();
    });
  });
});
