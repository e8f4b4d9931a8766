import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { operationGaps, type ExpectedOperation, type ExpectedParameter } from '@kyb/testing';
import { startIntegrationTestApp, type IntegrationTestApp } from './test-support/integration-test-app';

const sample = (name: string) => JSON.parse(readFileSync(join(__dirname, 'test-support/samples', name), 'utf8'));

type Operation = { parameters?: Array<{ name: string; in: string }>; responses: Record<string, { content: { 'application/json': { schema: object } } }> };

// No published document covers this area: the operations are written here from the contract
// (../shared/spec/interface-spec.md part 4: E1, E3, E11) and ARCHITECTURE.md part 3 (screening
// result, connection status, credentials, verification); 200 where a published sample is a 200.
const inPath = (name: string): ExpectedParameter => ({ name, in: 'path', required: true, type: 'string' });
const expected: ExpectedOperation[] = [
  { method: 'get', path: '/business/{businessID}/public-records', parameters: [inPath('businessID')], success: ['200'], authenticated: true },
  { method: 'get', path: '/facts/business/{businessId}/bjl', parameters: [inPath('businessId')], success: ['200'], authenticated: true },
  {
    method: 'post',
    path: '/verification/customers/{customerId}/businesses/{businessId}/screening',
    parameters: [inPath('customerId'), inPath('businessId')],
    success: ['200'],
    authenticated: true,
  },
  { method: 'get', path: '/verification/businesses/{businessId}/screening', parameters: [inPath('businessId')], success: ['200'], authenticated: true },
  { method: 'get', path: '/screening/{customerId}/check-connection-status', parameters: [inPath('customerId')], success: ['200'], authenticated: true },
  { method: 'put', path: '/screening/{customerId}/credentials', parameters: [inPath('customerId')], success: ['2XX'], authenticated: true },
  { method: 'get', path: '/business/{businessID}/verification', parameters: [inPath('businessID')], success: ['200'], authenticated: true },
  // Issue 43: the platform admin's view of the provider circuit breakers.
  { method: 'get', path: '/admin/provider-circuits', parameters: [], success: ['200'], authenticated: true },
  // Issue 44: the platform admin's sanctions list versions.
  { method: 'post', path: '/admin/watchlists/{list}/versions', parameters: [inPath('list')], success: ['200', '202'], authenticated: true },
  { method: 'get', path: '/admin/watchlists/{list}/versions', parameters: [inPath('list')], success: ['200'], authenticated: true },
  { method: 'get', path: '/admin/watchlists/{list}/versions/{versionID}', parameters: [inPath('list'), inPath('versionID')], success: ['200'], authenticated: true },
  // Issue 44: sanctions screening results, hits, reviews and the threshold.
  { method: 'get', path: '/business/{businessID}/watchlist', parameters: [inPath('businessID')], success: ['200'], authenticated: true },
  { method: 'get', path: '/customers/{customerID}/watchlist-hits', parameters: [inPath('customerID')], success: ['200'], authenticated: true },
  { method: 'patch', path: '/customers/{customerID}/watchlist-hits/{hitID}', parameters: [inPath('customerID'), inPath('hitID')], success: ['200'], authenticated: true },
  { method: 'get', path: '/customers/{customerID}/watchlist-settings', parameters: [inPath('customerID')], success: ['200'], authenticated: true },
  { method: 'put', path: '/customers/{customerID}/watchlist-settings', parameters: [inPath('customerID')], success: ['200'], authenticated: true },
];

describe('the integration area OpenAPI document', () => {
  let t: IntegrationTestApp;
  let doc: { openapi: string; info: { version: string }; servers: Array<{ url: string }>; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    doc = (await request(t.app).get('/integration/api/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1, version 1.0, served relative to the area prefix', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0');
    expect(doc.servers).toEqual([{ url: '/integration/api/v1' }]);
  });

  it('describes E1, E3, E11, screening, credentials and verification with their parameters, success status and security', () => {
    expect(operationGaps(doc, expected)).toEqual([]);
  });

  it("keeps the provider circuits to the platform ADMIN, and documents what the route answers", async () => {
    const operation = doc.paths['/admin/provider-circuits'].get as Operation & { 'x-roles'?: string[] };
    expect(operation['x-roles']).toEqual(['ADMIN']);
    const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(operation.responses['200'].content['application/json'].schema);
    const answer = (await request(t.app).get('/integration/api/v1/admin/provider-circuits').set('Authorization', `Bearer ${t.keys.tokenFor({ role: 'ADMIN' })}`).expect(200)).body;
    expect(answer).toEqual({ status: 'success', message: 'Provider circuits fetched successfully', data: { circuits: [] } });
    expect(validate(answer) ? [] : validate.errors).toEqual([]);
  });

  it('documents the list upload as multipart/form-data for the platform ADMIN, with its 200, 202, 413 and 415', () => {
    const operation = doc.paths['/admin/watchlists/{list}/versions'].post as Operation & { 'x-roles'?: string[]; requestBody: { content: Record<string, unknown> } };
    expect(operation['x-roles']).toEqual(['ADMIN']);
    expect(Object.keys(operation.requestBody.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '202', '400', '401', '413', '415']));
  });

  it.each([
    ['/business/{businessID}/public-records', 'get', 'public-records.response.200.json'],
    ['/facts/business/{businessId}/bjl', 'get', 'bjl-facts.response.200.json'],
  ])('%s: the published 200 sample satisfies the documented response schema', (path, method, file) => {
    const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(doc.paths[path][method].responses['200'].content['application/json'].schema);
    expect(validate(sample(file)) ? [] : validate.errors).toEqual([]);
  });
});
