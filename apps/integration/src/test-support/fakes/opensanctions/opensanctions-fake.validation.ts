import type { FakeAnswer, FakeRequest } from '../../fake-vendor';

/*
 * How the fake refuses a malformed `POST /match/{dataset}`, as FastAPI does before yente's handler
 * runs: 422 with `{"detail": [ValidationError]}`, each `{type, loc, msg, input, ctx?}` (the hosted
 * OpenAPI document's HTTPValidationError; the texts are pydantic 2's). The query parameters are
 * those of the hosted OpenAPI document, `limit` at most 500 (yente's MAX_MATCHES).
 */

/** One validation error, as FastAPI writes it. */
export interface ValidationError {
  type: string;
  loc: Array<string | number>;
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** A valid body: the queries, each with its schema and properties. */
export interface MatchBody {
  queries: Record<string, { id?: unknown; schema: string; properties: Record<string, unknown> }>;
}

/** The query parameters read, defaults as the hosted OpenAPI document gives them. */
export interface MatchParams {
  limit: number;
  threshold: number;
  cutoff: number;
  algorithm: string;
}

const invalid = (errors: ValidationError[]): FakeAnswer => ({ status: 422, body: { detail: errors } });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function numberParam(query: URLSearchParams, name: string, fallback: number, integer: boolean, errors: ValidationError[]): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    errors.push(
      integer
        ? { type: 'int_parsing', loc: ['query', name], msg: 'Input should be a valid integer, unable to parse string as an integer', input: raw }
        : { type: 'float_parsing', loc: ['query', name], msg: 'Input should be a valid number, unable to parse string as a number', input: raw },
    );
  }
  return value;
}

/** The parameters, or the 422 of those that do not parse. */
export function matchParams(request: FakeRequest): MatchParams | FakeAnswer {
  const errors: ValidationError[] = [];
  const limit = numberParam(request.query, 'limit', 5, true, errors);
  if (errors.length === 0 && limit > 500) errors.push({ type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 500', input: request.query.get('limit'), ctx: { le: 500 } });
  const threshold = numberParam(request.query, 'threshold', 0.7, false, errors);
  const cutoff = numberParam(request.query, 'cutoff', 0.7, false, errors);
  return errors.length > 0 ? invalid(errors) : { limit, threshold, cutoff, algorithm: request.query.get('algorithm') ?? 'best' };
}

/** The body, or the 422 FastAPI answers for it: not JSON, no `queries`, a query without its schema or properties. */
export function matchBody(text: string): MatchBody | FakeAnswer {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    return invalid([{ type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {}, ctx: { error: (err as Error).message } }]);
  }
  if (!isObject(body)) return invalid([{ type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input: body }]);
  if (!('queries' in body)) return invalid([{ type: 'missing', loc: ['body', 'queries'], msg: 'Field required', input: body }]);
  if (!isObject(body.queries)) return invalid([{ type: 'dict_type', loc: ['body', 'queries'], msg: 'Input should be a valid dictionary', input: body.queries }]);
  const errors: ValidationError[] = [];
  for (const [id, query] of Object.entries(body.queries)) {
    if (!isObject(query)) {
      errors.push({ type: 'model_attributes_type', loc: ['body', 'queries', id], msg: 'Input should be a valid dictionary or object to extract fields from', input: query });
      continue;
    }
    if (query.schema === undefined) errors.push({ type: 'missing', loc: ['body', 'queries', id, 'schema'], msg: 'Field required', input: query });
    else if (typeof query.schema !== 'string') errors.push({ type: 'string_type', loc: ['body', 'queries', id, 'schema'], msg: 'Input should be a valid string', input: query.schema });
    if (query.properties === undefined) errors.push({ type: 'missing', loc: ['body', 'queries', id, 'properties'], msg: 'Field required', input: query });
    else if (!isObject(query.properties)) errors.push({ type: 'dict_type', loc: ['body', 'queries', id, 'properties'], msg: 'Input should be a valid dictionary', input: query.properties });
  }
  return errors.length > 0 ? invalid(errors) : (body as unknown as MatchBody);
}
