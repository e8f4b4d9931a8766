import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { startScoreTestApp, type ScoreTestApp } from './test-support/score-test-app';

// A copy of ../shared/reference/openapi/score.json: the published document, trimmed to the contract.
const reference = JSON.parse(readFileSync(join(__dirname, 'test-support/samples/openapi-score.reference.json'), 'utf8'));
const sample = JSON.parse(readFileSync(join(__dirname, 'test-support/samples/business-score.response.200.json'), 'utf8'));

type Operation = { parameters: Array<{ name: string; in: string; required: boolean }>; responses: Record<string, { content: { 'application/json': { schema: object } } }> };

describe('the score area OpenAPI document', () => {
  let t: ScoreTestApp;
  let doc: { openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await startScoreTestApp({ workers: false });
    doc = (await request(t.app).get('/score/api/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('describes E10 as published, plus its year and month, and every route the app serves', () => {
    expect(doc.servers).toEqual([{ url: '/score/api/v1' }]);
    const e10 = doc.paths['/score/business/{businessID}'].get;
    for (const parameter of reference.paths['/score/business/{businessID}'].get.parameters) {
      expect(e10.parameters).toContainEqual(expect.objectContaining({ name: parameter.name, in: parameter.in }));
    }
    expect(e10.parameters).toContainEqual(expect.objectContaining({ name: 'year', in: 'query', required: false }));
    expect(e10.parameters).toContainEqual(expect.objectContaining({ name: 'month', in: 'query', required: false }));
    for (const route of t.area.routes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(`${route.method} ${path}: ${Boolean(doc.paths[path]?.[route.method])}`).toBe(`${route.method} ${path}: true`);
    }
  });

  it('the published E10 sample satisfies the documented 200 schema', () => {
    const schema = doc.paths['/score/business/{businessID}'].get.responses['200'].content['application/json'].schema;
    const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(schema);
    expect(validate(sample) ? [] : validate.errors).toEqual([]);
  });
});
