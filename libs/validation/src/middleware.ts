import type { RequestHandler } from 'express';
import { ValidationError } from '@kyb/envelope';
import { compileValidator, type JsonSchema } from './validator';

/** Whether any string (key or value) inside `value` holds a NUL character, which PostgreSQL text cannot store. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner, depth + 1));
}

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
      if (containsNul(req.query)) throw new ValidationError('query must not contain NUL characters');
      const value = { ...(req.query as object) };
      query(value);
      // Express 5 parses req.query anew on every read; shadow it with the validated copy.
      Object.defineProperty(req, 'query', { value, writable: true, configurable: true, enumerable: true });
    }
    if (body) {
      if (containsNul(req.body)) throw new ValidationError('body must not contain NUL characters');
      body(req.body === undefined ? {} : req.body);
    }
    next();
  };
}
