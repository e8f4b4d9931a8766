import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createProducer, screeningQueue, type Producer } from '@kyb/queues';
import { createPgVendorAnswerStore } from '../providers/vendor-answers.store';
import { startFakeVendor, type FakeVendor } from '../test-support/fake-vendor';
import { overloaded } from '../test-support/fakes/match-pro/match-pro-errors';
import { matchProFake } from '../test-support/fakes/match-pro/match-pro.fake';
import { matchProTestClient, SOUND_ALIKE_MERCHANT, unrelatedMerchants, type MatchProTestClient } from '../test-support/fakes/match-pro/match-pro.samples';
import { eventually, startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { pkcs12Of } from '../test-support/match-pro-keystore';
import { storeCredentials, testConsumerKey, testKeyMaterial } from '../test-support/screening-credentials';

const PREFIX = '/integration/api/v1';
const PASSWORD = 'keystore-pass-9';
const DAY = 24 * 3600 * 1000;
/** Tokens outlive the clock moved past a certificate's expiry. */
const TEN_YEARS = 10 * 365 * 24 * 3600;

/*
 * A tenant that chose match-pro for merchant-screening is checked and screened by MATCH Pro (its
 * fake, which verifies every signature) with its choice's credentials, through the guard and counted;
 * a tenant beside it stays on the sandbox with the contract's credentials.
 */
describe("a tenant's merchant screening on its chosen MATCH Pro", () => {
  let t: IntegrationTestApp;
  let fake: FakeVendor;
  let jobs: Producer<{ screeningId: string }>;
  const client = matchProTestClient();
  const flaky = matchProTestClient();
  const stranger = matchProTestClient();
  const keystore = pkcs12Of(client.privateKey, PASSWORD);
  /** Every answer the tests read, searched for credentials at the end. */
  const answered: string[] = [];

  beforeAll(async () => {
    const consumers = Object.fromEntries([client, flaky].map((c) => [c.consumerKey, { publicKey: c.publicKey, acquirerIds: ['1996'] }]));
    const state = matchProFake({ consumers, terminated: [SOUND_ALIKE_MERCHANT, ...unrelatedMerchants(2)] });
    // MATCH Pro failing every inquiry about one merchant (a 503 with its documented body).
    fake = await startFakeVendor((req) => (req.method === 'POST' && req.body.includes('Overloaded') ? overloaded() : state.answer(req)));
    t = await startIntegrationTestApp({ providerBaseUrls: { matchPro: `${fake.baseUrl}/mcp/match/api` } });
    jobs = createProducer(screeningQueue, { connection: t.redis, prefix: t.redisPrefix });
  });
  afterEach(() => t.clock.set(undefined));
  afterAll(async () => {
    await jobs.close();
    await t.close();
    await fake.close();
  });

  const tokenOf = (customerId: string) => t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' }, TEN_YEARS);
  const kept = <T extends { body: unknown }>(res: T): T => (answered.push(JSON.stringify(res.body)), res);
  const choose = async (customerId: string, credentials: Record<string, string>) =>
    kept(await request(t.app).put(`${PREFIX}/customers/${customerId}/providers/merchant-screening`).set('Authorization', `Bearer ${tokenOf(customerId)}`).send({ adapter: 'match-pro', credentials, settings: { acquirer_id: '1996' } }).expect(200));
  const pem = (c: MatchProTestClient) => ({ consumer_key: c.consumerKey, signing_key: c.privateKey });
  const connection = async (customerId: string) =>
    kept(await request(t.app).get(`${PREFIX}/screening/${customerId}/check-connection-status`).set('Authorization', `Bearer ${tokenOf(customerId)}`).expect(200)).body.data.statusConnection;
  const newBusiness = async (customerId: string, name: string) => {
    const id = randomUUID();
    await t.business({ id, customerId, name, owners: [{ firstName: 'John', lastName: 'Doe' }] });
    return id;
  };
  const run = async (customerId: string, businessId: string, status = 200) =>
    kept(await request(t.app).post(`${PREFIX}/verification/customers/${customerId}/businesses/${businessId}/screening`).set('Authorization', `Bearer ${tokenOf(customerId)}`).send({}).expect(status)).body;
  /** The business's latest screening once it ended; delayed retries are promoted so no backoff is waited out. */
  const ended = (customerId: string, businessId: string) =>
    eventually(async () => {
      for (const job of await jobs.queue.getDelayed()) await job.promote().catch(() => undefined);
      const res = await request(t.app).get(`${PREFIX}/verification/businesses/${businessId}/screening`).set('Authorization', `Bearer ${tokenOf(customerId)}`);
      return res.status === 200 ? kept(res).body.data : undefined;
    }, 20_000);
  const usageOf = (customerId: string, calls: number) =>
    eventually(async () => {
      const res = kept(await request(t.app).get(`${PREFIX}/customers/${customerId}/provider-usage`).set('Authorization', `Bearer ${tokenOf(customerId)}`).expect(200));
      const usage = res.body.data.usage as Array<{ calls: number }>;
      return usage.length > 0 && usage[0].calls === calls ? usage : undefined;
    });
  const inquiries = (name: string) => fake.requests.filter((r) => r.method === 'POST' && r.body.includes(name)).map((r) => JSON.parse(r.body).terminationInquiryRequest);

  it("checks the connection with the choice's PEM key, then screens as its acquirer ID: the fake's possible match, every call counted", async () => {
    const chooser = randomUUID();
    await choose(chooser, pem(client));
    expect(await connection(chooser)).toEqual({ status: 'CONNECTED', message: 'Connection established successfully', details: { isActive: true, expiresAt: null, certificateExpiry: null } });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/mcp/match/api/countries' });

    const businessId = await newBusiness(chooser, 'Bluewater Bait Shop LLC');
    const screeningId = (await run(chooser, businessId)).data.screening.id;
    expect(await t.db('integration.screenings').where({ id: screeningId }).first()).toMatchObject({ provider: 'match-pro', icas: ['1996'] });
    const result = await ended(chooser, businessId);
    expect(result.screening).toMatchObject({ id: screeningId, status: 'COMPLETED' });
    expect(result.matchData).toMatchObject({
      matchResult: 'Possible Match',
      icas: ['1996'],
      providerReference: expect.stringMatching(/^1996\d{8}$/),
      merchant: {
        name: 'PHONETIC',
        terminatedMerchant: { name: 'BLUWOTER BAYT SHOPP LLC', terminationReasonCode: '03', terminationReason: 'Laundering', terminationDate: '2022-11-02', addedByIca: '7421' },
      },
    });
    expect(inquiries('Bluewater Bait Shop LLC').map((inquiry) => inquiry.acquirerId)).toEqual(['1996']);
    // MATCH's raw answers (the inquiry, then its page) kept beside the result, not in it.
    const [answer] = await createPgVendorAnswerStore({ db: t.db, dataKeys: t.dataKeys }).ofScreening(screeningId);
    expect([answer.check, answer.adapter, JSON.parse(answer.raw)]).toEqual(['MATCH', 'match-pro', [expect.stringContaining('BLUWOTER'), expect.stringContaining('BLUWOTER')]]);
    // The route's check, E3's check, the screening (its inquiry and its page read as one call).
    expect(await usageOf(chooser, 3)).toEqual([{ month: expect.stringMatching(/^\d{4}-\d{2}$/), capability: 'merchant-screening', adapter: 'match-pro', calls: 3, failures: 0 }]);
  });

  it("with a PKCS#12 keystore: its certificate's expiry, the contract's stored ICAs searched, and EXPIRED once the certificate passed", async () => {
    const tenant = randomUUID();
    await choose(tenant, { consumer_key: client.consumerKey, pkcs12: keystore, keystore_password: PASSWORD });
    const status = await connection(tenant);
    expect(status).toMatchObject({ status: 'CONNECTED', details: { isActive: true, expiresAt: status.details.certificateExpiry } });
    const expiry = new Date(status.details.certificateExpiry);
    expect(expiry.getTime() - Date.now()).toBeGreaterThan(DAY);

    await storeCredentials(t, tenant, { consumer_key: testConsumerKey(), private_key: testKeyMaterial(30).privateKey, certificate_expiry: '2030-01-01T00:00:00Z', icas: ['5318', '1996'] });
    const businessId = await newBusiness(tenant, 'Keystore Kites LLC');
    await run(tenant, businessId);
    expect((await ended(tenant, businessId)).screening).toMatchObject({ status: 'COMPLETED', icas: ['5318', '1996'] });
    expect(inquiries('Keystore Kites LLC').map((inquiry) => inquiry.acquirerId)).toEqual(['1996']);

    t.clock.set(new Date(expiry.getTime() + 1000));
    const expired = { status: 'EXPIRED', message: `The screening certificate expired on ${expiry.toISOString()}.`, details: { isActive: false, expiresAt: expiry.toISOString(), certificateExpiry: expiry.toISOString() } };
    expect(await connection(tenant)).toEqual(expired);
    expect(await run(tenant, businessId, 409)).toEqual({
      status: 'fail',
      message: 'Screening connection is not established (EXPIRED): the certificate has expired; store new screening credentials.',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'ScreeningConnectionError', statusConnection: expired },
    });
  });

  it('answers ERROR for a key MATCH Pro refuses, and E3 refuses to screen with it', async () => {
    const tenant = randomUUID();
    await choose(tenant, pem(stranger));
    const refused = { status: 'ERROR', message: 'MATCH Pro refused the credentials (HTTP 401)', details: { isActive: false, expiresAt: null, certificateExpiry: null } };
    expect(await connection(tenant)).toEqual(refused);
    const businessId = await newBusiness(tenant, 'Stranger Things LLC');
    expect(await run(tenant, businessId, 409)).toEqual({
      status: 'fail',
      message: 'Screening connection is not established (ERROR): MATCH Pro refused the credentials (HTTP 401) Store valid screening credentials.',
      errorCode: 'NOT_ALLOWED',
      data: { errorName: 'ScreeningConnectionError', statusConnection: refused },
    });
    expect(await t.db('integration.screenings').where({ business_id: businessId })).toEqual([]);
  });

  it('answers ERROR, reaching no vendor, when the sealed credentials of the choice no longer open', async () => {
    const tenant = randomUUID();
    await choose(tenant, pem(client));
    await t.db('integration.provider_settings').where({ customer_id: tenant, capability: 'merchant-screening' }).update({ credentials_sealed: 'd1.damaged' });
    const asked = fake.requests.length;
    expect(await connection(tenant)).toEqual({
      status: 'ERROR',
      message: 'The stored merchant-screening provider credentials could not be read; choose the adapter again.',
      details: { isActive: false, expiresAt: null, certificateExpiry: null },
    });
    expect(fake.requests.length).toBe(asked);
  });

  it("ends a screening MATCH Pro keeps failing (503) FAILED with the vendor's reason after the job's retries, one inquiry an attempt", async () => {
    const tenant = randomUUID();
    await choose(tenant, pem(flaky));
    const businessId = await newBusiness(tenant, 'Overloaded Outfitters LLC');
    const screeningId = (await run(tenant, businessId)).data.screening.id;
    const result = await ended(tenant, businessId);
    expect(result).toEqual({ matchData: null, screening: expect.objectContaining({ id: screeningId, status: 'FAILED', failure_reason: 'MATCH Pro failed (HTTP 503) Gave up after 5 attempts.' }) });
    expect((await t.db('integration.screenings').where({ id: screeningId }).first()).attempts).toBe(5);
    expect(inquiries('Overloaded Outfitters LLC')).toHaveLength(5);
    expect(await usageOf(tenant, 6)).toEqual([{ month: expect.any(String), capability: 'merchant-screening', adapter: 'match-pro', calls: 6, failures: 5 }]);
  });

  it("keeps another tenant on the sandbox with the contract's credentials, reaching no vendor", async () => {
    const other = randomUUID();
    const material = testKeyMaterial(400);
    await storeCredentials(t, other, { consumer_key: testConsumerKey(), private_key: material.privateKey, certificate: material.certificate, icas: ['2000'] });
    const asked = fake.requests.length;
    expect(await connection(other)).toEqual({
      status: 'CONNECTED',
      message: 'Connection established successfully',
      details: { isActive: true, expiresAt: material.certificateExpiry.toISOString(), certificateExpiry: material.certificateExpiry.toISOString() },
    });
    const businessId = await newBusiness(other, 'Bluewater Bait Shop LLC');
    const screeningId = (await run(other, businessId)).data.screening.id;
    expect((await ended(other, businessId)).screening).toMatchObject({ status: 'COMPLETED', icas: ['2000'] });
    expect(await t.db('integration.screenings').where({ id: screeningId }).first()).toMatchObject({ provider: 'sandbox' });
    expect(fake.requests.length).toBe(asked);
    expect(await t.db('integration.provider_usage').where({ customer_id: other })).toEqual([]);
  });

  it('answered no credential of any tenant', () => {
    const secrets = [client, flaky, stranger].flatMap((c) => [c.consumerKey, ...c.privateKey.split('\n').slice(1, -2)]).concat([keystore.slice(0, 64), PASSWORD]);
    expect(answered.length).toBeGreaterThan(15);
    expect(answered.filter((text) => secrets.some((secret) => text.includes(secret)))).toEqual([]);
  });
});
