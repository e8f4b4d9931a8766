import { randomBytes } from 'node:crypto';
import { createMasterKeyring, dataKeyBox, dataKeyIdOf, masterKeyId, UnknownMasterKeyError } from './keyring';
import { createSealedBox } from './sealed-box';

describe('master keyring and data keys', () => {
  const oldMaster = randomBytes(32);
  const newMaster = randomBytes(32);

  it('wraps a data key with the current master, names that master, and unwraps it', () => {
    const keyring = createMasterKeyring(newMaster);
    const dataKey = randomBytes(32);
    const { wrapped, masterId } = keyring.wrap(dataKey);
    expect(masterId).toBe(masterKeyId(newMaster));
    expect(masterId).toMatch(/^m[0-9a-f]{16}$/);
    expect(wrapped).toMatch(/^w1\./);
    expect(wrapped).not.toContain(dataKey.toString('base64url'));
    expect(keyring.unwrap(wrapped, masterId).equals(dataKey)).toBe(true);
  });

  it('during a rotation unwraps keys of the previous master, and refuses a master it was not given', () => {
    const before = createMasterKeyring(oldMaster).wrap(randomBytes(32));
    const rotating = createMasterKeyring(newMaster, [oldMaster]);
    expect(rotating.currentId).toBe(masterKeyId(newMaster));
    expect(rotating.unwrap(before.wrapped, before.masterId)).toHaveLength(32);
    expect(() => createMasterKeyring(newMaster).unwrap(before.wrapped, before.masterId)).toThrow(UnknownMasterKeyError);
    // A wrapped key altered, or presented as another master's, does not unwrap.
    expect(() => rotating.unwrap(before.wrapped, rotating.currentId)).toThrow();
    // One byte of the ciphertext flipped (rewriting its last base64 characters left it unchanged once in 256 runs: their spare bits are ignored).
    const parts = before.wrapped.split('.');
    const ciphertext = Buffer.from(parts[parts.length - 1], 'base64url');
    ciphertext[0] ^= 0xff;
    const altered = [...parts.slice(0, -1), ciphertext.toString('base64url')].join('.');
    expect(altered).not.toBe(before.wrapped);
    expect(() => rotating.unwrap(altered, before.masterId)).toThrow();
  });

  it('opens values sealed with a master itself (before data keys), the current master first', () => {
    const legacyOld = createSealedBox(oldMaster).seal('123-45-6789');
    const legacyNew = createSealedBox(newMaster).seal('987-65-4321');
    const rotating = createMasterKeyring(newMaster, [oldMaster]);
    expect(rotating.openLegacy(legacyOld)).toBe('123-45-6789');
    expect(rotating.openLegacy(legacyNew)).toBe('987-65-4321');
    expect(() => createMasterKeyring(newMaster).openLegacy(legacyOld)).toThrow();
  });

  it('seals with a data key into a value that names the key, opens only with that key, and hashes for lookups', () => {
    const box = dataKeyBox('6f0c5a1e-0000-4000-8000-000000000001', randomBytes(32));
    const other = dataKeyBox('6f0c5a1e-0000-4000-8000-000000000002', randomBytes(32));
    const sealed = box.seal('912345678');
    expect(sealed).toMatch(/^d1\.6f0c5a1e-0000-4000-8000-000000000001\./);
    expect(dataKeyIdOf(sealed)).toBe('6f0c5a1e-0000-4000-8000-000000000001');
    expect(dataKeyIdOf(createSealedBox(newMaster).seal('x'))).toBeUndefined();
    expect(box.open(sealed)).toBe('912345678');
    expect(box.seal('912345678')).not.toBe(sealed);
    expect(() => other.open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(box.lookupHash('912345678')).toBe(box.lookupHash('912345678'));
    expect(box.lookupHash('912345678')).not.toBe(other.lookupHash('912345678'));
  });

  it('gives every value sealed with a data key, and every wrap, its own IV across refills of the IV pool', () => {
    const box = dataKeyBox('6f0c5a1e-0000-4000-8000-000000000003', randomBytes(32));
    const keyring = createMasterKeyring(newMaster);
    const ivs = [
      ...Array.from({ length: 600 }, () => box.seal('123456789').split('.')[2]),
      ...Array.from({ length: 300 }, () => keyring.wrap(randomBytes(32)).wrapped.split('.')[1]),
    ];
    expect(new Set(ivs).size).toBe(900);
    expect(ivs.every((iv) => Buffer.from(iv, 'base64url').length === 12)).toBe(true);
    expect(box.open(box.seal('after many'))).toBe('after many');
  });
});
