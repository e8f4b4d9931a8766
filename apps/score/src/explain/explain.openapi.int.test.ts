import { randomUUID } from 'node:crypto';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { eventually } from '@kyb/testing';
import { scoredBusiness } from '../test-support/score-fixtures';
import { startScoreTestApp, type ScoreTestApp } from '../test-support/score-test-app';

type Operation = { 'x-roles': string[]; 'x-permissions': string[]; responses: Record<string, { content?: { 'application/json': { schema: object } } }> };

/* The explain routes in the area's OpenAPI document: who may call them, and answers that satisfy the documented schemas. */
describe('the explain routes in the score area OpenAPI document', () => {
  let t: ScoreTestApp;
  let paths: Record<string, Record<string, Operation>>;
  const customerId = randomUUID();
  let owner: string;
  beforeAll(async () => {
    t = await startScoreTestApp();
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
    paths = (await request(t.app).get('/score/api/v1/openapi.json').expect(200)).body.paths;
  });
  afterAll(() => t.close());

  const routes = [
    // 410: the tenant was erased (docs/adr/0043).
    ['get', '/score/scores/{scoreID}/explain', ['200', '400', '401', '403', '404', '409', '410']],
    ['get', '/score/business/{businessID}/diff', ['200', '400', '401', '403', '404', '410']],
    ['post', '/score/business/{businessID}/what-if', ['200', '400', '401', '403', '404', '409', '410']],
  ] as const;

  it.each(routes)('%s %s: ADMIN and CUSTOMER with businesses:read, every answer documented', (method, path, statuses) => {
    const operation = paths[path][method];
    expect([operation['x-roles'], operation['x-permissions']]).toEqual([['ADMIN', 'CUSTOMER'], ['businesses:read']]);
    expect(Object.keys(operation.responses).sort()).toEqual([...statuses]);
  });

  it('answers as the documented 200 schemas say', async () => {
    const business = await scoredBusiness(t, customerId, { bjl: [{ kind: 'LIEN', filingDate: new Date('2025-01-10T00:00:00Z'), status: 'active', amount: 50_000, recordId: 'L-1' }] });
    const started = await request(t.app).post(`/score/api/v1/score/business/${business}/generate`).set('Authorization', `Bearer ${owner}`).expect(202);
    const score = await eventually(async () => {
      const row = await t.db('scores.scores').where({ id: started.body.data.id, status: 'SUCCESS' }).first();
      return row ?? undefined;
    });
    const month = `${score.year}-${String(score.month).padStart(2, '0')}`;
    const answers = {
      '/score/scores/{scoreID}/explain': await request(t.app).get(`/score/api/v1/score/scores/${score.id}/explain`).set('Authorization', `Bearer ${owner}`).expect(200),
      '/score/business/{businessID}/diff': await request(t.app).get(`/score/api/v1/score/business/${business}/diff?from=${month}&to=${month}`).set('Authorization', `Bearer ${owner}`).expect(200),
      '/score/business/{businessID}/what-if': await request(t.app)
        .post(`/score/api/v1/score/business/${business}/what-if`)
        .set('Authorization', `Bearer ${owner}`)
        .send({ bjl: [{ record_id: 'L-1', status: 'released' }] })
        .expect(200),
    };
    const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
    for (const [method, path] of routes) {
      const validate = ajv.compile(paths[path][method].responses['200'].content!['application/json'].schema);
      expect(validate(answers[path].body) ? [] : validate.errors).toEqual([]);
    }
  });
});
