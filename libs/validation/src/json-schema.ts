/** A JSON Schema (draft 2020-12 subset that ajv and OpenAPI 3.1 share). */
export type JsonSchema = Record<string, unknown>;
