import type { TokenTrust } from './middleware';
import type { ProcessTokenKeys } from './process-keys';
import type { SessionRevocations } from './session-revocations';

/**
 * How an area other than auth trusts bearer tokens, from its verifier settings (`AUTH_JWKS_URL`,
 * `TOKEN_ISSUER`, `TOKEN_AUDIENCE`), the process's token keys (the auth area's own when it runs in
 * the same process, else that JWKS) and the process's revocations.
 */
export function trustAuthArea(
  settings: { AUTH_JWKS_URL: string; TOKEN_ISSUER: string; TOKEN_AUDIENCE: string },
  runtime: { tokenKeys: ProcessTokenKeys; revocations: SessionRevocations },
): TokenTrust {
  return {
    keys: runtime.tokenKeys.sourceFor(settings.AUTH_JWKS_URL),
    issuer: settings.TOKEN_ISSUER,
    audience: settings.TOKEN_AUDIENCE,
    revocations: runtime.revocations,
  };
}
