import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ValidationError } from '@kyb/envelope';
import { storableDateFormats } from './date-formats';
import type { JsonSchema } from './json-schema';
import { UUID_PATTERN } from './schemas';

export type { JsonSchema };

/**
 * ajv-formats, with dates and times narrowed to what JavaScript and PostgreSQL can hold
 * (date-formats.ts), and `uuid` to the bare form PostgreSQL's uuid type reads (ajv-formats also
 * takes `urn:uuid:<uuid>`, which PostgreSQL refuses).
 */
function configure(ajv: Ajv): Ajv {
  addFormats(ajv);
  for (const [name, format] of Object.entries(storableDateFormats)) ajv.addFormat(name, format);
  ajv.addFormat('uuid', UUID_PATTERN);
  return ajv;
}

/**
 * The suite's ajv configuration, created once per process. Bodies are validated strictly (a JSON
 * `"5"` is not a number); path and query values arrive as text, so their validator coerces them
 * to the declared types and fills declared defaults.
 */
const bodyAjv = configure(new Ajv({ allErrors: false, strict: true, strictRequired: false, allowUnionTypes: true }));
const textAjv = configure(
  new Ajv({ allErrors: false, strict: true, strictRequired: false, allowUnionTypes: true, coerceTypes: true, useDefaults: true }),
);

/** Where a value came from; used as the start of the error text ("body must have ..."). */
export type RequestPart = 'body' | 'query' | 'params';

/** Formats ajv's first error as the client-facing message, naming the offending property. */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined, part: RequestPart): string {
  const error = errors?.[0];
  if (!error) return `${part} is invalid`;
  const path = error.instancePath.replace(/\//g, '.');
  const subject = error.propertyName === undefined ? `${part}${path}` : `${part}${path} key '${error.propertyName}'`;
  let text = `${subject} ${error.message ?? 'is invalid'}`;
  if (error.keyword === 'additionalProperties') {
    text += `: '${String((error.params as { additionalProperty: string }).additionalProperty)}'`;
  }
  if (error.keyword === 'enum') {
    text += `: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  }
  return text;
}

/**
 * How a schema's owner words a failure that ajv's first error would not explain: under a `oneOf`,
 * ajv complains of the first branch (or of every branch), not of the one the value meant. Given the
 * value, ajv's errors and the part, it answers the message, or null to leave ajv's wording.
 */
export type FailureWording = (value: unknown, errors: readonly ErrorObject[], part: RequestPart) => string | null;

// Keyed by the schema object itself, so the schema stays plain JSON for the OpenAPI document.
const wordings = new WeakMap<JsonSchema, FailureWording>();

/**
 * Has `wording` describe the failures of `schema` for every validator and check compiled from this
 * very object (returned as it is); what the schema accepts does not change.
 */
export function wordFailures<S extends JsonSchema>(schema: S, wording: FailureWording): S {
  wordings.set(schema, wording);
  return schema;
}

/** The schema owner's words for a failed check, or null where it leaves them to ajv. */
function wordingOf(schema: JsonSchema, check: ValidateFunction, value: unknown, part: RequestPart): string | null {
  return wordings.get(schema)?.(value, check.errors ?? [], part) ?? null;
}

/** A compiled check that throws the contract's 400 `ValidationMiddlewareError` on failure. */
export interface Validator<T> {
  (value: unknown): T;
  readonly schema: JsonSchema;
}

/** Compiles `schema` once for a request part; the returned function validates (and, for text parts, coerces) in place. */
export function compileValidator<T>(schema: JsonSchema, part: RequestPart): Validator<T> {
  const ajv = part === 'body' ? bodyAjv : textAjv;
  const check: ValidateFunction = ajv.compile(schema);
  const validate = (value: unknown): T => {
    if (!check(value)) throw new ValidationError(wordingOf(schema, check, value, part) ?? describeErrors(check.errors, part));
    const infinite = nonFiniteProblem(value, part);
    if (infinite) throw new ValidationError(infinite.message);
    return value as T;
  };
  return Object.assign(validate, { schema });
}

/**
 * A text part's (query, params) value that coerced to Infinity (`month=1e400`), as both validators
 * report it: ajv's coercion reads it with Number() and lets it pass as an integer within its bounds,
 * and PostgreSQL or Date would refuse it later (a 500). Null when there is none.
 */
function nonFiniteProblem(value: unknown, part: RequestPart): SchemaProblem | null {
  const where = part === 'body' ? null : nonFiniteNumberIn(value);
  return where === null ? null : { message: `${part}${where} must be a finite number`, property: where.split('.')[1] ?? null };
}

/** The path of the first non-finite number in `value`, as `describeErrors` writes it (`.month`), or null. */
function nonFiniteNumberIn(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nonFiniteNumberIn(inner, `${path}.${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The first problem a value has against a schema, or null; for reporting rather than throwing. */
export interface SchemaProblem {
  message: string;
  /** The property at fault (the missing, extra or invalid one), when there is one. */
  property: string | null;
}

/** Compiles `schema` once; the returned function reports the first problem instead of throwing. */
export function compileCheck(schema: JsonSchema, part: RequestPart): (value: unknown) => SchemaProblem | null {
  const ajv = part === 'body' ? bodyAjv : textAjv;
  const check: ValidateFunction = ajv.compile(schema);
  return (value) => {
    if (check(value)) return nonFiniteProblem(value, part);
    const error = check.errors?.[0];
    const params = (error?.params ?? {}) as { missingProperty?: string; additionalProperty?: string };
    const fromPath = error?.instancePath.split('/').filter(Boolean)[0] ?? null;
    const worded = wordingOf(schema, check, value, part);
    // Worded, the message may speak of a place deeper than ajv's error: the property is the top-level one it is under.
    if (worded !== null) return { message: worded, property: fromPath ?? params.missingProperty ?? params.additionalProperty ?? null };
    return { message: describeErrors(check.errors, part), property: params.missingProperty ?? params.additionalProperty ?? fromPath };
  };
}
