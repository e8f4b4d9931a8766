import type { RouteDefinition } from '@kyb/http';
import { strictObject, uuidParams } from '@kyb/validation';
import { buildOpenApiDocument, successEnvelope, withOpenApiRoute } from './document';

const routes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/customers/:customerID/users',
    summary: 'List users',
    tags: ['Users'],
    auth: true,
    access: { roles: ['ADMIN', 'CUSTOMER'], permissions: ['customer_user:read'] },
    schemas: {
      params: uuidParams('customerID'),
      query: strictObject({ page: { type: 'integer', minimum: 1 }, sort: { type: 'object', additionalProperties: false } }),
    },
    errors: { tenant: 'A customer' },
    responses: { 200: { description: 'OK', schema: successEnvelope({ type: 'object' }) } },
    handler: () => undefined,
  },
  {
    method: 'post',
    path: '/customer/sign-in',
    summary: 'Sign in',
    tags: ['Auth'],
    auth: false,
    schemas: { body: strictObject({ email: { type: 'string' } }, ['email']) },
    responses: { 200: { description: 'OK' } },
    handler: () => undefined,
  },
];

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument({ title: 'Auth', version: '1.0.0', serverUrl: '/auth/api/v1', routes }) as {
    openapi: string;
    servers: unknown;
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };

  it('describes each route at its OpenAPI path with the schemas that validate it', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/auth/api/v1' }]);
    const list = doc.paths['/customers/{customerID}/users'].get;
    expect(list.security).toEqual([{ bearerAuth: [] }]);
    expect(list.operationId).toBe('getCustomersCustomerIDUsers');
    expect(list.parameters).toEqual([
      { name: 'customerID', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
      { name: 'sort', in: 'query', required: false, schema: { type: 'object', additionalProperties: false }, style: 'deepObject', explode: true },
    ]);
    expect(list.responses).toMatchObject({
      '403': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
    });
    expect([list['x-roles'], list['x-permissions']]).toEqual([['ADMIN', 'CUSTOMER'], ['customer_user:read']]);
    const signIn = doc.paths['/customer/sign-in'].post;
    expect(signIn.security).toEqual([]);
    expect(signIn['x-roles']).toBeUndefined();
    expect(signIn.requestBody).toEqual({ required: true, content: { 'application/json': { schema: routes[1].schemas?.body } } });
  });

  it("documents a body the handler reads itself (an upload) under its own media type", () => {
    const schema = { type: 'object', properties: { files: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } } } };
    const upload: RouteDefinition = {
      method: 'post',
      path: '/lists/:list/versions',
      summary: 'Upload',
      tags: ['Lists'],
      auth: true,
      otherBody: { mediaType: 'multipart/form-data', schema, description: 'the files' },
      responses: { 202: { description: 'Queued' } },
      handler: () => undefined,
    };
    const built = buildOpenApiDocument({ title: 'T', version: '1', serverUrl: '/t', routes: [upload] }) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(built.paths['/lists/{list}/versions'].post.requestBody).toEqual({ required: true, description: 'the files', content: { 'multipart/form-data': { schema } } });
  });
});

describe('withOpenApiRoute', () => {
  it('adds GET /openapi.json whose document lists every route, itself included', () => {
    const all = withOpenApiRoute(routes, { title: 'T', version: '1', serverUrl: '/t/api/v1' });
    expect(all).toHaveLength(routes.length + 1);
    let sent: { paths: Record<string, unknown> } | undefined;
    all[all.length - 1].handler({} as never, { json: (body: typeof sent) => (sent = body) } as never, () => undefined);
    expect(Object.keys(sent!.paths)).toEqual(['/customers/{customerID}/users', '/customer/sign-in', '/openapi.json']);
  });
});

describe('standard error answers', () => {
  it('refuses a route that words one itself, naming the route and the statuses', () => {
    const own: RouteDefinition = { method: 'get', path: '/things', summary: 'Things', tags: ['Things'], auth: true, responses: { 200: { description: 'Things' }, 401: { description: 'No token' } }, handler: () => undefined };
    expect(() => buildOpenApiDocument({ title: 'T', version: '1', serverUrl: '/t/api/v1', routes: [own] })).toThrow('GET /things declares 401 in responses');
  });
});

describe('an idempotent route in the document', () => {
  const route: RouteDefinition = {
    method: 'post',
    path: '/customers/:customerID/things',
    summary: 'Create a thing',
    tags: ['Things'],
    auth: true,
    idempotent: true,
    schemas: { params: uuidParams('customerID'), body: strictObject({ name: { type: 'string' } }, ['name']) },
    errors: { tenant: 'A customer' },
    responses: { 200: { description: 'Created' } },
    handler: () => undefined,
  };
  const operation = () => {
    const document = buildOpenApiDocument({ title: 'T', version: '1', serverUrl: '/t/api/v1', routes: [route, { ...route, path: '/plain', idempotent: false }] }) as {
      paths: Record<string, { post: { parameters: Array<{ name: string; in: string }>; responses: Record<string, { description: string; headers?: object }> } }>;
    };
    return { idempotent: document.paths['/customers/{customerID}/things'].post, plain: document.paths['/plain'].post };
  };

  it('declares the Idempotency-Key header, the 409 and 422 answers, and Idempotent-Replayed on its successes', () => {
    const { idempotent, plain } = operation();
    expect(idempotent.parameters.filter((p) => p.in === 'header')).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]);
    expect(Object.keys(idempotent.responses)).toEqual(['200', '400', '401', '403', '409', '410', '422', '503']);
    expect(idempotent.responses['422'].description).toContain('IdempotencyKeyReusedError');
    expect(idempotent.responses['200'].headers).toHaveProperty('Idempotent-Replayed');
    expect(idempotent.responses['403'].headers).toBeUndefined();
    expect(plain.parameters.some((p) => p.in === 'header')).toBe(false);
    expect(Object.keys(plain.responses)).toEqual(['200', '400', '401', '403']);
    expect(plain.responses['403'].description).toBe('A customer of another tenant (AccessMiddlewareError)');
  });
});
