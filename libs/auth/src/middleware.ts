import type { Request, RequestHandler } from 'express';
import { AppError } from '@kyb/envelope';
import type { AuthContext, Role } from './claims';
import {
  InvalidAuthorizationHeaderTypeError,
  MissingAuthorizationHeaderError,
  PermissionDeniedError,
  RoleNotAllowedError,
  TenantAccessDeniedError,
} from './errors';
import type { KeySource } from './keys';
import type { SessionRevocations } from './session-revocations';
import { createTokenVerifier, type TokenVerifier } from './tokens';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by {@link authenticate}: who is calling. */
    auth?: AuthContext;
  }
}

/** The caller of an authenticated request; throws if the route forgot {@link authenticate}. */
export function callerOf(req: Request): AuthContext {
  if (!req.auth) {
    throw new AppError({ message: 'Authentication did not run', httpStatus: 500, errorCode: 'UNKNOWN_ERROR', errorName: 'InternalServerError' });
  }
  return req.auth;
}

/** Part 5 rules 5 to 7: requires `Authorization: Bearer <token>` with a valid token. */
export function authenticate(verifier: TokenVerifier): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (header === undefined || header.trim() === '') throw new MissingAuthorizationHeaderError();
    const [scheme, token, ...rest] = header.trim().split(/\s+/);
    if (scheme.toLowerCase() !== 'bearer' || !token || rest.length > 0) throw new InvalidAuthorizationHeaderTypeError();
    req.auth = await verifier.verify(token);
    next();
  };
}

/** What an area trusts a bearer token by: the auth area's public keys, issuer, audience, and ended sessions. */
export interface TokenTrust {
  keys: KeySource;
  issuer: string;
  audience: string;
  revocations: SessionRevocations;
}

/** What {@link authenticateWith} verifies tokens against, and its clock. */
export interface AuthenticateWithOptions extends TokenTrust {
  clock: () => Date;
}

/**
 * {@link authenticate} with a verifier of the auth area's public `keys`, `issuer` and `audience`,
 * refusing revoked sessions and reading the time from `clock`: how an area guards its routes.
 */
export function authenticateWith(options: AuthenticateWithOptions): RequestHandler {
  const nowSeconds = () => Math.floor(options.clock().getTime() / 1000);
  return authenticate(createTokenVerifier({ ...options, nowSeconds }));
}

/** Part 5 rule 3: only the given roles pass; others get 401 'Role Not Allowed'. */
export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!roles.includes(callerOf(req).role)) throw new RoleNotAllowedError();
    next();
  };
}

/** A CUSTOMER must hold `permission` through its subrole; ADMIN always passes. */
export function requirePermission(permission: string): RequestHandler {
  return (req, _res, next) => {
    const caller = callerOf(req);
    if (caller.role === 'CUSTOMER' && !caller.permissions.has(permission)) throw new PermissionDeniedError(permission);
    next();
  };
}

/** Whether `caller` may act on customer `customerId` (ADMIN: any; others: their own). */
export function canAccessCustomer(caller: AuthContext, customerId: string): boolean {
  return caller.role === 'ADMIN' || (caller.customerId !== null && caller.customerId === customerId);
}

/**
 * Whether `caller` may see the business `businessId` of customer `customerId` (both as stored: a
 * business belongs to one customer): an APPLICANT only the businesses of the invitations it
 * accepted, from any customers (its token has no customer, docs/adr/0010; a token that names one
 * is held to it), others as {@link canAccessCustomer}.
 */
export function canAccessBusiness(caller: AuthContext, customerId: string, businessId: string): boolean {
  if (caller.role === 'APPLICANT') return (caller.customerId === null || caller.customerId === customerId) && caller.businessIds.includes(businessId);
  return canAccessCustomer(caller, customerId);
}

/** Part 5 rule 4: the path's customer id must be the caller's own (ADMIN: any). */
export function requireTenant(param = 'customerID'): RequestHandler {
  return (req, _res, next) => {
    const value = req.params[param];
    if (typeof value !== 'string' || !canAccessCustomer(callerOf(req), value)) throw new TenantAccessDeniedError();
    next();
  };
}

/**
 * One declaration of who may call a route, giving both the guards that enforce it (authentication,
 * role, then each permission a CUSTOMER's subrole needs) and the `access` the route definition
 * documents: spread it into a route definition.
 */
export function access(
  authenticateRequest: RequestHandler,
  roles: readonly Role[],
  permissions: readonly string[] = [],
): { guards: RequestHandler[]; access: { roles: readonly Role[]; permissions: readonly string[] } } {
  return {
    guards: [authenticateRequest, requireRole(...roles), ...permissions.map((permission) => requirePermission(permission))],
    access: { roles, permissions },
  };
}

/**
 * What a caller is told about an id it may not see or that does not exist: an ADMIN, who may see
 * everything, learns it does not exist; anyone else gets the tenant refusal (403 `AccessMiddlewareError`, contract part 5.4) either way,
 * so another tenant's ids cannot be told from unknown ones.
 */
export function unseen(caller: AuthContext, notFound: Error): Error {
  return caller.role === 'ADMIN' ? notFound : new TenantAccessDeniedError();
}
