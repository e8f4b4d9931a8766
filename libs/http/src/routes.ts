import { Router, type RequestHandler } from 'express';
import { MethodNotAllowedError } from '@kyb/envelope';
import { validateRequest, type JsonSchema, type RequestSchemas } from '@kyb/validation';

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
   * The tenant, then the target's state (feature switches, limits): run after the schema, so a
   * caller learns nothing about another tenant and a malformed request is answered as such.
   */
  checks?: RequestHandler[];
  responses: Record<number, RouteResponse>;
  handler: RequestHandler;
}

/**
 * Registers route definitions on a new router. A known path asked with another method answers
 * 405 with `Allow`; `OPTIONS` answers 204 with `Allow`.
 */
export function buildRouter(routes: readonly RouteDefinition[]): Router {
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
