import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createIvSource } from './iv-source';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Encrypts values at rest and derives lookup hashes, with one 32-byte key. */
export interface SealedBox {
  /** AES-256-GCM with a fresh IV; the output is `v1.<iv>.<tag>.<ciphertext>` in base64url. */
  seal(plaintext: string): string;
  /** Opens a value made by {@link SealedBox.seal}; throws if it was altered or sealed with another key. */
  open(sealed: string): string;
  /** A keyed hash (HMAC-SHA256, hex) for uniqueness checks and lookups of encrypted values. */
  lookupHash(value: string): string;
}

/**
 * Builds a {@link SealedBox}. The encryption and hashing keys are derived from the master key,
 * so one secret serves both without reusing key material.
 */
export function createSealedBox(masterKey: Buffer): SealedBox {
  if (masterKey.length !== 32) throw new Error('The data encryption key must be 32 bytes');
  const encryptionKey = createHmac('sha256', masterKey).update('kyb:encryption').digest();
  const hashKey = createHmac('sha256', masterKey).update('kyb:lookup-hash').digest();
  const freshIv = createIvSource(IV_BYTES);

  return {
    seal(plaintext) {
      const iv = freshIv();
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
    lookupHash(value) {
      return createHmac('sha256', hashKey).update(value).digest('hex');
    },
  };
}

/** SHA-256 of an opaque token (hex), for storing tokens that only need to be recognised. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares two strings in constant time. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A random URL-safe opaque token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
