import { randomBytes } from 'node:crypto';
import { createLogger } from '@kyb/http';
import { createAuthArea } from '../area';
import { startAuthTestApp, TEST_AUTH_CONFIG, type AuthTestApp } from '../test-support/auth-test-app';

describe('signing keys at start-up', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await startAuthTestApp();
  });
  afterAll(() => t.close());

  it('refuses to start with a DATA_ENCRYPTION_KEY that does not open the stored keys, instead of failing every sign-in', async () => {
    const other = createAuthArea({
      db: t.db,
      redis: t.redis,
      logger: createLogger({ level: 'silent', name: 'auth-test' }),
      config: { ...TEST_AUTH_CONFIG, DATA_ENCRYPTION_KEY: randomBytes(32) },
      revocations: t.revocations,
    });
    await expect(other.start()).rejects.toThrow('DATA_ENCRYPTION_KEY does not open the stored signing keys: set the key they were sealed with');
  });

  it('starts again with the key that sealed them', async () => {
    await expect(t.area.start()).resolves.toBeUndefined();
  });
});
