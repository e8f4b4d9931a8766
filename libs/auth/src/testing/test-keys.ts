import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createLocalKeySource, type KeySource, type PublicJwk } from '../keys';
import { createTokenSigner, type SigningKey } from '../tokens';
import { OWNER_PERMISSIONS, type Role } from '../claims';

/** The issuer of {@link createTestKeys} tokens. */
export const TEST_ISSUER = 'kyb-test-issuer';
/** The audience of {@link createTestKeys} tokens. */
export const TEST_AUDIENCE = 'kyb-test-audience';

/** An ES256 key pair, its JWKS and key source, and a token factory: for tests of any area. */
export interface TestKeys {
  key: SigningKey;
  jwks: PublicJwk[];
  keySource: KeySource;
  /** A bearer id_token for `caller`, valid for `ttlSeconds` (negative: already expired). */
  tokenFor(
    /** A CUSTOMER without `permissions` is an owner (every permission); say `permissions` to test a narrower subrole. */
    caller: {
      role: Role;
      userId?: string;
      customerId?: string | null;
      subrole?: string | null;
      permissions?: string[];
      businessIds?: string[];
      /** The token's session (a fresh one unless given: revoke it to test revocation). */
      sessionId?: string;
    },
    ttlSeconds?: number,
  ): string;
}

/** Creates signing material for tests; never used outside tests. */
export function createTestKeys(): TestKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const key: SigningKey = { kid: `test-${randomUUID()}`, alg: 'ES256', privateKey };
  const jwks: PublicJwk[] = [{ ...publicKey.export({ format: 'jwk' }), kid: key.kid, alg: 'ES256', use: 'sig' }];
  return {
    key,
    jwks,
    keySource: createLocalKeySource(() => jwks),
    tokenFor(caller, ttlSeconds = 3600) {
      return createTokenSigner({ issuer: TEST_ISSUER, audience: TEST_AUDIENCE, ttlSeconds }).sign(key, caller.userId ?? randomUUID(), {
        role: caller.role,
        customer_id: caller.customerId ?? null,
        // A CUSTOMER is its tenant's owner unless the test says otherwise, as a real owner's token is.
        subrole: caller.subrole !== undefined ? caller.subrole : caller.role === 'CUSTOMER' ? 'owner' : null,
        permissions: caller.permissions ?? (caller.role === 'CUSTOMER' ? [...OWNER_PERMISSIONS] : []),
        business_ids: caller.businessIds,
        sid: caller.sessionId ?? randomUUID(),
      }).id_token;
    },
  };
}
