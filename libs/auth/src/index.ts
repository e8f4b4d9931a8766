/**
 * Token verification from the JWKS, token signing for the auth area, and the role, permission
 * and tenant guards with the exact errors of contract part 5 (401 for a missing or bad token and a
 * role not allowed, 403 for a missing permission or another tenant).
 * @packageDocumentation
 */
export { OWNER_PERMISSIONS, REVIEWER_PERMISSIONS, ROLES, USER_PERMISSIONS } from './claims';
export type { AuthContext, Role, SuiteClaims, TokenUse } from './claims';
export {
  InvalidAuthorizationHeaderTypeError,
  InvalidTokenError,
  MissingAuthorizationHeaderError,
  PermissionDeniedError,
  RoleNotAllowedError,
  SessionExpiredError,
  TenantAccessDeniedError,
} from './errors';
export { createJwksKeySource, createLocalKeySource, KeysUnavailableError } from './keys';
export type { JwksKeySourceOptions, KeySource, LocalKeySourceOptions, PublicJwk } from './keys';
export { createTokenSigner, createTokenVerifier } from './tokens';
export { createMemorySessionRevocations, SessionStateUnavailableError } from './session-revocations';
export type { SessionRevocations } from './session-revocations';
export { createRedisSessionRevocations } from './redis-session-revocations';
export { createProcessTokenKeys } from './process-keys';
export type { ProcessTokenKeys } from './process-keys';
export { trustAuthArea } from './trust';
export type { RedisSessionRevocations, RedisSessionRevocationsOptions } from './redis-session-revocations';
export type { SigningKey, TokenSigner, TokenSignerOptions, TokenVerifier, TokenVerifierOptions } from './tokens';
export type { AuthenticateWithOptions, TokenTrust } from './middleware';
export { access, authenticate, authenticateWith, callerOf, canAccessBusiness, canAccessCustomer, requirePermission, requireRole, requireTenant, unseen } from './middleware';
export { createVerifiedTokenCache } from './verified-tokens';
export type { VerifiedToken, VerifiedTokenCache } from './verified-tokens';
export { actorOf, originOf } from './actor';
export type { Actor, RequestOrigin } from './actor';
export { auditActOf, withAudit } from './audit-act';
export type { AuditActor, RequestAct } from './audit-act';
