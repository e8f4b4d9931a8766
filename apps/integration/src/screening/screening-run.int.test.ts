import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { USER_PERMISSIONS } from '@kyb/auth';
import { createProducer, createRedisConnection, screeningQueue, type Producer, type Redis } from '@kyb/queues';
import { expectSameShape } from '@kyb/testing';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { storeCredentials, testConsumerKey, testKeyMaterial, testPrivateKey, type TestKeyMaterial } from '../test-support/screening-credentials';

// Copies of ../shared/reference/samples/screening-run.{request,response.200}.json.
const sampleRequest = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/screening-run.request.json'), 'utf8'));
const sampleResponse = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/screening-run.response.200.json'), 'utf8'));
const PREFIX = '/integration/api/v1';

describe('E3 POST /verification/customers/{customerId}/businesses/{businessId}/screening', () => {
  let t: IntegrationTestApp;
  let material: TestKeyMaterial;
  let jobs: Producer<{ screeningId: string }>;
  const customer = randomUUID();
  const userId = randomUUID();
  let token: string;

  const connect = (customerId: string, extra: Record<string, unknown> = {}) =>
    storeCredentials(t, customerId, { consumer_key: testConsumerKey(), private_key: material.privateKey, certificate: material.certificate, ...extra });
  const newBusiness = async (customerId: string, name = 'Acme Trading LLC') => {
    const id = randomUUID();
    await t.business({ id, customerId, name, owners: [{ firstName: 'John', lastName: 'Doe' }] });
    return id;
  };
  const run = (customerId: string, businessId: string, body?: unknown, bearer = token) => {
    const req = request(t.app).post(`${PREFIX}/verification/customers/${customerId}/businesses/${businessId}/screening`).set('Authorization', `Bearer ${bearer}`);
    return body === undefined ? req : req.send(body as object);
  };
  const failure = (message: string, errorCode: string, errorName: string, extra: Record<string, unknown> = {}) => ({
    status: 'fail',
    message,
    errorCode,
    data: { errorName, ...extra },
  });

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    material = testKeyMaterial(400);
    jobs = createProducer(screeningQueue, { connection: t.redis, prefix: t.redisPrefix });
    token = t.keys.tokenFor({ role: 'CUSTOMER', customerId: customer, userId, subrole: 'user' });
    await connect(customer, { icas: ['1996', '2000'] });
  });
  let workerConnection: Redis | undefined;
  afterAll(async () => {
    await jobs.close();
    await t.close();
    await workerConnection?.quit();
  });

  it('acknowledges in the shape of the sample, stores the screening PENDING and queues it by its id', async () => {
    const businessId = await newBusiness(customer);
    const res = await run(customer, businessId, sampleRequest).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Screening task created and processed with state of completed',
      data: { task_status: 'completed', metadata: { businessId, customerId: customer }, screening: { id: expect.any(String), status: 'PENDING' } },
    });
    expectSameShape(res.body, sampleResponse);
    const row = await t.db('integration.screenings').where({ id: res.body.data.screening.id }).first();
    expect(row).toMatchObject({ customer_id: customer, business_id: businessId, status: 'PENDING', icas: ['1996', '2000'], provider: 'sandbox', requested_by: userId, attempts: 0 });
    const job = await jobs.queue.getJob(`screening-${row.id}`);
    expect(job?.data).toEqual({ screeningId: row.id });
  });

  it('least privilege (issue 14): the read-only user subrole may not run a screening', async () => {
    const id = await newBusiness(customer, 'Reader Screening Co');
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId: customer, subrole: 'user', permissions: [...USER_PERMISSIONS] });
    expect((await run(customer, id, {}, reader).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You do not have permission to perform this action.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'PermissionMiddlewareError', permission: 'businesses:write' },
    });
    expect(await t.db('integration.screenings').where({ business_id: id })).toHaveLength(0);
  });

  it('answers the screening still running over the same ICAs (in any order) instead of starting another', async () => {
    const businessId = await newBusiness(customer);
    const first = (await run(customer, businessId, { icas: ['1996', '2000'] }).expect(200)).body.data.screening.id;
    const again = (await run(customer, businessId, { icas: ['2000', '1996'] }).expect(200)).body.data.screening.id;
    const other = (await run(customer, businessId, { icas: ['3000'] }).expect(200)).body.data.screening.id;
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(await t.db('integration.screenings').where({ business_id: businessId }).count({ n: '*' })).toEqual([{ n: '2' }]);
  });

  it('starts one screening when the same request arrives twice at once', async () => {
    const businessId = await newBusiness(customer);
    const answers = await Promise.all([run(customer, businessId, sampleRequest), run(customer, businessId, sampleRequest)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1].body.data.screening.id).toBe(answers[0].body.data.screening.id);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
  ])('searches the stored ICAs when given %s', async (_case, body) => {
    const businessId = await newBusiness(customer);
    const res = await run(customer, businessId, body).expect(200);
    expect((await t.db('integration.screenings').where({ id: res.body.data.screening.id }).first()).icas).toEqual(['1996', '2000']);
  });

  it.each([
    ['101 ICAs', { icas: Array.from({ length: 101 }, (_v, i) => `${1000 + i}`) }, 'body.icas must NOT have more than 100 items'],
    ['an ICA with a dash', { icas: ['1996', '20-00'] }, 'body.icas.1 must match pattern "^[a-zA-Z0-9]+$"'],
    ['an empty ICA', { icas: [''] }, 'body.icas.0 must match pattern "^[a-zA-Z0-9]+$"'],
    ['a repeated ICA', { icas: ['1996', '2000', '1996'] }, 'body.icas must NOT have duplicate items (items ## 2 and 0 are identical)'],
    ['an extra field', { icas: ['1996'], force: true }, "body must NOT have additional properties: 'force'"],
    ['icas that are not a list', { icas: '1996' }, 'body.icas must be array'],
    ['an ICA that is not text', { icas: [1996] }, 'body.icas.0 must be string'],
  ])('refuses %s with 400 ValidationMiddlewareError', async (_case, body, message) => {
    const businessId = await newBusiness(customer);
    expect((await run(customer, businessId, body).expect(400)).body).toEqual(failure(message, 'INVALID', 'ValidationMiddlewareError'));
  });

  it('refuses a path that is not a UUID with 400 ValidationMiddlewareError', async () => {
    expect((await run(customer, 'abc', {}).expect(400)).body).toEqual(failure('params.businessId must match format "uuid"', 'INVALID', 'ValidationMiddlewareError'));
  });

  it("refuses another tenant's customer, and a business of another customer, with 403 AccessMiddlewareError", async () => {
    const otherCustomer = randomUUID();
    await connect(otherCustomer, { icas: ['1996'] });
    const theirs = await newBusiness(otherCustomer);
    const denied = failure('You are not allowed to access the data.', 'UNAUTHORIZED', 'AccessMiddlewareError');
    expect((await run(otherCustomer, theirs, {}).expect(403)).body).toEqual(denied);
    expect((await run(customer, theirs, {}).expect(403)).body).toEqual(denied);
    expect((await run(customer, theirs, {}, t.keys.tokenFor({ role: 'ADMIN' })).expect(403)).body).toEqual(denied);
  });

  it('answers a business the directory does not hold as another tenant\'s (403) to a CUSTOMER, and 404 BusinessApiError to an ADMIN', async () => {
    expect((await run(customer, randomUUID(), {}).expect(403)).body).toEqual(failure('You are not allowed to access the data.', 'UNAUTHORIZED', 'AccessMiddlewareError'));
    expect((await run(customer, randomUUID(), {}, t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body).toEqual(failure('Business not found', 'NOT_FOUND', 'BusinessApiError'));
  });

  it('refuses an APPLICANT with 401 Role Not Allowed', async () => {
    const businessId = await newBusiness(customer);
    const applicant = t.keys.tokenFor({ role: 'APPLICANT', customerId: customer, businessIds: [businessId] });
    expect((await run(customer, businessId, {}, applicant).expect(401)).body).toEqual(failure('Role Not Allowed', 'UNAUTHORIZED', 'RoleMiddlewareError'));
  });

  it('refuses with 409 ScreeningConnectionError while no credentials are stored', async () => {
    const customerId = randomUUID();
    const businessId = await newBusiness(customerId);
    const caller = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
    expect((await run(customerId, businessId, sampleRequest, caller).expect(409)).body).toEqual(
      failure('Screening connection is not established (NOT_CONNECTED): store the screening credentials first.', 'NOT_ALLOWED', 'ScreeningConnectionError', {
        statusConnection: {
          status: 'NOT_CONNECTED',
          message: 'No screening credentials are stored for this customer.',
          details: { isActive: false, expiresAt: null, certificateExpiry: null },
        },
      }),
    );
    expect(await t.db('integration.screenings').where({ business_id: businessId })).toEqual([]);
  });

  it('refuses with 409 ScreeningConnectionError when the certificate has expired', async () => {
    const customerId = randomUUID();
    await storeCredentials(t, customerId, { consumer_key: testConsumerKey(), private_key: testPrivateKey(), certificate_expiry: '2021-03-01T00:00:00Z', icas: ['1996'] });
    const businessId = await newBusiness(customerId);
    const res = await run(customerId, businessId, {}, t.keys.tokenFor({ role: 'ADMIN' })).expect(409);
    expect(res.body).toMatchObject({
      message: 'Screening connection is not established (EXPIRED): the certificate has expired; store new screening credentials.',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'ScreeningConnectionError', statusConnection: { status: 'EXPIRED' } },
    });
  });

  it('refuses with 400 when neither the request nor the stored credentials name an ICA', async () => {
    const customerId = randomUUID();
    await connect(customerId);
    const businessId = await newBusiness(customerId);
    expect((await run(customerId, businessId, { icas: [] }, t.keys.tokenFor({ role: 'ADMIN' })).expect(400)).body).toEqual(
      failure('No ICAs to search: give icas in the body or store default icas with the screening credentials.', 'INVALID', 'ScreeningIcasError'),
    );
  });

  it('describes every screening route with its response schemas in the OpenAPI document', async () => {
    const document = (await request(t.app).get(`${PREFIX}/openapi.json`).expect(200)).body;
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, { content: { 'application/json': { schema: object } } }> }>>;
    for (const [path, method, status] of [
      ['/screening/{customerId}/credentials', 'put', '200'],
      ['/screening/{customerId}/check-connection-status', 'get', '200'],
      ['/verification/customers/{customerId}/businesses/{businessId}/screening', 'post', '200'],
      ['/verification/businesses/{businessId}/screening', 'get', '202'],
      ['/verification/businesses/{businessId}/screenings', 'get', '200'],
      ['/verification/businesses/{businessId}/screenings/{screeningId}', 'get', '200'],
    ]) {
      expect(paths[path]?.[method]?.responses[status].content['application/json'].schema).toMatchObject({ properties: { status: { const: 'success' } } });
    }
  });

  describe('when the worker runs a screening whose business or credentials are gone', () => {
    it('marks it FAILED with the reason, without retrying', async () => {
      const removedBusiness = await newBusiness(customer);
      const gone = (await run(customer, removedBusiness, {}).expect(200)).body.data.screening.id;
      await t.removeBusiness(removedBusiness);
      const customerId = randomUUID();
      await connect(customerId, { icas: ['1996'] });
      const businessId = await newBusiness(customerId);
      const orphan = (await run(customerId, businessId, {}, t.keys.tokenFor({ role: 'ADMIN' })).expect(200)).body.data.screening.id;
      await t.db('integration.screening_credentials').where({ customer_id: customerId }).delete();

      workerConnection = createRedisConnection(t.redisUrl, 'worker');
      await t.area.startWorkers(workerConnection);
      const ended = (id: string) =>
        eventually(async () => {
          const row = await t.db('integration.screenings').where({ id }).first();
          return row.status === 'FAILED' ? row : undefined;
        });
      expect(await ended(gone)).toMatchObject({ failure_reason: 'The business no longer exists for this customer.', attempts: 1 });
      expect(await ended(orphan)).toMatchObject({ failure_reason: 'The screening credentials were removed before the screening ran.', attempts: 1 });
      const eventsOf = (screeningId: string) => t.db('integration.outbox_events').whereRaw(`data->>'screening_id' = ?`, [screeningId]).select('type', 'customer_id', 'data');
      expect(await eventsOf(gone)).toEqual([{ type: 'screening.failed', customer_id: customer, data: { customer_id: customer, business_id: removedBusiness, screening_id: gone } }]);
      expect(await eventsOf(orphan)).toEqual([{ type: 'screening.failed', customer_id: customerId, data: { customer_id: customerId, business_id: businessId, screening_id: orphan } }]);
    });
  });
});
