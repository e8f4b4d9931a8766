import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { createIvSource } from './iv-source';
import { createSealedBox, type SealedBox } from './sealed-box';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The prefix of a value sealed with a data key: `d1.<key id>.<iv>.<tag>.<ciphertext>`. */
export const DATA_KEY_FORMAT = 'd1';
/** The prefix of a wrapped data key: `w1.<iv>.<tag>.<ciphertext>`, with the master's id kept beside it. */
const WRAP_FORMAT = 'w1';

/** A master key that cannot open what it is asked to (the value names a master this process was not given). */
export class UnknownMasterKeyError extends Error {
  constructor(masterId: string) {
    super(`no master key with id ${masterId} is configured (DATA_ENCRYPTION_KEY, DATA_ENCRYPTION_KEY_PREVIOUS)`);
  }
}

/** IVs for every data key and wrap of the process, drawn from the CSPRNG in blocks (iv-source.ts). */
const freshIv = createIvSource(IV_BYTES);

function gcm(key: Buffer, plaintext: Buffer): string[] {
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
}

function ungcm(key: Buffer, [iv, tag, ciphertext]: string[]): Buffer {
  if (!iv || !tag || ciphertext === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
}

/** A master key's public name: derived from it, so a wrapped key says which master opens it without revealing it. */
export function masterKeyId(master: Buffer): string {
  return `m${createHmac('sha256', master).update('kyb:master-key-id').digest('hex').slice(0, 16)}`;
}

/**
 * The master keys of a process: `current` wraps new data keys; `previous` ones (during a rotation)
 * still unwrap keys wrapped before it. Values sealed directly with a master (`v1.`, before data
 * keys) open with the current master, else the previous ones.
 */
export function createMasterKeyring(current: Buffer, previous: readonly Buffer[] = []) {
  const masters = [current, ...previous].map((key) => {
    if (key.length !== 32) throw new Error('A data encryption key must be 32 bytes');
    const wrapKey = createHmac('sha256', key).update('kyb:wrap-data-key').digest();
    return { id: masterKeyId(key), wrapKey, legacy: createSealedBox(key) };
  });
  const byId = new Map(masters.map((m) => [m.id, m]));
  const newest = masters[0] as (typeof masters)[number];
  return {
    /** The id of the master that wraps new keys. */
    currentId: newest.id,
    /** The ids of every configured master, the current one first. */
    masterIds: masters.map((m) => m.id),
    /** Wraps a 32-byte data key with the current master. */
    wrap(dataKey: Buffer): { wrapped: string; masterId: string } {
      return { wrapped: [WRAP_FORMAT, ...gcm(newest.wrapKey, dataKey)].join('.'), masterId: newest.id };
    },
    /** Unwraps a data key wrapped by the master `masterId`; throws {@link UnknownMasterKeyError} for a master it lacks. */
    unwrap(wrapped: string, masterId: string): Buffer {
      const master = byId.get(masterId);
      if (!master) throw new UnknownMasterKeyError(masterId);
      const [format, ...parts] = wrapped.split('.');
      if (format !== WRAP_FORMAT) throw new Error('Not a wrapped key');
      return ungcm(master.wrapKey, parts);
    },
    /** Opens a value sealed directly with a master key (`v1.`): the current master first. */
    openLegacy(sealed: string): string {
      let failure: unknown;
      for (const master of masters) {
        try {
          return master.legacy.open(sealed);
        } catch (err) {
          failure = err;
        }
      }
      throw failure;
    },
    /** The current master's sealed box, for what is not tenant data (lookup hashes of short-lived codes). */
    legacyBox: newest.legacy as SealedBox,
  };
}

/** A process's master keys. */
export type MasterKeyring = ReturnType<typeof createMasterKeyring>;

/** A data key's sealing of values: `d1.<key id>.<iv>.<tag>.<ciphertext>`, and keyed lookup hashes. */
export function dataKeyBox(keyId: string, dataKey: Buffer) {
  const encryptionKey = createHmac('sha256', dataKey).update('kyb:encryption').digest();
  const hashKey = createHmac('sha256', dataKey).update('kyb:lookup-hash').digest();
  return {
    keyId,
    seal(plaintext: string): string {
      return [DATA_KEY_FORMAT, keyId, ...gcm(encryptionKey, Buffer.from(plaintext, 'utf8'))].join('.');
    },
    /** Opens what `seal` made with this key; throws if it was altered or is another key's. */
    open(sealed: string): string {
      const [format, id, ...parts] = sealed.split('.');
      if (format !== DATA_KEY_FORMAT || id !== keyId) throw new Error('Not a value of this data key');
      return ungcm(encryptionKey, parts).toString('utf8');
    },
    lookupHash(value: string): string {
      return createHmac('sha256', hashKey).update(value).digest('hex');
    },
  };
}

/** Sealing with one data key. */
export type DataKeyBox = ReturnType<typeof dataKeyBox>;

/** The data key a sealed value names (`d1.<id>...`), or undefined for a value sealed with a master (`v1.`). */
export function dataKeyIdOf(sealed: string): string | undefined {
  const [format, id] = sealed.split('.');
  return format === DATA_KEY_FORMAT ? id : undefined;
}
