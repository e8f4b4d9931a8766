import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { startCaseTestApp, type CaseTestApp } from './test-support/case-test-app';

// A copy of ../shared/reference/openapi/case.json: the published document, trimmed to the contract.
const reference = JSON.parse(readFileSync(join(__dirname, 'test-support/samples/openapi-case.reference.json'), 'utf8')) as {
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
};

describe('the case area OpenAPI document', () => {
  let t: CaseTestApp;
  let doc: { openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string }> }>> };
  beforeAll(async () => {
    t = await startCaseTestApp();
    doc = (await request(t.app).get('/case/api/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('describes E9 and E12 as published, with the same parameters', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/case/api/v1' }]);
    for (const [path, method] of [
      ['/businesses/{businessID}', 'get'],
      ['/businesses/customers/{customerID}', 'post'],
    ] as const) {
      const published = reference.paths[path][method].parameters ?? [];
      for (const parameter of published) {
        expect(doc.paths[path][method].parameters).toContainEqual(expect.objectContaining({ name: parameter.name, in: parameter.in }));
      }
    }
  });

  it('describes every route the app serves', () => {
    for (const route of t.area.routes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(`${route.method} ${path}: ${Boolean(doc.paths[path]?.[route.method])}`).toBe(`${route.method} ${path}: true`);
    }
  });
});
