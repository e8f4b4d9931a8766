import { routesOfDocument, type MatrixRoute, type OpenApiDocument } from '../tenant-matrix/route-access';
import type { Schema } from './schema-arbitrary';

/** One query parameter as the document describes it. */
export interface QueryParameter {
  name: string;
  required: boolean;
  schema: Schema;
}

/** A route with what the fuzzer generates from and judges by: its schemas, as its area publishes them. */
export interface FuzzRoute extends MatrixRoute {
  /** The path parameters as one object, every one required and nothing else (as `uuidParams` builds them). */
  paramsSchema?: Schema;
  query: QueryParameter[];
  /**
   * The query as one object. The document lists query parameters one by one; the suite builds
   * every query schema as a strict object (`strictObject`, `listQuerySchema`), so unknown names are
   * refused. Cross-parameter rules (`dependencies`, e.g. E10's year with month) are not in the
   * document, so the oracle is the more permissive there.
   */
  querySchema?: Schema;
  /** The JSON body schema (`requestBody`), when the route validates one. */
  bodySchema?: Schema;
  /** Whether its 2xx answers are the success envelope (not a raw document, key set or PDF). */
  envelope: boolean;
}

interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

function isEnvelope(operation: Operation): boolean {
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
    .some(([, response]) => {
      const properties = response.content?.['application/json']?.schema?.properties as Record<string, Schema> | undefined;
      return properties?.status?.const === 'success';
    });
}

/** Reads every route of one area's OpenAPI document with its schemas. */
export function fuzzRoutesOf(document: OpenApiDocument): FuzzRoute[] {
  const prefix = document.servers[0].url;
  return routesOfDocument(document).map((route) => {
    const operation = document.paths[route.path.slice(prefix.length)][route.method] as Operation;
    const parameters = operation.parameters ?? [];
    const path = parameters.filter((p) => p.in === 'path');
    const query = parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: p.required === true, schema: p.schema }));
    const strict = (list: Array<{ name: string; required?: boolean; schema: Schema }>, all: boolean): Schema => ({
      type: 'object',
      properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
      required: list.filter((p) => all || p.required).map((p) => p.name),
      additionalProperties: false,
    });
    return {
      ...route,
      paramsSchema: path.length > 0 ? strict(path, true) : undefined,
      query,
      querySchema: query.length > 0 ? strict(query, false) : undefined,
      bodySchema: operation.requestBody?.content['application/json']?.schema,
      envelope: isEnvelope(operation),
    };
  });
}
