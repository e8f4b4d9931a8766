/** A JSON Schema (draft 2020-12 subset that ajv and OpenAPI 3.1 share). */
export type JsonSchema = Record<string, unknown>;

declare const declaredData: unique symbol;

/**
 * A schema that carries the type of the data it accepts, declared rather than derived: for a
 * schema whose type cannot be derived from its literal (built at run time from a table, say).
 */
export type SchemaOf<T> = JsonSchema & { readonly [declaredData]?: T };

/** Declares the type of the data `schema` accepts; say where it is used why it is not derived. */
export function schemaOf<T>(schema: JsonSchema): SchemaOf<T> {
  return schema;
}
