import type { Caller } from './matrix-world';

/** One operation of an area's OpenAPI document, with the access it declares. */
export interface MatrixRoute {
  /** `METHOD /<area prefix><path>`, e.g. `GET /case/api/v1/businesses/{businessID}`. */
  key: string;
  method: string;
  path: string;
  /** Whether it needs a bearer token (`security`). */
  auth: boolean;
  /** `x-roles`; an authenticated route that declares none is open to every role. */
  roles: string[];
  /** `x-permissions`: what a CUSTOMER's subrole must hold. */
  permissions: string[];
  /** Its path parameters, in path order: every one names something of a tenant. */
  params: string[];
  /** Whether it declares the `Idempotency-Key` header. */
  idempotent: boolean;
}

/** What one call must answer: one of the route's success statuses, or exactly this error. */
export type Expected =
  | { kind: 'ok' }
  | { kind: 'error'; status: number; errorCode: string; errorName: string; message: string };

const ALL_ROLES = ['ADMIN', 'CUSTOMER', 'APPLICANT'];
const OK: Expected = { kind: 'ok' };
const error = (status: number, errorCode: string, errorName: string, message: string): Expected => ({ kind: 'error', status, errorCode, errorName, message });

/** Part 5.4: the answer to anything of a tenant the caller may not see, whether it exists or not. */
export const NOT_YOURS = error(403, 'UNAUTHORIZED', 'AccessMiddlewareError', 'You are not allowed to access the data.');

/** The parts of an OpenAPI document the matrix reads. */
export interface OpenApiDocument {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

/** Reads the routes of one area's OpenAPI document. */
export function routesOfDocument(document: OpenApiDocument): MatrixRoute[] {
  const prefix = document.servers[0].url;
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${prefix}${path}`,
      method,
      path: `${prefix}${path}`,
      auth: ((operation.security as unknown[] | undefined) ?? []).length > 0,
      roles: (operation['x-roles'] as string[] | undefined) ?? ALL_ROLES,
      permissions: (operation['x-permissions'] as string[] | undefined) ?? [],
      params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
      idempotent: ((operation.parameters as Array<{ name: string; in: string }> | undefined) ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
    })),
  );
}

/**
 * The answer the order of checks (ARCHITECTURE.md 5) gives `caller` on `route` naming tenant A's
 * resources: authentication, role, permission, (schema), tenant, then the target. A public route
 * answers every caller alike.
 */
export function expectedAnswer(route: MatrixRoute, caller: Caller): Expected {
  if (!route.auth) return OK;
  if (caller.credential === 'none') return error(401, 'UNAUTHENTICATED', 'AuthenticationMiddlewareError', 'Authorization header not present');
  if (caller.credential !== 'live') return error(401, 'UNAUTHENTICATED', 'TokenExpiredError', 'User Session Expired');
  if (!caller.role || !route.roles.includes(caller.role)) return error(401, 'UNAUTHORIZED', 'RoleMiddlewareError', 'Role Not Allowed');
  if (caller.role === 'CUSTOMER' && route.permissions.some((p) => !caller.permissions.includes(p))) {
    return error(403, 'UNAUTHORIZED', 'PermissionMiddlewareError', 'You do not have permission to perform this action.');
  }
  if (route.params.length > 0 && caller.relation === 'foreign') return NOT_YOURS;
  return OK;
}

/**
 * The answer when the route's first path parameter is not a UUID: the schema runs after
 * authentication, role and permission and before the tenant, so a caller who got that far is
 * told the request is malformed, whoever's tenant it names.
 */
export function expectedForMalformed(route: MatrixRoute, caller: Caller): Expected {
  const answer = expectedAnswer(route, caller);
  if (answer.kind === 'error' && answer !== NOT_YOURS) return answer;
  return error(400, 'INVALID', 'ValidationMiddlewareError', `params.${route.params[0]} must match format "uuid"`);
}
