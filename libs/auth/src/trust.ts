import { createJwksKeySource } from './keys';
import type { TokenTrust } from './middleware';
import type { SessionRevocations } from './session-revocations';

/**
 * How an area other than auth trusts bearer tokens, from its verifier settings (`AUTH_JWKS_URL`,
 * `TOKEN_ISSUER`, `TOKEN_AUDIENCE`) and the process's revocations.
 */
export function trustAuthArea(
  settings: { AUTH_JWKS_URL: string; TOKEN_ISSUER: string; TOKEN_AUDIENCE: string },
  revocations: SessionRevocations,
): TokenTrust {
  return {
    keys: createJwksKeySource({ url: settings.AUTH_JWKS_URL }),
    issuer: settings.TOKEN_ISSUER,
    audience: settings.TOKEN_AUDIENCE,
    revocations,
  };
}
