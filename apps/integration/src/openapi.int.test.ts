import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { startIntegrationTestApp, type IntegrationTestApp } from './test-support/integration-test-app';

const sample = (name: string) => JSON.parse(readFileSync(join(__dirname, 'test-support/samples', name), 'utf8'));

type Operation = { parameters?: Array<{ name: string; in: string }>; responses: Record<string, { content: { 'application/json': { schema: object } } }> };

describe('the integration area OpenAPI document', () => {
  let t: IntegrationTestApp;
  let doc: { openapi: string; info: { version: string }; servers: Array<{ url: string }>; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    doc = (await request(t.app).get('/integration/api/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('describes every route the app serves, as version 1.0 under its prefix', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0');
    expect(doc.servers).toEqual([{ url: '/integration/api/v1' }]);
    for (const route of t.area.routes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(`${route.method} ${path}: ${Boolean(doc.paths[path]?.[route.method])}`).toBe(`${route.method} ${path}: true`);
    }
  });

  it.each([
    ['/business/{businessID}/public-records', 'get', 'public-records.response.200.json'],
    ['/facts/business/{businessId}/bjl', 'get', 'bjl-facts.response.200.json'],
  ])('%s: the published 200 sample satisfies the documented response schema', (path, method, file) => {
    const operation = doc.paths[path][method];
    expect(operation.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: path.match(/\{(\w+)\}/)![1] }));
    const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
    const validate = ajv.compile(operation.responses['200'].content['application/json'].schema);
    expect(validate(sample(file)) ? [] : validate.errors).toEqual([]);
  });
});
