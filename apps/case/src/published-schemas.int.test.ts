import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { startCaseTestApp, type CaseTestApp } from './test-support/case-test-app';
import { everyFieldRow } from './test-support/every-field-row';

// A copy of ../shared/reference/openapi/case.json: the published documents of E9, E12 and E5.
const published = JSON.parse(readFileSync(join(__dirname, 'test-support/samples/openapi-case.reference.json'), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(published, 'published-case');
/** The published 200 schema of an operation, checked against a body: ajv's errors as `path message`. */
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const errorsOf = (path: string, method: string, body: unknown): string[] => {
  const [mediaType] = Object.keys(published.paths[path][method].responses['200'].content);
  const check = ajv.getSchema(`published-case#/${pointer('paths', path, method, 'responses', '200', 'content', mediaType, 'schema')}`);
  if (!check) throw new Error(`${method} ${path}: the published document has no 200 schema`);
  check(body);
  return (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};


describe('E9 and E12 validate against the published OpenAPI documents', () => {
  let t: CaseTestApp;
  const customerId = randomUUID();
  let owner: string;
  let e12: request.Response;

  beforeAll(async () => {
    t = await startCaseTestApp({ workers: false });
    await t.customer({ id: customerId, features: { PAT_120_ADD_BUSINESS: true } });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, permissions: ['businesses:create', 'businesses:read'] });
    e12 = await request(t.app).post(`/case/api/v1/businesses/customers/${customerId}`).set('Authorization', `Bearer ${owner}`).send(everyFieldRow('PUBLISHED'));
  });
  afterAll(() => t.close());

  it('E12: only the documented contract corrections differ (ids and codes are strings, contract 2.7)', async () => {
    expect(e12.status).toBe(200);
    const business = '/data/result/0/data_businesses';
    expect(errorsOf('/businesses/customers/{customerID}', 'post', e12.body)).toEqual([
      // The reference OpenAPI README's table: the published E12 types these as numbers, contract 2.7 as strings.
      `${business}/industry/id must be number`,
      `${business}/mcc_id must be number,null`,
      `${business}/naics_id must be number,null`,
      `${business}/naics_code must be number,null`,
      `${business}/mcc_code must be number,null`,
      // The published schema makes is_revenue a non-null integer (its sample had one); E12 takes no financial
      // columns, so it is null like every cell the row does not set (README, E12).
      '/data/result/0/integration_data/is_revenue must be integer',
    ]);
  });

  it('E12 integration_data echoes cells as the published document types them', async () => {
    const echoed = e12.body.data.result['0'].integration_data;
    expect(echoed).toMatchObject({ naics_code: 621210, owner1_ownership_percentage: '100', name: 'Bright Smile Dental', is_monitoring_enabled: true });
  });

  it('E9 (with owners): no error at all', async () => {
    const id = e12.body.data.result['0'].data_businesses.id;
    const res = await request(t.app).get(`/case/api/v1/businesses/${id}?fetch_owner_details=true`).set('Authorization', `Bearer ${owner}`).expect(200);
    expect(errorsOf('/businesses/{businessID}', 'get', res.body)).toEqual([]);
  });
});
