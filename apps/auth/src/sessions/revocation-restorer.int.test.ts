import jwt from 'jsonwebtoken';
import request from 'supertest';
import { createLogger } from '@kyb/http';
import { bearer, startAuthTestApp, type AuthTestApp } from '../test-support/auth-test-app';
import { startRevocationRestorer } from './revocation-restorer';

/*
 * Redis restarted empty (no persistence, as on our machines) forgets which sessions ended; the
 * auth area puts them back from PostgreSQL, so a logged-out token is refused again (issue 16).
 */
describe('ended sessions after Redis lost them', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp();
  });
  afterAll(() => t.close());

  const restorerOf = () =>
    startRevocationRestorer({
      db: t.db,
      redis: t.redis,
      prefix: t.redisPrefix,
      revocations: t.revocations,
      tokenTtlSeconds: 3600,
      logger: createLogger({ level: 'silent', name: 'restorer' }),
      clock: () => new Date(),
      everyMs: 60_000,
    });
  const revokedScore = (sid: string) => t.redis.zscore(`${t.redisPrefix}:sessions:revoked`, sid);

  it('puts back every session ended within a token lifetime, once, when the marker is gone', async () => {
    const restorer = restorerOf();
    try {
      // The first look at a Redis without the marker restores whatever there is, and sets it.
      await restorer.restoreIfLost();
      const leaving = await t.fixtures.ownerSession();
      const sid = (jwt.decode(leaving.token) as jwt.JwtPayload).sid as string;
      await request(t.app).post('/auth/api/v1/customer/logout').set('Authorization', bearer(leaving.token)).send({}).expect(200);
      expect(await revokedScore(sid)).not.toBeNull();

      // Redis comes back empty: the set and the marker are gone; a process loading the set would pass the token.
      await t.redis.del(`${t.redisPrefix}:sessions:revoked`, `${t.redisPrefix}:sessions:revoked:kept`);
      expect(await revokedScore(sid)).toBeNull();

      expect(await restorer.restoreIfLost()).toBeGreaterThanOrEqual(1);
      expect(Number(await revokedScore(sid))).toBeGreaterThan(Date.now() + 3500 * 1000);
      // While the marker stays, nothing is read again.
      expect(await restorer.restoreIfLost()).toBe(0);
    } finally {
      restorer.stop();
    }
  });
});
