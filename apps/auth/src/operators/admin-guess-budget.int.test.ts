import type { Express } from 'express';
import request from 'supertest';
import { createAreaApp, createLogger } from '@kyb/http';
import type { QueueDashboard } from '@kyb/ops-ui';
import { FIXTURE_PASSWORD } from '../test-support/auth-fixtures';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';
import { withQueueDashboard } from './queue-dashboard.router';

const ADMIN = 'admin@platform.test';
const DASHBOARD = '/auth/api/v1/admin/queues/api/queues';
const SIGN_IN = '/auth/api/v1/admin/sign-in';
const logger = createLogger({ level: 'silent', name: 'admin-guess-budget-test' });
const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

/*
 * The queue dashboard's Basic sign-in and /admin/sign-in take their guesses from one budget per
 * client address (issue 41): alternating between them gives no more guesses, and one address
 * spending its budget locks no other address out.
 */
describe("the admin's guess budget, shared by the dashboard's Basic sign-in and /admin/sign-in", () => {
  let t: AuthTestApp;
  let app: Express;
  let dashboard: QueueDashboard;

  beforeAll(async () => {
    t = await startAuthTestApp({ SIGN_IN_ATTEMPTS_PER_EMAIL: 4, SIGN_IN_ATTEMPTS_PER_ADDRESS: 100, SIGN_IN_SLOWDOWN_AFTER_PER_EMAIL: 1000 }, { trustProxy: 1 });
    await t.area.bootstrapAdmin(ADMIN, FIXTURE_PASSWORD);
    // As the area module serves it: the dashboard beside the area's routes, behind one trusted proxy hop.
    const served = withQueueDashboard(t.area, { redis: t.redis, queuePrefix: t.redisPrefix, logger });
    dashboard = served.dashboard;
    app = createAreaApp({ service: 'auth', logger, area: { prefix: t.area.prefix, router: served.router }, db: t.db, redis: t.redis, trustProxy: 1 });
  });
  afterAll(async () => {
    await dashboard.close();
    await t.close();
  });

  const viaBasic = (address: string, password: string) => request(app).get(DASHBOARD).set('X-Forwarded-For', address).set('Authorization', basic(ADMIN, password));
  const viaSignIn = (address: string, password: string) => request(app).post(SIGN_IN).set('X-Forwarded-For', address).send({ email: ADMIN, password });

  it('alternating between the two paths spends one budget: the fifth guess from the address is refused 429 on either', async () => {
    await viaSignIn('198.51.100.7', 'wrong-password-1').expect(400);
    await viaBasic('198.51.100.7', 'wrong-password-2').expect(401);
    await viaSignIn('198.51.100.7', 'wrong-password-3').expect(400);
    await viaBasic('198.51.100.7', 'wrong-password-4').expect(401);
    for (const refused of [await viaSignIn('198.51.100.7', FIXTURE_PASSWORD), await viaBasic('198.51.100.7', FIXTURE_PASSWORD)]) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        status: 'fail',
        message: 'Too many sign-in attempts. Please try again later.',
        errorCode: 'NOT_ALLOWED',
        data: { errorName: 'RateLimitError', retryAfterSeconds: expect.any(Number) },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it("the dashboard's guesses count per client address: one address spending them locks no other out", async () => {
    for (let i = 0; i < 4; i += 1) await viaBasic('203.0.113.9', `wrong-password-${i}`).expect(401);
    await viaBasic('203.0.113.9', FIXTURE_PASSWORD).expect(429);
    await viaSignIn('203.0.113.9', FIXTURE_PASSWORD).expect(429);
    await viaBasic('192.0.2.44', FIXTURE_PASSWORD).expect(200);
    await viaSignIn('192.0.2.45', FIXTURE_PASSWORD).expect(200);
  });
});
