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
function refuseUnstorableText(req: Request, query: unknown): void {
  for (const [part, value] of [['params', req.params], ['query', query], ['body', req.body]] as const) {
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
    // Express 5 parses the query string anew on every read of req.query (some 10 µs for a list's): read once here,
    // and shadowed below with what was read (the validated copy under a schema), so later reads parse nothing.
    const parsed = req.query;
    refuseUnstorableText(req, parsed);
    if (params) params(req.params);
    const value = query ? { ...(parsed as object) } : parsed;
    if (query) query(value);
    Object.defineProperty(req, 'query', { value, writable: true, configurable: true, enumerable: true });
    if (body) body(req.body === undefined ? {} : req.body);
    next();
  };
}
