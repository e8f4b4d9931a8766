import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import request from 'supertest';
import { USER_PERMISSIONS } from '@kyb/auth';
import { testActor } from '@kyb/auth/testing';
import { createLogger } from '@kyb/http';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { createSandboxScreeningProvider } from './sandbox-screening.provider';
import { createScreeningCredentialsService } from './screening-credentials.service';
import { createPgScreeningCredentialsStore } from './screening-credentials.store';
import { testConsumerKey, testKeyMaterial, testPrivateKey, type TestKeyMaterial } from '../test-support/screening-credentials';

const PREFIX = '/integration/api/v1';

describe('PUT /screening/{customerId}/credentials', () => {
  let t: IntegrationTestApp;
  let material: TestKeyMaterial;
  let other: TestKeyMaterial;
  const customerId = randomUUID();
  let owner: string;

  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
    material = testKeyMaterial(400);
    other = testKeyMaterial(30);
    owner = t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' });
  });
  afterAll(() => t.close());

  const put = (body: unknown, token = owner, id: string = customerId) =>
    request(t.app).put(`${PREFIX}/screening/${id}/credentials`).set('Authorization', `Bearer ${token}`).send(body as object);
  const full = (overrides: Record<string, unknown> = {}) => ({
    consumer_key: testConsumerKey(),
    private_key: material.privateKey,
    certificate: material.certificate,
    icas: ['1996', '2000'],
    acquirer_id: 'ACQ-1',
    ...overrides,
  });

  it('stores the credentials sealed and answers only what may be shown, with the expiry read from the certificate', async () => {
    const body = full({ certificate_expiry: '2035-01-01T00:00:00Z' });
    const res = await put(body).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Screening credentials saved successfully',
      data: {
        customer_id: customerId,
        has_certificate: true,
        certificate_expiry: material.certificateExpiry.toISOString(),
        icas: ['1996', '2000'],
        acquirer_id: 'ACQ-1',
        updated_at: expect.any(String),
      },
    });
    const answered = JSON.stringify(res.body);
    const row = await t.db('integration.screening_credentials').where({ customer_id: customerId }).first();
    const stored = JSON.stringify(row);
    for (const text of [answered, stored]) {
      expect(text).not.toContain('BEGIN');
      expect(text).not.toContain(body.consumer_key);
      expect(text).not.toContain(material.privateKey.split('\n')[1]);
      expect(text).not.toContain(material.certificate.split('\n')[1]);
    }
    // Sealed with the customer's data key, which the value names (ADR 0023).
    expect(row.sealed).toMatch(/^d1\.[0-9a-f-]{36}\./);
    expect(JSON.parse(await t.dataKeys.open(row.sealed))).toEqual({
      consumer_key: body.consumer_key,
      private_key: material.privateKey,
      certificate: material.certificate,
    });
    // Audited with the caller and the request, never a key (no workers here: the act waits in the area's outbox).
    const entry = await t.db('integration.audit_outbox').where({ action: 'screening_credentials.saved', request_id: res.headers['x-request-id'] }).first();
    expect(entry).toMatchObject({ customer_id: customerId, actor_role: 'CUSTOMER', target_type: 'customer', target_id: customerId, details: { has_certificate: true, icas: 2 } });
    expect(JSON.stringify(entry)).not.toContain(body.consumer_key);
  });

  it('replaces earlier credentials of the customer, and takes certificate_expiry when no certificate is given', async () => {
    const res = await put({ consumer_key: testConsumerKey(), private_key: testPrivateKey(), certificate_expiry: '2031-06-30T12:00:00+02:00' }).expect(200);
    expect(res.body.data).toMatchObject({ has_certificate: false, certificate_expiry: '2031-06-30T10:00:00.000Z', icas: [], acquirer_id: null });
    expect(await t.db('integration.screening_credentials').where({ customer_id: customerId }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('lets an ADMIN store credentials for any customer there is, and answers 404 for one there is not', async () => {
    const other = randomUUID();
    expect((await put(full(), t.keys.tokenFor({ role: 'ADMIN' }), other).expect(404)).body).toEqual({
      status: 'fail',
      message: 'Customer not found',
      errorCode: 'NOT_FOUND',
      data: { errorName: 'CustomerApiError' },
    });
    await t.customer(other);
    await put(full(), t.keys.tokenFor({ role: 'ADMIN' }), other).expect(200);
  });

  it('refuses an APPLICANT with 401 Role Not Allowed', async () => {
    expect((await put(full(), t.keys.tokenFor({ role: 'APPLICANT', customerId })).expect(401)).body).toEqual({
      status: 'fail',
      message: 'Role Not Allowed',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'RoleMiddlewareError' },
    });
  });

  it.each([
    ['the read-only user subrole', { role: 'CUSTOMER' as const, customerId, subrole: 'user', permissions: [...USER_PERMISSIONS] }],
    ['a CUSTOMER user without a subrole', { role: 'CUSTOMER' as const, customerId, subrole: null, permissions: [] }],
  ])('refuses %s with 403 PermissionMiddlewareError (profile:write), before the body is checked', async (_who, caller) => {
    expect((await put({ not: 'a valid body' }, t.keys.tokenFor(caller)).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You do not have permission to perform this action.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'PermissionMiddlewareError', permission: 'profile:write' },
    });
  });

  it('checks the path before the tenant: an owner naming a customerId that is not a UUID gets 400, not 403', async () => {
    const res = await put(full(), owner, 'not-a-uuid').expect(400);
    expect(res.body).toEqual({ status: 'fail', message: 'params.customerId must match format "uuid"', errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
  });

  it("refuses an owner of another tenant with 403 AccessMiddlewareError", async () => {
    expect((await put(full(), owner, randomUUID()).expect(403)).body).toEqual({
      status: 'fail',
      message: 'You are not allowed to access the data.',
      errorCode: 'UNAUTHORIZED',
      data: { errorName: 'AccessMiddlewareError' },
    });
  });

  it('refuses a request without a token', async () => {
    const res = await request(t.app).put(`${PREFIX}/screening/${customerId}/credentials`).send(full()).expect(401);
    expect(res.body.message).toBe('Authorization header not present');
  });

  it.each([
    ['a missing consumer_key', { private_key: 'x' }, "body must have required property 'consumer_key'"],
    ['a missing private_key', { consumer_key: 'k' }, "body must have required property 'private_key'"],
    ['an empty consumer_key', { consumer_key: '', private_key: 'x' }, 'body.consumer_key must NOT have fewer than 1 characters'],
    ['a consumer_key of 501 characters', { consumer_key: 'k'.repeat(501), private_key: 'x' }, 'body.consumer_key must NOT have more than 500 characters'],
    ['an extra field', { consumer_key: 'k', private_key: 'x', password: 'p' }, "body must NOT have additional properties: 'password'"],
    ['a private_key that is not text', { consumer_key: 'k', private_key: 7 }, 'body.private_key must be string'],
    ['a certificate_expiry that is no date-time', { consumer_key: 'k', private_key: 'x', certificate_expiry: 'next year' }, 'body.certificate_expiry must match format "date-time"'],
    ['an ICA with a dash', { consumer_key: 'k', private_key: 'x', icas: ['12-3'] }, 'body.icas.0 must match pattern "^[a-zA-Z0-9]+$"'],
    ['a repeated ICA', { consumer_key: 'k', private_key: 'x', icas: ['1', '1'] }, 'body.icas must NOT have duplicate items (items ## 1 and 0 are identical)'],
    ['101 ICAs', { consumer_key: 'k', private_key: 'x', icas: Array.from({ length: 101 }, (_v, i) => `${i}`) }, 'body.icas must NOT have more than 100 items'],
  ])('answers %s with 400 ValidationMiddlewareError', async (_case, body, message) => {
    expect((await put(body).expect(400)).body).toEqual({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
  });

  it('answers a customerId that is not a UUID with 400 ValidationMiddlewareError', async () => {
    const res = await put(full(), t.keys.tokenFor({ role: 'ADMIN' }), 'not-a-uuid').expect(400);
    expect(res.body).toEqual({ status: 'fail', message: 'params.customerId must match format "uuid"', errorCode: 'INVALID', data: { errorName: 'ValidationMiddlewareError' } });
  });

  it.each([
    ['a private key that does not parse', () => full({ private_key: 'not a key' }), 'private_key is not a readable PEM private key (an unencrypted PKCS#8, PKCS#1 or SEC1 key is expected).'],
    ['a public key instead of a private one', () => full({ private_key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString() }), 'private_key is not a readable PEM private key (an unencrypted PKCS#8, PKCS#1 or SEC1 key is expected).'],
    ['a certificate that does not parse', () => full({ certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n' }), 'certificate is not a readable PEM X.509 certificate.'],
    ['a certificate of another key', () => full({ certificate: other.certificate }), 'certificate does not belong to private_key: the public key in the certificate does not match it.'],
    ['neither a certificate nor its expiry', () => ({ consumer_key: 'k', private_key: material.privateKey }), 'certificate_expiry is required when no certificate is given.'],
  ])('refuses %s with 400 ScreeningCredentialsError', async (_case, body, message) => {
    expect((await put(body()).expect(400)).body).toEqual({ status: 'fail', message, errorCode: 'INVALID', data: { errorName: 'ScreeningCredentialsError' } });
  });

  it('writes no secret to the log when saving', async () => {
    const lines: string[] = [];
    const destination = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const service = createScreeningCredentialsService({
      store: createPgScreeningCredentialsStore(t.db),
      dataKeys: t.dataKeys,
      provider: createSandboxScreeningProvider({ delayMs: 0 }),
      clock: () => new Date(),
      logger: createLogger({ level: 'trace', name: 'screening-test', destination }),
    });
    const consumerKey = testConsumerKey();
    await service.save(testActor('CUSTOMER', null, { userId: randomUUID() }), randomUUID(), { consumer_key: consumerKey, private_key: material.privateKey, certificate: material.certificate });
    const logged = lines.join('\n');
    expect(logged).toContain('screening credentials saved');
    for (const secret of [consumerKey, 'BEGIN', material.privateKey.split('\n')[1], material.certificate.split('\n')[1]]) {
      expect(logged).not.toContain(secret);
    }
  });
});
