import type { JsonSchema } from './json-schema';

/** A UUID string. */
export const uuidSchema: JsonSchema = { type: 'string', format: 'uuid' };

/** An email address. */
export const emailSchema: JsonSchema = { type: 'string', format: 'email', maxLength: 254 };

/** A path parameter object with the given UUID parameters, nothing else. */
export function uuidParams(...names: string[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, uuidSchema])),
    required: names,
    additionalProperties: false,
  };
}

/** A strict object: only the listed properties, these required. */
export function strictObject(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** A UUID in its bare, hyphenated form (what PostgreSQL's uuid type reads). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID (as the `uuid` format checks), for code that must not send anything else to SQL. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
