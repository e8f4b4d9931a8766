import { Router, type RequestHandler } from 'express';
import { MethodNotAllowedError } from '@kyb/envelope';
import { validateRequest, type JsonSchema, type RequestSchemas } from '@kyb/validation';
import type { ErrorCases } from './standard-errors';

/** HTTP methods a route may declare. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One documented response of a route. */
export interface RouteResponse {
  description: string;
  schema?: JsonSchema;
}

/** The roles that may call a route and the permissions a CUSTOMER's subrole needs for it. */
export interface RouteAccess {
  roles: readonly string[];
  permissions: readonly string[];
}

/**
 * One operation, defined once: the same object registers the Express handlers (in the order
 * guards, validation, checks, handler) and produces the OpenAPI operation.
 */
export interface RouteDefinition {
  method: HttpMethod;
  /** Express 5 path relative to the area prefix, e.g. `/customers/:customerID/users`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Whether the operation needs `Authorization: Bearer <token>`. */
  auth: boolean;
  /**
   * Who may call it, as declared next to the guards that enforce it (`access()` of `@kyb/auth`
   * makes both from one declaration); shown in the OpenAPI document as `x-roles` and `x-permissions`.
   */
  access?: RouteAccess;
  /** Authentication, role and permission: run first, before the request's schema is checked. */
  guards?: RequestHandler[];
  schemas?: RequestSchemas;
  /**
   * A body that is not JSON, read by the handler itself (a `multipart/form-data` upload): its media
   * type and schema for the OpenAPI document. `schemas.body` is for JSON bodies only.
   */
  otherBody?: { mediaType: string; schema: JsonSchema; description?: string };
  /**
   * The tenant, then the target's state (feature switches, limits): run after the schema, so a
   * caller learns nothing about another tenant and a malformed request is answered as such.
   */
  checks?: RequestHandler[];
  /** What the route answers besides its standard errors: its successes and errors of its own (409, 410, 413, 422...). */
  responses: Record<number, RouteResponse>;
  /** The route's own cases of the standard errors (400, 401, 403, 404, 429, 503), worded by `standardErrors`. */
  errors?: ErrorCases;
  /**
   * A POST that creates or starts something: honours `Idempotency-Key` (a repeat gets the first
   * answer again and does nothing). Needs `auth` (keys are the caller's tenant's) and an area that
   * keeps an idempotency store.
   */
  idempotent?: boolean;
  /**
   * The route answers for an erased tenant itself (docs/adr/0043): the audit chain, which erasure
   * keeps, and the erasure, which a retry answers as it first did. Every other route answers 410 for one.
   */
  answersErasedTenants?: boolean;
  handler: RequestHandler;
}

/** What {@link buildRouter} adds to the routes' own handlers. */
export interface BuildRouterOptions {
  /** Run on idempotent routes after the request is validated, before the checks (the area's `idempotencyGuard`). */
  idempotency?: RequestHandler;
  /**
   * Run on every route after the request is validated, before idempotency and the checks: answers
   * 410 where the path names something of an erased tenant the caller may see (docs/adr/0043).
   */
  tenantGone?: RequestHandler;
}

/** The idempotency guard of an idempotent route; a route that cannot honour the header is a mistake of its area. */
function idempotencyOf(route: RouteDefinition, options: BuildRouterOptions): RequestHandler {
  const name = `${route.method.toUpperCase()} ${route.path}`;
  if (route.method !== 'post' || !route.auth) throw new Error(`${name}: only an authenticated POST can be idempotent`);
  if (!options.idempotency) throw new Error(`${name} is idempotent, but its area keeps no idempotency store`);
  return options.idempotency;
}

/**
 * Registers route definitions on a new router. A known path asked with another method answers
 * 405 with `Allow`; `OPTIONS` answers 204 with `Allow`.
 */
export function buildRouter(routes: readonly RouteDefinition[], options: BuildRouterOptions = {}): Router {
  const router = Router();
  const byPath = new Map<string, RouteDefinition[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);

  for (const [path, definitions] of byPath) {
    const expressRoute = router.route(path);
    const allowed = definitions.map((d) => d.method.toUpperCase());
    if (allowed.includes('GET')) allowed.push('HEAD');
    allowed.push('OPTIONS');
    for (const definition of definitions) {
      const chain: RequestHandler[] = [...(definition.guards ?? [])];
      // Always: besides the declared schemas, it refuses text PostgreSQL cannot store in any part of any request.
      chain.push(validateRequest(definition.schemas));
      if (options.tenantGone && !definition.answersErasedTenants) chain.push(options.tenantGone);
      if (definition.idempotent) chain.push(idempotencyOf(definition, options));
      chain.push(...(definition.checks ?? []), definition.handler);
      expressRoute[definition.method](...chain);
    }
    expressRoute.options((_req, res) => {
      res.set('Allow', allowed.join(', ')).status(204).end();
    });
    expressRoute.all((_req, _res, next) => next(new MethodNotAllowedError(allowed)));
  }
  return router;
}
