import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createProducer, screeningQueue, type Producer } from '@kyb/queues';
import { expectSameShape } from '@kyb/testing';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { TERMINATION_REASONS } from './sandbox-screening.provider';
import { heldSandbox } from './test-providers';
import { storeCredentials, testConsumerKey, testKeyMaterial } from '../test-support/screening-credentials';

// A copy of ../shared/reference/samples/screening-result.response.200.json.
const sample = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/screening-result.response.200.json'), 'utf8'));
const PREFIX = '/integration/api/v1';

describe('screening results', () => {
  const network = heldSandbox();
  let t: IntegrationTestApp;
  let jobs: Producer<{ screeningId: string }>;
  const customer = randomUUID();
  let token: string;

  beforeAll(async () => {
    t = await startIntegrationTestApp({ screeningProvider: network.provider });
    jobs = createProducer(screeningQueue, { connection: t.redis, prefix: t.redisPrefix });
    const material = testKeyMaterial(400);
    await storeCredentials(t, customer, { consumer_key: testConsumerKey(), private_key: material.privateKey, certificate: material.certificate, icas: ['1996', '2000'] });
    token = t.keys.tokenFor({ role: 'CUSTOMER', customerId: customer, subrole: 'user' });
  });
  afterAll(async () => {
    network.release();
    await jobs.close();
    await t.close();
  });

  const newBusiness = async (name: string, customerId = customer) => {
    const id = randomUUID();
    await t.business({ id, customerId, name, owners: [{ firstName: 'John', lastName: 'Doe' }, { firstName: 'Jane', lastName: 'Roe' }] });
    return id;
  };
  const run = async (businessId: string, body: object = {}) =>
    (
      await request(t.app)
        .post(`${PREFIX}/verification/customers/${customer}/businesses/${businessId}/screening`)
        .set('Authorization', `Bearer ${token}`)
        .send(body)
        .expect(200)
    ).body.data.screening.id as string;
  const get = (path: string, bearer = token) => request(t.app).get(`${PREFIX}/verification/businesses/${path}`).set('Authorization', `Bearer ${bearer}`);
  /** The screening events of the business in the outbox, oldest first. */
  const eventsOf = (businessId: string) =>
    t.db('integration.outbox_events').whereRaw(`data->>'business_id' = ?`, [businessId]).where('type', 'like', 'screening.%').orderBy('seq').select('type', 'customer_id', 'data');
  const event = (type: string, businessId: string, screeningId: string) => ({ type, customer_id: customer, data: { customer_id: customer, business_id: businessId, screening_id: screeningId } });
  const ended = (businessId: string) =>
    eventually(async () => {
      const res = await get(`${businessId}/screening`);
      return res.status === 200 ? res : undefined;
    });

  it('answers 404 ScreeningNotFoundError before any screening of the business', async () => {
    const businessId = await newBusiness('Quiet Books Inc');
    expect((await get(`${businessId}/screening`).expect(404)).body).toEqual({
      status: 'fail',
      message: 'No screening has been run for this business.',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'ScreeningNotFoundError' },
    });
  });

  it("answers 'No Match' in the shape of the sample once the worker has screened a clean business", async () => {
    const businessId = await newBusiness('Clean Coffee Roasters');
    const screeningId = await run(businessId);
    const res = await ended(businessId);
    expect(res.body.message).toBe('Screening result retrieved successfully');
    expectSameShape(res.body, sample);
    const none = { name: 'NONE', address: 'NONE', phone: 'NONE' };
    expect(res.body.data).toEqual({
      matchData: {
        businessId,
        matchResult: 'No Match',
        screeningId,
        icas: ['1996', '2000'],
        merchant: { ...none, doingBusinessAs: 'NONE', url: 'NONE', terminatedMerchant: null },
        principals: [
          { ownerId: expect.any(String), firstName: 'John', lastName: 'Doe', ...none },
          { ownerId: expect.any(String), firstName: 'Jane', lastName: 'Roe', ...none },
        ],
        providerReference: expect.stringMatching(/^SBX-[0-9A-F]{20}$/),
        screenedAt: expect.any(String),
      },
      screening: {
        id: screeningId,
        status: 'COMPLETED',
        icas: ['1996', '2000'],
        created_at: expect.any(String),
        updated_at: expect.any(String),
        completed_at: res.body.data.matchData.screenedAt,
        failure_reason: null,
      },
    });
    // Ids only: the match data (names of people) stays out of the event.
    expect(await eventsOf(businessId)).toEqual([event('screening.completed', businessId, screeningId)]);
  });

  it("answers 'Match' with the terminated merchant and the first owner's name for a 'terminated' business", async () => {
    const businessId = await newBusiness('Terminated Traders Ltd');
    await run(businessId, { icas: ['5555', '1996'] });
    const { matchData } = (await ended(businessId)).body.data;
    expect(matchData).toMatchObject({
      matchResult: 'Match',
      icas: ['5555', '1996'],
      merchant: { name: 'EXACT', address: 'EXACT', phone: 'NONE', terminatedMerchant: { name: 'Terminated Traders Ltd', addedByIca: '5555' } },
      principals: [{ firstName: 'John', name: 'EXACT' }, { firstName: 'Jane', name: 'NONE' }],
    });
    const { terminationReasonCode, terminationReason, terminationDate } = matchData.merchant.terminatedMerchant;
    expect(TERMINATION_REASONS).toContainEqual({ code: terminationReasonCode, text: terminationReason });
    expect(new Date(terminationDate).getTime()).toBeLessThan(Date.now());
  });

  it("answers 'Possible Match' with a phonetic name for a 'similar' business", async () => {
    const businessId = await newBusiness('Similar Goods Co');
    await run(businessId);
    expect((await ended(businessId)).body.data.matchData).toMatchObject({
      matchResult: 'Possible Match',
      merchant: { name: 'PHONETIC', address: 'NONE', terminatedMerchant: { name: 'Simmilar Goods Co' } },
      principals: [{ name: 'NONE' }, { name: 'NONE' }],
    });
  });

  it('answers 202 while the screening runs, then the result', async () => {
    network.hold();
    const businessId = await newBusiness('Slow Lane Logistics');
    const screeningId = await run(businessId);
    const waiting = await get(`${businessId}/screening`).expect(202);
    expect(waiting.body).toEqual({
      status: 'success',
      message: 'Screening is still processing.',
      data: { matchData: null, screening: expect.objectContaining({ id: screeningId, status: expect.stringMatching(/^(PENDING|PROCESSING)$/), completed_at: null }) },
    });
    await eventually(async () => ((await t.db('integration.screenings').where({ id: screeningId }).first()).status === 'PROCESSING' ? true : undefined));
    expect((await get(`${businessId}/screenings/${screeningId}`).expect(202)).body.data.screening.status).toBe('PROCESSING');
    network.release();
    expect((await ended(businessId)).body.data.screening.status).toBe('COMPLETED');
  });

  it('marks the screening FAILED with a reason once transient failures use up the attempts', async () => {
    const businessId = await newBusiness('Screenfail Holdings');
    const screeningId = await run(businessId);
    // Retries wait out an exponential backoff; promote them so the test does not.
    const res = await eventually(async () => {
      for (const job of await jobs.queue.getDelayed()) await job.promote().catch(() => undefined);
      const answer = await get(`${businessId}/screening`);
      return answer.status === 200 ? answer : undefined;
    }, 20000);
    expect(res.body).toEqual({
      status: 'success',
      message: 'The latest screening failed.',
      data: {
        matchData: null,
        screening: expect.objectContaining({
          id: screeningId,
          status: 'FAILED',
          failure_reason: 'The screening network is temporarily unavailable. Gave up after 5 attempts.',
        }),
      },
    });
    expect((await t.db('integration.screenings').where({ id: screeningId }).first()).attempts).toBe(5);
    // Four retried attempts were not final; the fifth was.
    expect(await eventsOf(businessId)).toEqual([event('screening.failed', businessId, screeningId)]);
    expect((await get(`${businessId}/screenings/${screeningId}`).expect(200)).body.message).toBe('The screening failed.');
  });

  it('marks the screening FAILED at once when the provider refuses it for good', async () => {
    const businessId = await newBusiness('Refused Ventures');
    const screeningId = await run(businessId);
    const res = await ended(businessId);
    expect(res.body.data.screening).toMatchObject({ id: screeningId, status: 'FAILED', failure_reason: 'The screening network refused the inquiry.' });
    expect(Date.parse(res.body.data.screening.completed_at)).toBeGreaterThanOrEqual(Date.parse(res.body.data.screening.created_at));
    expect((await t.db('integration.screenings').where({ id: screeningId }).first()).attempts).toBe(1);
    // FAILED is committed inside the job, before BullMQ completes it.
    await eventually(async () => ((await jobs.queue.getJob(`screening-${screeningId}`))?.finishedOn ? true : undefined));
    expect(await (await jobs.queue.getJob(`screening-${screeningId}`))?.getState()).toBe('completed');
    expect(await eventsOf(businessId)).toEqual([event('screening.failed', businessId, screeningId)]);
  });

  it('lists every screening of the business, newest first, with the list conventions', async () => {
    const businessId = await newBusiness('History Makers LLC');
    const ids: string[] = [];
    for (const icas of [['1996'], ['2000'], ['3000']]) {
      ids.push(await run(businessId, { icas }));
      await eventually(async () => ((await t.db('integration.screenings').where({ id: ids[ids.length - 1] }).first()).status === 'COMPLETED' ? true : undefined));
    }
    const all = (await get(`${businessId}/screenings`).expect(200)).body;
    expect(all.message).toBe('Screenings retrieved successfully');
    expect(all.data.records.map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    expect(all.data).toMatchObject({ total_pages: 1, total_items: '3' });
    expect(all.data.records[0]).toMatchObject({ status: 'COMPLETED', icas: ['3000'], match_result: 'No Match' });
    const paged = (await get(`${businessId}/screenings?items_per_page=1&page=2`).expect(200)).body.data;
    expect(paged).toEqual({ records: [expect.objectContaining({ id: ids[1] })], total_pages: 3, total_items: '3' });
    const oldest = (await get(`${businessId}/screenings?sort[created_at]=asc`).expect(200)).body.data;
    expect(oldest.records.map((r: { id: string }) => r.id)).toEqual(ids);
    expect((await get(`${businessId}/screenings?sort[name]=asc`).expect(400)).body.data.errorName).toBe('ValidationMiddlewareError');
    expect((await get(`${businessId}/screenings/${ids[0]}`).expect(200)).body.data.matchData).toMatchObject({ screeningId: ids[0], icas: ['1996'] });
  });

  it('answers 404 ScreeningNotFoundError for a screening of another business', async () => {
    const businessId = await newBusiness('Neighbour One');
    const screeningId = await run(businessId);
    const other = await newBusiness('Neighbour Two');
    expect((await get(`${other}/screenings/${screeningId}`).expect(404)).body).toEqual({
      status: 'fail',
      message: 'Screening not found for this business.',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'ScreeningNotFoundError' },
    });
  });

  it.each([
    ['screening', 'screening'],
    ['screenings', 'screenings'],
    ['screenings/{screeningId}', `screenings/${randomUUID()}`],
  ])(
    'guards /verification/businesses/{businessId}/%s: 403 another tenant and unknown business (404 only to an ADMIN), 401 applicant, 400 not a UUID',
    async (_path, suffix) => {
      expect((await get(`${randomUUID()}/${suffix}`).expect(403)).body.data.errorName).toBe('AccessMiddlewareError');
      expect((await get(`${randomUUID()}/${suffix}`, t.keys.tokenFor({ role: 'ADMIN' })).expect(404)).body).toEqual({
        status: 'fail',
        message: 'Business not found',
        errorCode: 'NOT_FOUND',
        data: { errorName: 'BusinessApiError' },
      });
      const theirs = await newBusiness('Elsewhere Inc', randomUUID());
      expect((await get(`${theirs}/${suffix}`).expect(403)).body).toEqual({
        status: 'fail',
        message: 'You are not allowed to access the data.',
        errorCode: 'UNAUTHORIZED',
        data: { errorName: 'AccessMiddlewareError' },
      });
      const applicant = t.keys.tokenFor({ role: 'APPLICANT', customerId: customer, businessIds: [theirs] });
      expect((await get(`${theirs}/${suffix}`, applicant).expect(401)).body.message).toBe('Role Not Allowed');
      expect((await get(`nope/${suffix}`).expect(400)).body.message).toBe('params.businessId must match format "uuid"');
    },
  );
});
