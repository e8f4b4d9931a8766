import request from 'supertest';
import { FIXTURE_PASSWORD } from '../test-support/auth-fixtures';
import { startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';

const SIGN_IN = '/auth/api/v1/customer/sign-in';

describe('sign-in rate limit', () => {
  let t: AuthTestApp;
  const waits: number[] = [];
  // One trusted proxy hop: each test speaks from the address it puts in X-Forwarded-For.
  const from = (address: string) => request(t.app).post(SIGN_IN).set('X-Forwarded-For', address);
  beforeAll(async () => {
    t = await startAuthTestApp(
      { SIGN_IN_ATTEMPTS_PER_EMAIL: 3, SIGN_IN_ATTEMPTS_PER_ADDRESS: 8, SIGN_IN_SLOWDOWN_AFTER_PER_EMAIL: 6, SIGN_IN_WINDOW_SECONDS: 600 },
      { trustProxy: 1, sleep: async (ms) => void waits.push(ms) },
    );
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After and RateLimit headers once an address used its attempts for an email', async () => {
    const customerId = await t.fixtures.customer();
    const user = await t.fixtures.user({ customerId });
    for (let i = 0; i < 3; i += 1) {
      await from('198.51.100.1').send({ email: user.email, password: 'wrong-password-123' }).expect(400);
    }
    const limited = await from('198.51.100.1').send({ email: user.email, password: FIXTURE_PASSWORD }).expect(429);
    expect(limited.body).toEqual({
      status: 'fail',
      message: 'Too many sign-in attempts. Please try again later.',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'RateLimitError', retryAfterSeconds: expect.any(Number) },
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(limited.headers['ratelimit-policy']).toBe('3;w=600');
    expect(limited.headers['ratelimit-limit']).toBe('3');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(limited.headers['ratelimit-reset']).toBe(String(retryAfter));
    const keys = await t.redis.keys('*sign-in:*');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain(user.email.toLowerCase());
    expect(keys.join(' ')).not.toContain('198.51.100.1:');
  });

  it('does not lock the owner out: the right password from another address still signs in', async () => {
    const customerId = await t.fixtures.customer();
    const victim = await t.fixtures.user({ customerId });
    for (let i = 0; i < 3; i += 1) {
      await from('203.0.113.66').send({ email: victim.email, password: 'wrong-password-123' }).expect(400);
    }
    await from('203.0.113.66').send({ email: victim.email, password: FIXTURE_PASSWORD }).expect(429);
    await from('192.0.2.10').send({ email: victim.email, password: FIXTURE_PASSWORD }).expect(200);
  });

  it('slows down, but never refuses, an email attacked from many addresses', async () => {
    const customerId = await t.fixtures.customer();
    const target = await t.fixtures.user({ customerId });
    waits.length = 0;
    for (let i = 0; i < 8; i += 1) {
      await from(`10.1.0.${i}`).send({ email: target.email, password: 'wrong-password-123' }).expect(400);
    }
    // Attempts 7 and 8 are past the ceiling of 6: one second more each.
    expect(waits).toEqual([1000, 2000]);
    await from('10.1.0.99').send({ email: target.email, password: FIXTURE_PASSWORD }).expect(200);
    expect(waits).toEqual([1000, 2000, 3000]);
    // The success cleared the email's count: no more waiting.
    await from('10.1.0.100').send({ email: target.email, password: 'wrong-password-123' }).expect(400);
    expect(waits).toHaveLength(3);
  });

  it('limits a client address across emails (password spraying)', async () => {
    for (let i = 0; i < 8; i += 1) {
      await from('198.51.100.77').send({ email: `spray-${i}@example.com`, password: 'wrong-password-123' }).expect(400);
    }
    const limited = await from('198.51.100.77').send({ email: 'spray-9@example.com', password: 'x' }).expect(429);
    expect(limited.body.data.errorName).toBe('RateLimitError');
    expect(limited.headers['ratelimit-policy']).toBe('8;w=600');
  });

  it('does not count successful sign-ins against an address', async () => {
    const customerId = await t.fixtures.customer();
    const user = await t.fixtures.user({ customerId });
    for (let i = 0; i < 12; i += 1) {
      await from('198.51.100.200').send({ email: user.email, password: FIXTURE_PASSWORD }).expect(200);
    }
  });

  it('clears the count of an email after a successful sign-in', async () => {
    const fresh = await startAuthTestApp({ SIGN_IN_ATTEMPTS_PER_EMAIL: 2, SIGN_IN_ATTEMPTS_PER_ADDRESS: 100 });
    try {
      const customerId = await fresh.fixtures.customer();
      const user = await fresh.fixtures.user({ customerId });
      await request(fresh.app).post(SIGN_IN).send({ email: user.email, password: 'wrong-password-123' }).expect(400);
      await request(fresh.app).post(SIGN_IN).send({ email: user.email, password: FIXTURE_PASSWORD }).expect(200);
      await request(fresh.app).post(SIGN_IN).send({ email: user.email, password: 'wrong-password-123' }).expect(400);
      await request(fresh.app).post(SIGN_IN).send({ email: user.email, password: FIXTURE_PASSWORD }).expect(200);
    } finally {
      await fresh.close();
    }
  });
});
