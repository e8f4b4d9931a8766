import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createLogger } from '@kyb/http';
import { businessEnrichmentQueue, createProducer, type Producer } from '@kyb/queues';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';

const TIN = '987654321';

/* Verification as a step of enrichment, read through GET /business/{businessID}/verification. */
describe('business verification', () => {
  let t: IntegrationTestApp;
  let jobs: Producer<{ businessId: string; customerId: string }>;
  const logLines: string[] = [];
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    const logger = createLogger({ level: 'trace', name: 'verification-test', destination: new Writable({ write: (chunk, _e, done) => (logLines.push(String(chunk)), done()) }) });
    t = await startIntegrationTestApp({ logger });
    jobs = createProducer(businessEnrichmentQueue, { connection: t.redis, prefix: t.redisPrefix });
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
  });
  afterAll(async () => {
    await jobs.close();
    await t.close();
  });

  const get = (businessId: string, token = owner) =>
    request(t.app).get(`/integration/api/v1/business/${businessId}/verification`).set('Authorization', `Bearer ${token}`);

  async function business(name: string, options: { tin?: string | null; naicsCode?: string; enrich?: boolean } = {}): Promise<string> {
    const id = randomUUID();
    await t.business({ id, customerId, name, naicsCode: options.naicsCode, owners: [{ firstName: 'Ann', lastName: 'Lee', ssnMasked: 'XXXXX1234' }] });
    await t.tin(id, options.tin === undefined ? TIN : options.tin);
    if (options.enrich !== false) await jobs.add({ businessId: id, customerId }, { jobId: `enrich-${id}` });
    return id;
  }
  const verified = (businessId: string) =>
    eventually(async () => {
      const res = await get(businessId).expect(200);
      return res.body.data.verification_state === 'COMPLETED' ? res.body : undefined;
    });
  const results = (body: { data: { checks: Array<{ code: string; result: string }> } }) => body.data.checks.map((c) => `${c.code} ${c.result}`);

  it('before any verification: 200, UNVERIFIED and PENDING, no checks', async () => {
    const id = await business('Waiting Dental', { enrich: false });
    expect((await get(id).expect(200)).body).toEqual({
      status: 'success',
      message: 'Business verification fetched successfully',
      data: { business_id: id, status: 'UNVERIFIED', verification_state: 'PENDING', verified_at: null, checks: [], status_history: [] },
    });
  });

  /** The verification once the business's sanctions screening (a job after the enrichment) brought its SANCTIONS check up to date. */
  const screened = (businessId: string) =>
    eventually(async () => {
      const res = await get(businessId).expect(200);
      const sanctions = res.body.data.checks.find((c: { code: string }) => c.code === 'SANCTIONS');
      return sanctions && sanctions.reason !== 'The business has not been screened against the sanctions lists yet.' ? res.body : undefined;
    });

  it('a clean business becomes VERIFIED with its five checks and the change in its history; the TIN is nowhere to be seen', async () => {
    const id = await business('Longwood Dental LLC');
    const body = await screened(id);
    expect(body.message).toBe('Business verification fetched successfully');
    expect(body.data).toMatchObject({ business_id: id, status: 'VERIFIED', verification_state: 'COMPLETED', verified_at: expect.any(String) });
    expect(body.data.checks).toEqual([
      { code: 'TIN_MATCH', label: 'TIN matches the legal name', result: 'PASS', reason: 'The TIN is registered to the legal name.' },
      { code: 'SOS_FILING', label: expect.any(String), result: 'PASS', reason: "The secretary-of-state filing in FL is active under the business's name." },
      { code: 'ADDRESS', label: expect.any(String), result: 'PASS', reason: 'The address is a valid deliverable address.' },
      { code: 'OFFICERS', label: expect.any(String), result: 'PASS', reason: '1 of 1 owner is listed as an officer on the filing.' },
      {
        code: 'SANCTIONS',
        label: 'No confirmed sanctions hit on the business or its owners',
        result: 'PASS',
        reason: 'No name of the business or its owners is a sanctions hit (none found, or every one dismissed).',
      },
    ]);
    expect(body.data.status_history).toEqual([
      { from_status: null, to_status: 'VERIFIED', reason: expect.stringContaining('TIN matches'), changed_at: body.data.verified_at },
    ]);
    // The screening brought the check up to date in place: still one verification.
    expect(await t.db('integration.business_verifications').where({ business_id: id })).toHaveLength(1);
    expect(JSON.stringify(body)).not.toContain(TIN);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(TIN);
    const stored = await t.db('integration.business_verifications').where({ business_id: id });
    expect(JSON.stringify(stored)).not.toContain(TIN);
  });

  it.each([
    ['Mismatch Dental', 'TIN_MATCH FAIL', 'UNVERIFIED'],
    ['Dissolved Dental', 'SOS_FILING FAIL', 'UNVERIFIED'],
    ['Registry Down Dental', 'SOS_FILING UNAVAILABLE', 'UNVERIFIED'],
    // ADDRESS and OFFICERS are shown but do not decide the status (VERIFIED needs TIN_MATCH and SOS_FILING).
    ['Nowhere Dental', 'ADDRESS FAIL', 'VERIFIED'],
    ['Nominee Dental', 'OFFICERS FAIL', 'VERIFIED'],
  ])('%s: %s, %s; the enrichment task succeeds at its first attempt', async (name, check, status) => {
    const id = await business(name);
    const body = await verified(id);
    expect(results(body)).toContain(check);
    expect(body.data.status).toBe(status);
    expect(body.data.status_history).toEqual([expect.objectContaining({ from_status: null, to_status: status })]);
    const [task] = await t.db('integration.integration_tasks').where({ business_id: id });
    expect(task).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
  });

  it('without a TIN, TIN_MATCH is UNAVAILABLE and the business UNVERIFIED', async () => {
    const id = await business('Tinless Dental', { tin: null });
    const body = await verified(id);
    expect(body.data.status).toBe('UNVERIFIED');
    expect(body.data.checks[0]).toEqual({
      code: 'TIN_MATCH',
      label: 'TIN matches the legal name',
      result: 'UNAVAILABLE',
      reason: 'The business has no TIN to match against its legal name.',
    });
    expect(body.data.status_history[0].reason).toBe('TIN_MATCH UNAVAILABLE: The business has no TIN to match against its legal name.');
  });

  it('classifies a business the client sent no NAICS code for, and never one with the client’s code', async () => {
    const without = await business('Sunrise Bakery');
    const withCode = await business('Sunrise Pizza', { naicsCode: '541110' });
    await verified(without);
    await verified(withCode);
    expect(await t.db('integration.business_classification_directory').where({ business_id: without }).first()).toMatchObject({
      naics_code: '311811',
      mcc_code: '5462',
      provider: 'sandbox',
      classified_at: expect.any(Date),
    });
    expect(await t.db('integration.business_classifications').where({ business_id: withCode })).toEqual([]);
  });

  it("answers 403 for another tenant's or an unknown business, and 400 for a businessID that is not a UUID", async () => {
    const id = await business('Private Dental', { enrich: false });
    const stranger = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), subrole: 'owner' });
    const denied = { status: 'fail', message: 'You are not allowed to access the data.', errorCode: 'UNAUTHORIZED', data: { errorName: 'AccessMiddlewareError' } };
    expect((await get(id, stranger).expect(403)).body).toMatchObject(denied);
    expect((await get(randomUUID()).expect(403)).body).toMatchObject(denied);
    expect((await get('not-a-uuid').expect(400)).body).toMatchObject({ data: { errorName: 'ValidationMiddlewareError' } });
    await request(t.app).get(`/integration/api/v1/business/${id}/verification`).expect(401);
    const reader = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'custom', permissions: [] });
    expect((await get(id, reader).expect(403)).body).toMatchObject({ data: { errorName: 'PermissionMiddlewareError', permission: 'businesses:read' } });
  });

  it('a sanctions hit waits for review without changing the status; confirmed it fails the SANCTIONS check and unverifies the business, dismissed it verifies it again', async () => {
    const id = await business('Sanctioned Longwood Dental LLC');
    const open = await screened(id);
    expect([open.data.status, open.data.checks.at(-1)]).toEqual([
      'VERIFIED',
      { code: 'SANCTIONS', label: expect.any(String), result: 'UNAVAILABLE', reason: "1 hit on the business's or an owner's name waits for review (watchlist hits)." },
    ]);
    const [hit] = (await request(t.app).get(`/integration/api/v1/business/${id}/watchlist`).set('Authorization', `Bearer ${owner}`).expect(200)).body.data.hits;
    const review = (status: string) =>
      request(t.app).patch(`/integration/api/v1/customers/${customerId}/watchlist-hits/${hit.id}`).set('Authorization', `Bearer ${owner}`).send({ status, note: `Reviewed: ${status}.` }).expect(200);

    await review('CONFIRMED');
    const confirmed = (await get(id).expect(200)).body.data;
    expect([confirmed.status, confirmed.checks.at(-1).result, confirmed.checks.at(-1).reason]).toEqual([
      'UNVERIFIED',
      'FAIL',
      "1 hit on the business's or an owner's name was confirmed on a sanctions list.",
    ]);
    expect(confirmed.status_history[0]).toMatchObject({ from_status: 'VERIFIED', to_status: 'UNVERIFIED', reason: expect.stringContaining('SANCTIONS FAIL') });
    const unverified = await t.db('integration.outbox_events').where({ type: 'business.unverified' }).whereRaw(`data->>'business_id' = ?`, [id]);
    expect(unverified).toHaveLength(1);

    await review('DISMISSED');
    const dismissed = (await get(id).expect(200)).body.data;
    expect([dismissed.status, dismissed.checks.at(-1).result, dismissed.status_history.map((h: { to_status: string }) => h.to_status)]).toEqual(['VERIFIED', 'PASS', ['VERIFIED', 'UNVERIFIED', 'VERIFIED']]);
  });
});
