import type { Request, RequestHandler } from 'express';
import { ValidationError } from '@kyb/envelope';
import { unstorableTextIn } from './storable-text';
import { compileValidator, type JsonSchema } from './validator';

/** Schemas for the parts of a request; each is compiled once when the route is defined. */
export interface RequestSchemas {
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
}

/**
 * Refuses a request any part of which (path, query, body: JSON or text such as CSV) holds text
 * PostgreSQL cannot store, whether or not the route declares a schema for that part: such a value
 * would otherwise reach the database and fail there (a 500) or be stored altered.
 */
function refuseUnstorableText(req: Request): void {
  for (const [part, value] of [['params', req.params], ['query', req.query], ['body', req.body]] as const) {
    const problem = unstorableTextIn(value, part);
    if (problem) throw new ValidationError(problem);
  }
}

/**
 * Validates path, query and body against their schemas, after refusing text PostgreSQL cannot
 * store in any of them (schema or none). Query and path values are coerced to the declared types
 * and replace `req.query` / `req.params`, so handlers read typed values.
 */
export function validateRequest(schemas: RequestSchemas = {}): RequestHandler {
  const params = schemas.params && compileValidator(schemas.params, 'params');
  const query = schemas.query && compileValidator(schemas.query, 'query');
  const body = schemas.body && compileValidator(schemas.body, 'body');
  return (req, _res, next) => {
    refuseUnstorableText(req);
    if (params) params(req.params);
    if (query) {
      const value = { ...(req.query as object) };
      query(value);
      // Express 5 parses req.query anew on every read; shadow it with the validated copy.
      Object.defineProperty(req, 'query', { value, writable: true, configurable: true, enumerable: true });
    }
    if (body) body(req.body === undefined ? {} : req.body);
    next();
  };
}
