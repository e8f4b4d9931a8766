import { STANDARD_ERROR_STATUSES, standardErrors, type RouteDefinition, type RouteResponse } from '@kyb/http';
import type { JsonSchema } from '@kyb/validation';

/** Options of {@link buildOpenApiDocument}. */
export interface OpenApiOptions {
  title: string;
  version: string;
  description?: string;
  /** The area prefix, e.g. `/auth/api/v1`; paths in the document are relative to it. */
  serverUrl: string;
  routes: readonly RouteDefinition[];
}

/** The failure envelope of part 7. */
export const errorEnvelopeSchema: JsonSchema = {
  type: 'object',
  required: ['status', 'message', 'data'],
  properties: {
    status: { type: 'string', enum: ['fail', 'error'] },
    message: { type: 'string' },
    errorCode: { type: ['string', 'null'] },
    data: { type: 'object', required: ['errorName'], properties: { errorName: { type: 'string' } } },
  },
};

/** Wraps a payload schema in the success envelope. */
export function successEnvelope(data: JsonSchema, message?: string): JsonSchema {
  return {
    type: 'object',
    required: ['status', 'message', 'data'],
    properties: {
      status: { type: 'string', const: 'success' },
      message: message ? { type: 'string', example: message } : { type: 'string' },
      data,
    },
  };
}

function toOpenApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(route: RouteDefinition): object[] {
  const list: object[] = [];
  for (const location of ['params', 'query'] as const) {
    const schema = route.schemas?.[location] as { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      const isObject = property.type === 'object';
      list.push({
        name,
        in: location === 'params' ? 'path' : 'query',
        required: location === 'params' || (schema?.required ?? []).includes(name),
        schema: property,
        ...(isObject ? { style: 'deepObject', explode: true } : {}),
      });
    }
  }
  if (route.idempotent) list.push(IDEMPOTENCY_KEY_PARAMETER);
  return list;
}

/** The header an idempotent route honours (IETF draft `Idempotency-Key`). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A key of your choosing (1 to 255 visible ASCII characters, for example a UUID) that makes a retry safe: for 24 hours, the same request with the same key gets the first successful answer again, with `Idempotent-Replayed: true`, and does nothing; the key with another request, on any route of any area, answers 422; a repeat while the first runs answers 409. An error answer is not kept: the request may be retried with its key. A dry run (`dry_run=true`) neither uses nor checks a key. Keys are your tenant\'s.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** What an idempotent route answers besides its own responses. */
const IDEMPOTENCY_RESPONSES: Record<number, { description: string }> = {
  409: { description: 'A request with this Idempotency-Key is still being processed (IdempotencyKeyInUseError)' },
  410: { description: 'The request with this Idempotency-Key was done, but the answer kept for it was erased with the personal data it held (IdempotencyAnswerErasedError)' },
  422: { description: 'This Idempotency-Key was used with a different request (IdempotencyKeyReusedError)' },
};

/** Refuses a route that words a standard error itself: its cases go in `errors` (docs/adr/0054). */
function checkOwnAnswers(route: RouteDefinition): void {
  const worded = STANDARD_ERROR_STATUSES.filter((status) => status in route.responses);
  if (worded.length > 0) {
    throw new Error(`${route.method.toUpperCase()} ${route.path} declares ${worded.join(', ')} in responses: state its cases in errors (standardErrors words them)`);
  }
}

function responses(route: RouteDefinition): Record<string, object> {
  checkOwnAnswers(route);
  const all: Record<number, RouteResponse> = { ...standardErrors(route), ...route.responses };
  const declared = Object.entries(all).map(([status, response]) => [
    status,
    {
      description: response.description,
      ...(route.idempotent && Number(status) < 400
        ? { headers: { 'Idempotent-Replayed': { description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key', schema: { type: 'string', enum: ['true'] } } } }
        : {}),
      content: {
        'application/json': { schema: response.schema ?? (Number(status) >= 400 ? { $ref: '#/components/schemas/ErrorEnvelope' } : {}) },
      },
    },
  ]);
  const added = route.idempotent
    ? Object.entries(IDEMPOTENCY_RESPONSES)
        .filter(([status]) => !(Number(status) in route.responses))
        .map(([status, response]) => [status, { ...response, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } }])
    : [];
  return Object.fromEntries([...declared, ...added].sort(([a], [b]) => Number(a) - Number(b)));
}

/**
 * Builds an area's OpenAPI 3.1 document from the same route definitions (and so the same
 * schemas) that validate its requests.
 */
export function buildOpenApiDocument(options: OpenApiOptions): Record<string, unknown> {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of options.routes) {
    const path = toOpenApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = {
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: route.tags,
      operationId: `${route.method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      security: route.auth ? [{ bearerAuth: [] }] : [],
      ...(route.access ? { 'x-roles': [...route.access.roles], 'x-permissions': [...route.access.permissions] } : {}),
      parameters: parameters(route),
      ...(route.schemas?.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: route.schemas.body } } } }
        : route.otherBody
          ? { requestBody: { required: true, ...(route.otherBody.description ? { description: route.otherBody.description } : {}), content: { [route.otherBody.mediaType]: { schema: route.otherBody.schema } } } }
          : {}),
      responses: responses(route),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, ...(options.description ? { description: options.description } : {}) },
    servers: [{ url: options.serverUrl }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorEnvelope: errorEnvelopeSchema },
    },
  };
}

/**
 * The area's routes plus `GET /openapi.json`, which serves the document of all of them
 * (itself included). Every area serves its document this way.
 */
export function withOpenApiRoute(routes: readonly RouteDefinition[], info: Omit<OpenApiOptions, 'routes'>): RouteDefinition[] {
  const all: RouteDefinition[] = [...routes];
  all.push({
    method: 'get',
    path: '/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tags: ['Meta'],
    auth: false,
    responses: { 200: { description: 'OpenAPI 3.1 document', schema: { type: 'object' } } },
    handler: (_req, res) => {
      res.json(document);
    },
  });
  const document = buildOpenApiDocument({ ...info, routes: all });
  return all;
}
