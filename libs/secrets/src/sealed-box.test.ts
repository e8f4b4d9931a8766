import { randomBytes } from 'node:crypto';
import { maskSensitive } from './mask';
import { createSealedBox, hashToken, randomToken, safeEqual } from './sealed-box';

describe('createSealedBox', () => {
  const box = createSealedBox(randomBytes(32));

  it('opens what it sealed, and seals the same value differently each time', () => {
    const first = box.seal('123456789');
    const second = box.seal('123456789');
    expect(first).not.toEqual(second);
    expect(first).not.toContain('123456789');
    expect(box.open(first)).toBe('123456789');
    expect(box.open(second)).toBe('123456789');
  });

  it('gives every sealed value its own IV, across refills of the IV pool', () => {
    const box = createSealedBox(randomBytes(32));
    const ivs = Array.from({ length: 1000 }, () => box.seal('123456789').split('.')[1]);
    expect(new Set(ivs).size).toBe(1000);
    expect(ivs.every((iv) => Buffer.from(iv, 'base64url').length === 12)).toBe(true);
    expect(box.open(box.seal('after many'))).toBe('after many');
  });

  it('refuses a value that was altered or sealed with another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    parts[3] = flipped.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSealedBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('Not a sealed value');
  });

  it('derives a stable lookup hash that depends on the key', () => {
    expect(box.lookupHash('123456789')).toBe(box.lookupHash('123456789'));
    expect(box.lookupHash('123456789')).toMatch(/^[0-9a-f]{64}$/);
    expect(createSealedBox(randomBytes(32)).lookupHash('123456789')).not.toBe(box.lookupHash('123456789'));
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createSealedBox(randomBytes(16))).toThrow('32 bytes');
  });
});

describe('tokens', () => {
  it('makes distinct URL-safe tokens and hashes them stably', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(safeEqual(a, a)).toBe(true);
    expect(safeEqual(a, randomToken())).toBe(false);
    expect(safeEqual('a', 'ab')).toBe(false);
  });
});

describe('maskSensitive', () => {
  it('keeps only the last four characters', () => {
    expect(maskSensitive('123456789')).toBe('XXXXX6789');
    expect(maskSensitive('1234')).toBe('XXXX');
    expect(maskSensitive('')).toBe('');
    expect(maskSensitive(null)).toBeNull();
  });
});
