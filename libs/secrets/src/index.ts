/**
 * Encryption at rest, lookup hashes, opaque tokens and masking of sensitive values.
 * @packageDocumentation
 */
export { createSealedBox, hashToken, randomToken, safeEqual } from './sealed-box';
export type { SealedBox } from './sealed-box';
export { maskSensitive } from './mask';
export { createMasterKeyring, DATA_KEY_FORMAT, dataKeyBox, dataKeyIdOf, masterKeyId, UnknownMasterKeyError } from './keyring';
export type { DataKeyBox, MasterKeyring } from './keyring';
