import type { JsonSchema } from './json-schema';

/*
 * Request schemas keep their literal types (`as const`, const type parameters), so the route
 * definition can derive the types of params, query and body from them (defineRoute of @kyb/http).
 */

/** A UUID string. */
export const uuidSchema = { type: 'string', format: 'uuid' } as const;

/** An email address. */
export const emailSchema = { type: 'string', format: 'email', maxLength: 254 } as const;

/** A strict object schema with properties `P`, of which `R` are required. */
export type StrictObjectSchema<P extends Record<string, JsonSchema>, R extends readonly string[]> = {
  readonly type: 'object';
  readonly properties: P;
  readonly required: R;
  readonly additionalProperties: false;
};

/** A path parameter object with the given UUID parameters, nothing else. */
export function uuidParams<const N extends readonly string[]>(
  ...names: N
): StrictObjectSchema<{ readonly [K in N[number]]: typeof uuidSchema }, N> {
  const properties = Object.fromEntries(names.map((name) => [name, uuidSchema])) as { [K in N[number]]: typeof uuidSchema };
  return { type: 'object', properties, required: names, additionalProperties: false };
}

/** A strict object: only the listed properties, these required. */
export function strictObject<const P extends Record<string, JsonSchema>, const R extends readonly (keyof P & string)[] = []>(
  properties: P,
  required?: R,
): StrictObjectSchema<P, R> {
  // Without `required`, R is its default: no property is required.
  return { type: 'object', properties, required: required ?? ([] as readonly string[] as R), additionalProperties: false };
}

/** A UUID in its bare, hyphenated form (what PostgreSQL's uuid type reads). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID (as the `uuid` format checks), for code that must not send anything else to SQL. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
