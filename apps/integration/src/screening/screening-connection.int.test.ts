import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { expectSameShape } from '@kyb/testing';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { storeCredentials, testConsumerKey, testKeyMaterial, testPrivateKey, type TestKeyMaterial } from '../test-support/screening-credentials';

// A copy of ../shared/reference/samples/screening-connection-status.response.200.json.
const sample = JSON.parse(readFileSync(join(__dirname, '../test-support/samples/screening-connection-status.response.200.json'), 'utf8'));
const PREFIX = '/integration/api/v1';
const TEN_YEARS = 10 * 365 * 24 * 3600;

describe('GET /screening/{customerId}/check-connection-status', () => {
  let t: IntegrationTestApp;
  let material: TestKeyMaterial;
  const connected = randomUUID();

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    material = testKeyMaterial(400);
    await storeCredentials(t, connected, { consumer_key: testConsumerKey(), private_key: material.privateKey, certificate: material.certificate });
  });
  afterEach(() => t.clock.set(undefined));
  afterAll(() => t.close());

  const check = (customerId: string, token = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'user' }, TEN_YEARS)) =>
    request(t.app).get(`${PREFIX}/screening/${customerId}/check-connection-status`).set('Authorization', `Bearer ${token}`);
  const details = (expiry: Date) => ({ expiresAt: expiry.toISOString(), certificateExpiry: expiry.toISOString() });

  it('answers CONNECTED in the shape of the sample, for any user of the tenant', async () => {
    const res = await check(connected).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Connection status fetched successfully',
      data: {
        statusConnection: {
          status: 'CONNECTED',
          message: 'Connection established successfully',
          details: { isActive: true, ...details(material.certificateExpiry) },
        },
      },
    });
    expectSameShape(res.body, sample);
  });

  it('answers NOT_CONNECTED when no credentials are stored', async () => {
    expect((await check(randomUUID()).expect(200)).body.data.statusConnection).toEqual({
      status: 'NOT_CONNECTED',
      message: 'No screening credentials are stored for this customer.',
      details: { isActive: false, expiresAt: null, certificateExpiry: null },
    });
  });

  it('answers EXPIRED when the stored certificate_expiry has passed', async () => {
    const customerId = randomUUID();
    await storeCredentials(t, customerId, { consumer_key: testConsumerKey(), private_key: testPrivateKey(), certificate_expiry: '2020-01-01T00:00:00Z' });
    expect((await check(customerId).expect(200)).body.data.statusConnection).toEqual({
      status: 'EXPIRED',
      message: 'The screening certificate expired on 2020-01-01T00:00:00.000Z.',
      details: { isActive: false, ...details(new Date('2020-01-01T00:00:00Z')) },
    });
  });

  it("answers EXPIRED once the clock passes the certificate's expiry", async () => {
    t.clock.set(new Date(material.certificateExpiry.getTime() + 1000));
    expect((await check(connected).expect(200)).body.data.statusConnection).toMatchObject({ status: 'EXPIRED', details: { isActive: false } });
  });

  it('answers ERROR when the network rejects the consumer key', async () => {
    const customerId = randomUUID();
    await storeCredentials(t, customerId, { consumer_key: 'key-revoked-2026', private_key: material.privateKey, certificate: material.certificate });
    expect((await check(customerId).expect(200)).body.data.statusConnection).toEqual({
      status: 'ERROR',
      message: 'The screening network rejected the consumer key.',
      details: { isActive: false, ...details(material.certificateExpiry) },
    });
  });

  it('answers ERROR when the private key cannot sign', async () => {
    const customerId = randomUUID();
    const agreementOnly = generateKeyPairSync('x25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await storeCredentials(t, customerId, { consumer_key: testConsumerKey(), private_key: agreementOnly, certificate_expiry: '2099-01-01T00:00:00Z' });
    expect((await check(customerId).expect(200)).body.data.statusConnection).toMatchObject({
      status: 'ERROR',
      message: 'The private key cannot sign requests to the screening network.',
    });
  });

  it('answers ERROR when the stored credentials cannot be opened', async () => {
    const customerId = randomUUID();
    await storeCredentials(t, customerId, { consumer_key: testConsumerKey(), private_key: material.privateKey, certificate: material.certificate });
    await t.db('integration.screening_credentials').where({ customer_id: customerId }).update({ sealed: 'v1.AAAA.AAAA.AAAA' });
    expect((await check(customerId).expect(200)).body.data.statusConnection).toEqual({
      status: 'ERROR',
      message: 'The stored screening credentials could not be read; store them again.',
      details: { isActive: false, ...details(material.certificateExpiry) },
    });
  });

  it('answers an ADMIN for any customer, and carries an ETag', async () => {
    const res = await check(connected, t.keys.tokenFor({ role: 'ADMIN' })).expect(200);
    expect(res.headers.etag).toBeDefined();
    await check(connected, t.keys.tokenFor({ role: 'ADMIN' })).set('If-None-Match', res.headers.etag).expect(304);
  });

  it('refuses another tenant with 403 AccessMiddlewareError and an APPLICANT with 401', async () => {
    const other = t.keys.tokenFor({ role: 'CUSTOMER', customerId: randomUUID(), subrole: 'owner' });
    expect((await check(connected, other).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You are not allowed to access the data.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'AccessMiddlewareError' },
    });
    const applicant = t.keys.tokenFor({ role: 'APPLICANT', customerId: connected });
    expect((await check(connected, applicant).expect(401)).body.data.errorName).toBe('RoleMiddlewareError');
  });

  it('answers a customerId that is not a UUID with 400 ValidationMiddlewareError', async () => {
    expect((await check('123', t.keys.tokenFor({ role: 'ADMIN' })).expect(400)).body).toEqual({
      status: 'fail',
      message: 'params.customerId must match format "uuid"',
      errorCode: 'INVALID',
      data: { errorName: 'ValidationMiddlewareError' },
    });
  });
});
