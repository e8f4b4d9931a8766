import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createTestKeys, TEST_AUDIENCE, TEST_ISSUER } from './testing';
import type { KeySource } from './keys';
import { createMemorySessionRevocations } from './session-revocations';
import { createTokenVerifier } from './tokens';
import { createVerifiedTokenCache } from './verified-tokens';

const CUSTOMER = '2e6438cb-ec3f-4e94-b5c9-8c058d2efaf1';
const keys = createTestKeys();

/** A verifier with its own cache, revocations and clock (seconds), over `source`. */
function setUp(source: KeySource = keys.keySource) {
  const clock = { now: Math.floor(Date.now() / 1000) };
  const revocations = createMemorySessionRevocations();
  const verified = createVerifiedTokenCache();
  const verifier = createTokenVerifier({ keys: source, issuer: TEST_ISSUER, audience: TEST_AUDIENCE, revocations, verified, nowSeconds: () => clock.now });
  return { clock, revocations, verified, verifier };
}

const expired = { name: 'TokenExpiredError', message: 'User Session Expired' };
const invalid = { message: 'Invalid token' };

describe('verified tokens are kept, and what can change is checked on every use', () => {
  it('a token used again is answered from the cache (the same context), its signature not checked again', async () => {
    const { verifier, verified } = setUp();
    const token = keys.tokenFor({ role: 'CUSTOMER', customerId: CUSTOMER });
    const first = await verifier.verify(token);
    expect(verified.size).toBe(1);
    expect(await verifier.verify(token)).toBe(first);
    expect(first).toMatchObject({ role: 'CUSTOMER', customerId: CUSTOMER });
  });

  it('a cached token of a session ended since is refused at once', async () => {
    const { verifier, revocations } = setUp();
    const token = keys.tokenFor({ role: 'CUSTOMER', customerId: CUSTOMER, sessionId: 'session-1' });
    await verifier.verify(token);
    await revocations.revoke(['session-1'], 3600);
    await expect(verifier.verify(token)).rejects.toMatchObject(expired);
  });

  it('a cached token is refused once its expiry has come, and leaves the cache', async () => {
    const { verifier, verified, clock } = setUp();
    const token = keys.tokenFor({ role: 'CUSTOMER', customerId: CUSTOMER }, 60);
    await verifier.verify(token);
    clock.now += 59;
    await expect(verifier.verify(token)).resolves.toMatchObject({ role: 'CUSTOMER' });
    clock.now += 1;
    await expect(verifier.verify(token)).rejects.toMatchObject(expired);
    expect(verified.size).toBe(0);
  });

  it('once the key source gives another key for the kid (rotated, fetched anew), the token is verified again and refused if it does not match', async () => {
    const rotated: { key?: KeyObject } = {};
    const original = await keys.keySource.getKey(keys.key.kid, 'ES256');
    const source: KeySource = { getKey: async () => (rotated.key ? { key: rotated.key, alg: 'ES256' } : original) };
    const { verifier, verified } = setUp(source);
    const token = keys.tokenFor({ role: 'CUSTOMER', customerId: CUSTOMER });
    await verifier.verify(token);
    rotated.key = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    await expect(verifier.verify(token)).rejects.toMatchObject(invalid);
    expect(verified.size).toBe(0);
  });

  it('a key withdrawn from the key set ends its cached tokens', async () => {
    let published = true;
    const source: KeySource = { getKey: async (kid, alg) => (published ? keys.keySource.getKey(kid, alg) : undefined) };
    const { verifier } = setUp(source);
    const token = keys.tokenFor({ role: 'CUSTOMER', customerId: CUSTOMER });
    await verifier.verify(token);
    published = false;
    await expect(verifier.verify(token)).rejects.toMatchObject(invalid);
  });

  it('a token differing from a cached one in a single character is verified on its own and refused', async () => {
    const { verifier } = setUp();
    const token = keys.tokenFor({ role: 'CUSTOMER', customerId: CUSTOMER });
    await verifier.verify(token);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, -2)}${last}${token.slice(-1)}`;
    await expect(verifier.verify(tampered)).rejects.toMatchObject(invalid);
  });

  it('a refused token is not kept', async () => {
    const { verifier, verified } = setUp();
    await expect(verifier.verify(keys.tokenFor({ role: 'CUSTOMER', customerId: CUSTOMER }, -5))).rejects.toMatchObject(expired);
    await expect(verifier.verify('not.a.token')).rejects.toMatchObject(invalid);
    expect(verified.size).toBe(0);
  });
});

describe('createVerifiedTokenCache', () => {
  const entry = { context: {} as never, kid: 'k', alg: 'ES256', key: keys.key.privateKey, expiresAt: 1 };

  it('holds at most maxEntries, the oldest leaving first', () => {
    const cache = createVerifiedTokenCache(2);
    cache.set('a', entry);
    cache.set('b', entry);
    cache.set('c', entry);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, entry, entry]);
    expect(cache.size).toBe(2);
  });

  it('with no room keeps nothing', () => {
    const cache = createVerifiedTokenCache(0);
    cache.set('a', entry);
    expect(cache.get('a')).toBeUndefined();
  });
});
