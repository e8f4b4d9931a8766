/**
 * Encryption at rest, lookup hashes, opaque tokens and masking of sensitive values.
 * @packageDocumentation
 */
export { createSealedBox, hashToken, randomToken, safeEqual } from './sealed-box';
export type { SealedBox } from './sealed-box';
export { maskSensitive } from './mask';
