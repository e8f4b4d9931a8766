import type { RequestHandler } from 'express';
import { compileValidator, type JsonSchema } from './validator';

/** Schemas for the parts of a request; each is compiled once when the route is defined. */
export interface RequestSchemas {
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
}

/**
 * Validates path, query and body against their schemas. Query and path values are coerced to the
 * declared types and replace `req.query` / `req.params`, so handlers read typed values.
 */
export function validateRequest(schemas: RequestSchemas): RequestHandler {
  const params = schemas.params && compileValidator(schemas.params, 'params');
  const query = schemas.query && compileValidator(schemas.query, 'query');
  const body = schemas.body && compileValidator(schemas.body, 'body');
  return (req, _res, next) => {
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
