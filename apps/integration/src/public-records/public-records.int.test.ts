import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createProducer, businessEnrichmentQueue, type Producer } from '@kyb/queues';
import { expectSameShape } from '@kyb/testing';
import { ProviderError } from '../providers/providers.errors';
import { deferred, providerRecords, scriptedProvider } from '../test-support/fake-providers';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import type { ProviderPublicRecords } from '../providers/public-records.provider';

const samples = join(__dirname, '../test-support/samples');
const sample = JSON.parse(readFileSync(join(samples, 'public-records.response.200.json'), 'utf8'));
const forbidden = JSON.parse(readFileSync(join(samples, 'public-records.response.403.json'), 'utf8'));

describe('E1 public records', () => {
  let t: IntegrationTestApp;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  const provider = scriptedProvider();
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startIntegrationTestApp({ publicRecordsProvider: provider });
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
  });
  afterAll(async () => {
    await jobs.close();
    await t.close();
  });

  const get = (businessId: string, token = owner) =>
    request(t.app).get(`/integration/api/v1/business/${businessId}/public-records`).set('Authorization', `Bearer ${token}`);

  /** A business of the customer, enriched as business creation would ask for it. */
  async function enrichedBusiness(records: ProviderPublicRecords = providerRecords()): Promise<string> {
    const id = randomUUID();
    await t.business({ id, customerId, name: 'Longwood Dental' });
    provider.script(id, [records]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    await eventually(async () => ((await get(id)).status === 200 ? true : undefined));
    return id;
  }

  it('answers every field of contract 2.2 with the sample message, types and key set', async () => {
    const id = await enrichedBusiness(
      providerRecords([
        { kind: 'LIEN', providerRecordId: 'L-1', filingDate: '2024-02-01T00:00:00.000Z', status: 'released', amount: 1200 },
        { kind: 'LIEN', providerRecordId: 'L-2', filingDate: '2025-05-15T00:00:00.000Z', status: 'active', amount: 4445 },
        { kind: 'BANKRUPTCY', providerRecordId: 'B-1', filingDate: '2019-07-09T00:00:00.000Z', status: 'discharged', amount: null },
      ]),
    );
    const res = await get(id).expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.message).toBe('Success');
    const records = res.body.data.public_records;
    expectSameShape(res.body, sample);
    expect(Object.keys(records)).toEqual(Object.keys(sample.data.public_records));
    for (const nested of ['review_statistics', 'compalint_statistics', 'additional_records']) {
      expect(Object.keys(records[nested])).toEqual(Object.keys(sample.data.public_records[nested]));
    }
    expect(Object.keys(records.reviews[0])).toEqual(Object.keys(sample.data.public_records.reviews[0]));
    const task = await t.db('integration.integration_tasks').where({ business_id: id }).first();
    expect(records).toMatchObject({
      business_integration_task_id: task.id,
      number_of_business_liens: '2',
      most_recent_business_lien_filing_date: '2025-05-15T00:00:00.000Z',
      most_recent_business_lien_status: 'active',
      number_of_bankruptcies: '1',
      most_recent_bankruptcy_filing_date: '2019-07-09T00:00:00.000Z',
      number_of_judgement_fillings: '0',
      most_recent_judgement_filling_date: null,
      corporate_filing_business_name: 'Longwood Dental LLC',
      corporate_filing_resgistration_type: 'Domestic',
      official_website: 'https://www.longwooddental.com',
      reviews: [
        { source: 'Google', count: 6, percentage: '60.00' },
        { source: 'Yelp', count: 4, percentage: '40.00' },
      ],
      additional_records: { minority_owned_enterprise: 'N/A', woman_owned_enterprise: 'Yes', veteran_owned_enterprise: 'No', number_of_employees: '12' },
    });
    expect(records.compalint_statistics.count_of_complaints_all_time).toBe(2);
    expect(records.review_statistics.count_of_5_star_ratings_all_time).toBe(5);
    expect(records.average_rating).toMatch(/^\d\.\d\d$/);
  });

  it('carries the security headers and an ETag, and answers 304 to a matching If-None-Match', async () => {
    const id = await enrichedBusiness();
    const first = await get(id).expect(200);
    expect(first.headers['content-security-policy']).toBeDefined();
    expect(first.headers['x-frame-options']).toBeDefined();
    expect(first.headers['strict-transport-security']).toBeDefined();
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBeDefined();
    expect(first.headers['cross-origin-opener-policy']).toBeDefined();
    expect(first.headers.etag).toBeDefined();
    await get(id).set('If-None-Match', first.headers.etag).expect(304);
  });

  it("answers another tenant's business with 403 exactly as E1 shows", async () => {
    const id = await enrichedBusiness();
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID() });
    expect((await get(id, stranger).expect(403)).body).toEqual(forbidden);
  });

  it('lets an ADMIN read any business and an APPLICANT only the businesses it was invited to', async () => {
    const id = await enrichedBusiness();
    await get(id, t.keys.tokenFor({ role: 'ADMIN' })).expect(200);
    await get(id, t.keys.tokenFor({ role: 'APPLICANT', customerId, businessIds: [id] })).expect(200);
    expect((await get(id, t.keys.tokenFor({ role: 'APPLICANT', customerId, businessIds: [randomUUID()] })).expect(403)).body).toEqual(forbidden);
  });

  it('answers an unknown business as another tenant\'s (403) to a CUSTOMER and 404 BusinessApiError to an ADMIN, and 400 for an id that is not a UUID', async () => {
    expect((await get(randomUUID()).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
    expect((await get(randomUUID(), t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body).toEqual({
      status: 'fail',
      message: 'Business not found',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'BusinessApiError' },
    });
    expect((await get('not-a-uuid').expect(400)).body).toEqual({
      status: 'fail',
      message: 'params.businessID must match format "uuid"',
      errorCode: 'INVALID',
      data: { errorName: 'ValidationMiddlewareError' },
    });
  });

  it('answers 401 without a token, as part 5 says', async () => {
    const res = await request(t.app).get(`/integration/api/v1/business/${randomUUID()}/public-records`).expect(401);
    expect(res.body).toEqual({
      status: 'fail',
      message: 'Authorization header not present',
      errorCode: 'UNAUTHENTICATED',
      data: { errorName: 'AuthenticationMiddlewareError' },
    });
  });

  it('answers 202 with the running task while the first fetch is under way', async () => {
    const id = randomUUID();
    await t.business({ id, customerId });
    const slow = deferred<ProviderPublicRecords>();
    provider.script(id, [slow.promise]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    const pending = await eventually(async () => {
      const res = await get(id);
      // Until the job is taken the business has no task yet (202 with a null task, the next test's case).
      return res.status === 202 && res.body.data.business_integration_task?.status === 'IN_PROGRESS' ? res : undefined;
    });
    expect(pending.body).toMatchObject({
      status: 'success',
      message: 'Public records are still being fetched.',
      data: { public_records: null, business_integration_task: { business_id: id, kind: 'PUBLIC_RECORDS', attempts: 1, failure_reason: null } },
    });
    slow.resolve(providerRecords());
    await eventually(async () => ((await get(id)).status === 200 ? true : undefined));
  });

  it('answers 202 with no task yet while a new business waits for its first fetch (its job not yet taken)', async () => {
    const id = randomUUID();
    await t.business({ id, customerId });
    expect((await get(id).expect(202)).body).toEqual({
      status: 'success',
      message: 'Public records are still being fetched.',
      data: { public_records: null, business_integration_task: null },
    });
  });

  it('answers 404 PublicRecordsNotFoundError for a business older than a week whose records were never asked for', async () => {
    const id = randomUUID();
    await t.business({ id, customerId, createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) });
    expect((await get(id).expect(404)).body).toEqual({
      status: 'fail',
      message: 'No public records have been fetched for this business yet. Request a refresh.',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'PublicRecordsNotFoundError' },
    });
  });

  it('answers 404 PublicRecordsUnavailableError with the reason once the provider refused', async () => {
    const id = randomUUID();
    await t.business({ id, customerId });
    provider.script(id, [new ProviderError('The public records provider refused the request.', { transient: false })]);
    await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    // Before the worker made the task, the answer is a plain 404 (no task yet): wait for the refusal.
    const res = await eventually(async () => {
      const r = await get(id);
      return r.status === 404 && r.body.data?.errorName === 'PublicRecordsUnavailableError' ? r : undefined;
    });
    expect(res.body).toMatchObject({
      status: 'fail',
      message: 'Public records could not be fetched: The public records provider refused the request. Request a refresh.',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'PublicRecordsUnavailableError', business_integration_task: { status: 'FAILED', attempts: 1 } },
    });
    expect(provider.callsFor(id)).toBe(1);
  });
});
