import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { operationGaps, operationsOf, type OpenApiDocumentLike } from '@kyb/testing';
import { startCaseTestApp, type CaseTestApp } from './test-support/case-test-app';

// A copy of ../shared/reference/openapi/case.json: the published document, trimmed to the contract.
const reference = JSON.parse(readFileSync(join(__dirname, 'test-support/samples/openapi-case.reference.json'), 'utf8')) as OpenApiDocumentLike;

describe('the case area OpenAPI document', () => {
  let t: CaseTestApp;
  let doc: OpenApiDocumentLike & { openapi: string; servers: Array<{ url: string }> };
  beforeAll(async () => {
    t = await startCaseTestApp();
    doc = (await request(t.app).get('/case/api/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 served relative to the area prefix', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/case/api/v1' }]);
  });

  it('describes every published operation (E9, E12, E5) with its parameters, success status and security', () => {
    expect(operationsOf(reference).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'get /businesses/{businessID}',
      'post /businesses/customers/{customerID}',
      'post /customers/{customerID}/businesses/invite',
    ]);
    expect(operationGaps(doc, operationsOf(reference))).toEqual([]);
  });
});
