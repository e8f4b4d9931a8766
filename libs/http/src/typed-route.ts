import type { Request, Response } from 'express';
import type { FromSchema, FromSchemaDefaultOptions, FromSchemaOptions, JSONSchema } from 'json-schema-to-ts';
import type { JsonSchema, SchemaOf } from '@kyb/validation';
import type { RouteDefinition } from './routes';

/**
 * The name code uses for a path parameter: the contract spells some `businessID`, others
 * `businessId`; handlers always read the `Id` spelling.
 */
export type CodeName<Name extends string> = Name extends `${infer Stem}ID` ? `${Stem}Id` : Name;

/** The runtime side of {@link CodeName}. */
export function codeName(name: string): string {
  return name.endsWith('ID') ? `${name.slice(0, -2)}Id` : name;
}

/**
 * A schema as declared on a route: its literal type, or undefined where the part has none. (Not
 * constrained to FromSchema's JSONSchema: inferring against that recursive type is too deep.)
 */
type DeclaredSchema = JsonSchema | undefined;

/** The type a schema declares with `schemaOf` (of @kyb/validation), or unknown. */
type Declared<S> = S extends SchemaOf<infer T> ? T : unknown;

/** The data a schema accepts: declared with `schemaOf`, else derived from its literal type (unknown if it has none). */
type DataOf<S, Options extends FromSchemaOptions> = unknown extends Declared<S> ? (S extends JSONSchema ? FromSchema<S, Options> : unknown) : Declared<S>;

/**
 * Path and query values after validation: ajv has coerced them to the declared types and filled
 * the declared defaults, so a defaulted property is always there. Without a schema: nothing.
 */
type TextPart<S extends DeclaredSchema> = S extends undefined ? Record<string, never> : DataOf<S, FromSchemaDefaultOptions>;

/** The body: validated without defaults being filled, so defaulted properties stay optional. */
type BodyPart<S extends DeclaredSchema> = S extends undefined ? unknown : DataOf<S, { keepDefaultedPropertiesOptional: true }>;

/** The path parameters, each under its code name. */
type ParamsPart<S extends DeclaredSchema> = { [K in keyof TextPart<S> as K extends string ? CodeName<K> : K]: TextPart<S>[K] };

/** What a typed handler receives besides the request: its validated parts, typed from their schemas. */
export interface RouteInput<P extends DeclaredSchema, Q extends DeclaredSchema, B extends DeclaredSchema> {
  params: ParamsPart<P>;
  query: TextPart<Q>;
  body: BodyPart<B>;
}

/** A route definition whose handler gets the request's parts typed from the route's schemas. */
export interface TypedRouteDefinition<P extends DeclaredSchema, Q extends DeclaredSchema, B extends DeclaredSchema>
  extends Omit<RouteDefinition, 'schemas' | 'handler'> {
  schemas?: { params?: P; query?: Q; body?: B };
  /**
   * Runs after guards, validation and checks; `input` holds the validated params, query and body.
   * (NoInfer: the schemas alone fix the types; inferring from the handler too is too deep for tsc.)
   */
  handler: (req: Request, res: Response, input: NoInfer<RouteInput<P, Q, B>>) => unknown;
}

/**
 * Defines a route whose handler reads params, query and body typed from the declared schemas
 * (which must keep their literal types: `as const`, or the builders of `@kyb/validation`). The
 * result is an ordinary {@link RouteDefinition}, so routers, `buildRouter` and the OpenAPI document
 * see the schemas and path exactly as declared.
 */
export function defineRoute<const P extends DeclaredSchema = undefined, const Q extends DeclaredSchema = undefined, const B extends DeclaredSchema = undefined>(
  route: TypedRouteDefinition<P, Q, B>,
): RouteDefinition {
  const { handler, schemas, ...rest } = route;
  return {
    ...rest,
    ...(schemas ? { schemas } : {}),
    handler: (req, res) => {
      const params = Object.fromEntries(Object.entries(req.params).map(([name, value]) => [codeName(name), value]));
      // A missing body was validated as `{}` (validateRequest), so the handler gets that.
      const body: unknown = schemas?.body !== undefined && req.body === undefined ? {} : req.body;
      // The casts state what validateRequest has just checked against these same schemas.
      const input = { params, query: req.query, body } as unknown as RouteInput<P, Q, B>;
      return handler(req, res, input);
    },
  };
}
