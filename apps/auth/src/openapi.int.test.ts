import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { operationGaps, operationsOf, type OpenApiDocumentLike } from '@kyb/testing';
import { startAuthTestApp, type AuthTestApp } from './test-support/auth-test-app';

// A copy of ../shared/reference/openapi/auth.json: the published document, trimmed to the contract.
const reference = JSON.parse(readFileSync(join(__dirname, 'test-support/samples/openapi-auth.reference.json'), 'utf8')) as OpenApiDocumentLike;

interface Operation {
  requestBody?: { content: { 'application/json': { schema: { properties: Record<string, unknown>; additionalProperties: boolean } } } };
  responses: Record<string, unknown>;
}

describe('the auth area OpenAPI document', () => {
  let t: AuthTestApp;
  let doc: { openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    t = await startAuthTestApp();
    doc = (await request(t.app).get('/auth/api/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 served relative to the area prefix', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/auth/api/v1' }]);
  });

  it('describes every published operation with its parameters, success status and security', () => {
    expect(operationsOf(reference).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'post /customer/sign-in',
      'post /admin/sign-in',
      'post /refresh-token/customer',
      'post /customer/logout',
      'get /customers/{customerID}/users',
    ]);
    // E2's published free-form `query` object (style form, exploded) is matched by the list's own
    // query parameters; ARCHITECTURE.md names them for every list.
    expect(operationGaps(doc, operationsOf(reference))).toEqual([]);
  });

  it('describes the list parameters of E2 that ARCHITECTURE.md gives every list', () => {
    const list = { name: '', in: 'query', required: false } as const;
    expect(
      operationGaps(doc, [
        {
          method: 'get',
          path: '/customers/{customerID}/users',
          parameters: [
            { ...list, name: 'page', type: 'integer' },
            { ...list, name: 'items_per_page', type: 'integer' },
            { ...list, name: 'pagination', type: 'boolean' },
            { ...list, name: 'sort', type: 'object' },
            { ...list, name: 'filter', type: 'object' },
            { ...list, name: 'search', type: 'object' },
          ],
          success: ['200'],
        },
      ]),
    ).toEqual([]);
  });

  it('documents the E8 body with the schema that validates it: email, password, nothing else', () => {
    const schema = doc.paths['/customer/sign-in'].post.requestBody!.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(['email', 'password']);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(doc.paths['/customers/{customerID}/users'].get.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });
});
