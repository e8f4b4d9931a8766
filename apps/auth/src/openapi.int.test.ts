import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { startAuthTestApp, type AuthTestApp } from './test-support/auth-test-app';

// A copy of ../shared/reference/openapi/auth.json: the published document, trimmed to the contract.
const reference = JSON.parse(readFileSync(join(__dirname, 'test-support/samples/openapi-auth.reference.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};

interface Operation {
  security: unknown[];
  parameters: Array<{ name: string; in: string }>;
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

  it('describes every operation of the published document with the same method', () => {
    for (const [path, operations] of Object.entries(reference.paths)) {
      for (const method of Object.keys(operations)) {
        expect(`${method} ${path}: ${Boolean(doc.paths[path]?.[method])}`).toBe(`${method} ${path}: true`);
      }
    }
  });

  it('describes every route the app serves, with its security and parameters', () => {
    for (const route of t.area.routes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = doc.paths[path][route.method];
      expect(operation.security).toEqual(route.auth ? [{ bearerAuth: [] }] : []);
      for (const name of path.match(/\{([^}]+)\}/g) ?? []) {
        expect(operation.parameters).toContainEqual(expect.objectContaining({ name: name.slice(1, -1), in: 'path' }));
      }
    }
  });

  it('documents the E8 body with the schema that validates it: email, password, nothing else', () => {
    const schema = doc.paths['/customer/sign-in'].post.requestBody!.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(['email', 'password']);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(doc.paths['/customers/{customerID}/users'].get.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });
});
