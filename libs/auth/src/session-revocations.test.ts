import { createMemorySessionRevocations, createRevocationCache } from './session-revocations';

describe('session revocations kept in one process', () => {
  it('a revoked session stays revoked for its time to live, then is forgotten', async () => {
    let now = 1_000;
    const revocations = createMemorySessionRevocations({ now: () => now });
    await revocations.revoke(['a', 'b'], 60);
    expect(await revocations.isRevoked('a')).toBe(true);
    expect(await revocations.isRevoked('c')).toBe(false);
    now += 59_999;
    expect(await revocations.isRevoked('b')).toBe(true);
    now += 1;
    expect(await revocations.isRevoked('b')).toBe(false);
  });
});

describe('the revocation cache', () => {
  it('keeps the later expiry when a session is revoked twice, and sweeps expired entries', () => {
    let now = 0;
    const cache = createRevocationCache(() => now);
    cache.add(['s'], 100);
    cache.add(['s'], 50);
    cache.add(['t'], 10);
    now = 60;
    expect(cache.has('s')).toBe(true);
    cache.sweep();
    expect(cache.size).toBe(1);
    cache.replace([['u', 200]]);
    expect([cache.has('s'), cache.has('u')]).toEqual([false, true]);
  });
});
