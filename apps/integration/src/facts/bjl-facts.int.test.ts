import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { businessEnrichmentQueue, createProducer, type Producer } from '@kyb/queues';
import { expectSameShape } from '@kyb/testing';
import type { ProviderPublicRecords } from '../providers/public-records.provider';
import { ProviderError } from '../providers/providers.errors';
import { deferred, providerRecords, scriptedProvider } from '../test-support/fake-providers';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

const sample = JSON.parse(readFileSync(join(__dirname, 'samples/bjl-facts.response.200.schema-example.json'), 'utf8'));

describe('E11 BJL facts', () => {
  let t: IntegrationTestApp;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  const provider = scriptedProvider(17);
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startIntegrationTestApp({ publicRecordsProvider: provider });
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId });
  });
  afterAll(async () => {
    await jobs.close();
    await t.close();
  });

  const facts = (businessId: string, token?: string) => {
    const req = request(t.app).get(`/integration/api/v1/facts/business/${businessId}/bjl`);
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };

  it('answers the six facts with the literal dotted source keys, num_* derived from their parents', async () => {
    const id = randomUUID();
    await t.business({ id, customerId });
    provider.script(id, [
      providerRecords([
        { kind: 'LIEN', providerRecordId: 'L-9', filingDate: '2025-05-15T00:00:00.000Z', status: 'active', amount: 4445 },
        { kind: 'JUDGEMENT', providerRecordId: 'J-1', filingDate: '2022-06-01T00:00:00.000Z', status: 'satisfied', amount: 800 },
      ]),
    ]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    await eventually(async () => ((await t.db('integration.public_records').where({ business_id: id }).first()) ? true : undefined));
    const res = await facts(id, owner).expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Business BJL details fetched successfully');
    expect(Object.keys(res.body.data)).toEqual(['bankruptcies', 'judgements', 'liens', 'num_bankruptcies', 'num_judgements', 'num_liens']);
    expect(res.body.data.liens).toEqual({
      name: 'liens',
      value: { count: 1, most_recent: '2025-05-15T00:00:00.000Z', most_recent_status: 'active', most_recent_amount: 4445, total_open_lien_amount: 4445 },
      description: 'Liens associated to this business',
      'source.confidence': 1,
      'source.platformId': 17,
      ruleApplied: sample.data.liens.ruleApplied,
      alternatives: [],
    });
    expect(Object.keys(res.body.data.liens)).toEqual(Object.keys(sample.data.liens));
    expect(res.body.data.bankruptcies).toEqual(sample.data.bankruptcies);
    expect(res.body.data.judgements.value).toEqual({ count: 1, most_recent: '2022-06-01T00:00:00.000Z', most_recent_status: 'satisfied', most_recent_amount: 800 });
    expect(res.body.data.num_liens).toEqual(sample.data.num_liens);
    expect(res.body.data.num_judgements).toEqual({ name: 'num_judgements', value: 1, dependencies: ['judgements'], alternatives: [] });
    const { judgements: _j, num_judgements: _n, ...comparable } = sample.data;
    expectSameShape(res.body.data, comparable);
    expect(res.headers.etag).toBeDefined();
  });

  // Until the records are fetched E11 answers as E1 does, status and body (issue 41; before, 200 with every value null).
  const publicRecords = (businessId: string) =>
    request(t.app).get(`/integration/api/v1/business/${businessId}/public-records`).set('Authorization', `Bearer ${owner}`);
  async function bothAnswer(businessId: string) {
    const [e11, e1] = [await facts(businessId, owner), await publicRecords(businessId)];
    expect({ status: e11.status, body: e11.body }).toEqual({ status: e1.status, body: e1.body });
    return e11;
  }

  it('answers 202 with no task yet, as E1, while a new business waits for its first fetch; the body fits the documented 202', async () => {
    const id = randomUUID();
    await t.business({ id, customerId });
    const res = await bothAnswer(id);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'success', message: 'Public records are still being fetched.', data: { public_records: null, business_integration_task: null } });
    const doc = (await request(t.app).get('/integration/api/v1/openapi.json').expect(200)).body;
    const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(doc.paths['/facts/business/{businessId}/bjl'].get.responses['202'].content['application/json'].schema);
    expect(validate(res.body) ? [] : validate.errors).toEqual([]);
  });

  it('answers 202 with the running task, as E1, while the first fetch is under way, then 200', async () => {
    const id = randomUUID();
    await t.business({ id, customerId });
    const slow = deferred<ProviderPublicRecords>();
    provider.script(id, [slow.promise]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    await eventually(async () => ((await facts(id, owner)).body.data?.business_integration_task?.status === 'IN_PROGRESS' ? true : undefined));
    const res = await bothAnswer(id);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Public records are still being fetched.',
      data: { public_records: null, business_integration_task: { business_id: id, kind: 'PUBLIC_RECORDS', status: 'IN_PROGRESS', attempts: 1 } },
    });
    slow.resolve(providerRecords());
    await eventually(async () => ((await facts(id, owner)).status === 200 ? true : undefined));
  });

  it('answers 404 PublicRecordsNotFoundError, as E1, for a business older than a week whose records were never asked for', async () => {
    const id = randomUUID();
    await t.business({ id, customerId, createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) });
    expect((await bothAnswer(id)).body).toEqual({
      status: 'fail',
      message: 'No public records have been fetched for this business yet. Request a refresh.',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'PublicRecordsNotFoundError' },
    });
  });

  it('answers 404 PublicRecordsUnavailableError with the task, as E1, once the provider refused', async () => {
    const id = randomUUID();
    await t.business({ id, customerId });
    provider.script(id, [new ProviderError('The public records provider refused the request.', { transient: false })]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    await eventually(async () => ((await facts(id, owner)).body.data?.errorName === 'PublicRecordsUnavailableError' ? true : undefined));
    const res = await bothAnswer(id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      status: 'fail',
      message: 'Public records could not be fetched: The public records provider refused the request. Request a refresh.',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'PublicRecordsUnavailableError', business_integration_task: { business_id: id, status: 'FAILED', attempts: 1 } },
    });
  });

  it('requires a token and checks the tenant', async () => {
    const id = randomUUID();
    await t.business({ id, customerId });
    expect((await facts(id).expect(401)).body.message).toBe('Authorization header not present');
    expect((await facts(id, t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() })).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You are not allowed to access the data.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'AccessMiddlewareError' },
    });
    await facts(id, t.keys.tokenFor({ role: 'APPLICANT', customerId, businessIds: [id] })).expect(202);
    expect((await facts(randomUUID(), owner).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await facts(randomUUID(), t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body.data.errorName).toBe('BusinessApiError');
    expect((await facts('123', owner).expect(400)).body.message).toBe('params.businessId must match format "uuid"');
  });
});
