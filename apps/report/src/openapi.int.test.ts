import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { operationGaps, operationsOf, type OpenApiDocumentLike } from '@kyb/testing';
import { startReportTestApp, type ReportTestApp } from './test-support/report-test-app';

// A copy of ../shared/reference/openapi/report.json: the published document, trimmed to the contract.
const reference = JSON.parse(readFileSync(join(__dirname, 'test-support/samples/openapi-report.reference.json'), 'utf8')) as OpenApiDocumentLike;
const sample = (name: string) => JSON.parse(readFileSync(join(__dirname, 'test-support/samples', name), 'utf8'));

type Operation = { responses: Record<string, { content: { 'application/json': { schema: object } } }> };

describe('the report area OpenAPI document', () => {
  let t: ReportTestApp;
  let doc: { openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await startReportTestApp({ workers: false });
    doc = (await request(t.app).get('/report/api/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 served relative to the area prefix', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/report/api/v1' }]);
  });

  it('describes every published operation (E6, E7, download, status) with its parameters, success status and security', () => {
    expect(operationsOf(reference).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'get /reports/businesses/{businessID}/status',
      'post /reports/customers/{customerID}/businesses/{businessID}',
      'get /reports/{reportID}',
      'post /reports/{reportID}/download',
    ]);
    expect(operationGaps(doc, operationsOf(reference))).toEqual([]);
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
