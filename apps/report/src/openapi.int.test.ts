import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { startReportTestApp, type ReportTestApp } from './test-support/report-test-app';

// A copy of ../shared/reference/openapi/report.json: the published document, trimmed to the contract.
const reference = JSON.parse(readFileSync(join(__dirname, 'test-support/samples/openapi-report.reference.json'), 'utf8')) as {
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
};
const sample = (name: string) => JSON.parse(readFileSync(join(__dirname, 'test-support/samples', name), 'utf8'));

type Operation = { parameters: Array<{ name: string; in: string }>; responses: Record<string, { content: { 'application/json': { schema: object } } }> };

describe('the report area OpenAPI document', () => {
  let t: ReportTestApp;
  let doc: { servers: Array<{ url: string }>; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await startReportTestApp({ workers: false });
    doc = (await request(t.app).get('/report/api/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('describes the published operations with their parameters, and every route the app serves', () => {
    expect(doc.servers).toEqual([{ url: '/report/api/v1' }]);
    for (const [path, methods] of Object.entries(reference.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const parameter of operation.parameters ?? []) {
          expect(doc.paths[path][method].parameters).toContainEqual(expect.objectContaining({ name: parameter.name, in: parameter.in }));
        }
      }
    }
    for (const route of t.area.routes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(`${route.method} ${path}: ${Boolean(doc.paths[path]?.[route.method])}`).toBe(`${route.method} ${path}: true`);
    }
  });

  it.each([
    ['/reports/customers/{customerID}/businesses/{businessID}', 'post', 'report-generate.response.200.json'],
    ['/reports/{reportID}', 'get', 'report-get.response.200.json'],
    ['/reports/{reportID}/download', 'post', 'report-download.response.200.json'],
    ['/reports/businesses/{businessID}/status', 'get', 'report-status-by-business.response.200.json'],
  ])('%s: the published sample satisfies the documented 200 schema', (path, method, file) => {
    const schema = doc.paths[path][method].responses['200'].content['application/json'].schema;
    const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(schema);
    expect(validate(sample(file)) ? [] : validate.errors).toEqual([]);
  });
});
