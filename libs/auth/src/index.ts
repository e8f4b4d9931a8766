/**
 * Token verification from the JWKS, token signing for the auth area, and the role, permission
 * and tenant guards with the exact errors of part 5.
 * @packageDocumentation
 */
export { OWNER_PERMISSIONS, ROLES, USER_PERMISSIONS } from './claims';
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
export { createJwksKeySource, createLocalKeySource } from './keys';
export type { JwksKeySourceOptions, KeySource, PublicJwk } from './keys';
export { createTokenSigner, createTokenVerifier } from './tokens';
export type { SigningKey, TokenSigner, TokenSignerOptions, TokenVerifier, TokenVerifierOptions } from './tokens';
export { access, authenticate, authenticateWith, callerOf, canAccessBusiness, canAccessCustomer, requirePermission, requireRole, requireTenant, unseen } from './middleware';
export { createTestKeys, TEST_ISSUER } from './test-keys';
export type { TestKeys } from './test-keys';
