import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { matchProTestClient } from '../test-support/fakes/match-pro/match-pro.samples';
import { pkcs12Of } from '../test-support/match-pro-keystore';
import { testPrivateKey } from '../test-support/screening-credentials';
import { startIntegrationTestApp, type IntegrationTestApp } from '../test-support/integration-test-app';
import { credentialsFingerprint } from './credentials-fingerprint';

const PREFIX = '/integration/api/v1';
const PASSWORD = 'keystore-pass-7';

/* Choosing MATCH Pro for merchant screening: its fields, and its key checked for real before it is sealed. */
describe("a customer's merchant-screening choice of match-pro", () => {
  let t: IntegrationTestApp;
  const customerId = randomUUID();
  const client = matchProTestClient();
  const keystore = pkcs12Of(client.privateKey, PASSWORD);
  beforeAll(async () => {
    t = await startIntegrationTestApp({ workers: false });
  });
  afterAll(() => t.close());

  const put = (body: object) =>
    request(t.app)
      .put(`${PREFIX}/customers/${customerId}/providers/merchant-screening`)
      .set('Authorization', `Bearer ${t.keys.tokenFor({ role: 'CUSTOMER', customerId, subrole: 'owner' })}`)
      .send(body);
  const refusal = (message: string, errorName = 'ProviderCredentialsError') => ({ status: 'fail', message, errorCode: 'INVALID', data: { errorName } });
  const settings = { acquirer_id: '1996' };
  const secretsOf = (text: string) => [client.consumerKey, keystore.slice(0, 40), PASSWORD, ...client.privateKey.split('\n').slice(1, -2)].filter((secret) => text.includes(secret));

  it('keeps a PEM signing key sealed and answers only its fingerprint and the acquirer ID', async () => {
    const credentials = { consumer_key: client.consumerKey, signing_key: client.privateKey };
    const res = await put({ adapter: 'match-pro', credentials, settings }).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Provider saved successfully',
      data: { customer_id: customerId, capability: 'merchant-screening', source: 'customer', adapter: 'match-pro', settings, credentials_fingerprint: credentialsFingerprint(credentials), updated_at: expect.any(String) },
    });
    const row = await t.db('integration.provider_settings').where({ customer_id: customerId, capability: 'merchant-screening' }).first();
    const act = await t.db('integration.audit_outbox').where({ action: 'provider.configured', customer_id: customerId }).orderBy('id', 'desc').first();
    expect(secretsOf(JSON.stringify([row, act]))).toEqual([]);
    expect(JSON.parse(await t.dataKeys.open(row.credentials_sealed))).toEqual(credentials);
  });

  it('keeps a PKCS#12 keystore that opens with its password, as given', async () => {
    const credentials = { consumer_key: client.consumerKey, pkcs12: keystore, keystore_password: PASSWORD };
    const res = await put({ adapter: 'match-pro', credentials, settings }).expect(200);
    expect(res.body.data).toMatchObject({ adapter: 'match-pro', credentials_fingerprint: credentialsFingerprint(credentials) });
    expect(secretsOf(JSON.stringify(res.body))).toEqual([]);
    const row = await t.db('integration.provider_settings').where({ customer_id: customerId, capability: 'merchant-screening' }).first();
    expect(JSON.parse(await t.dataKeys.open(row.credentials_sealed))).toEqual(credentials);
  });

  it.each([
    ['a signing key that is no key', { signing_key: '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n' }, 'The MATCH Pro signing key could not be read.'],
    ['a signing key that is not RSA', { signing_key: testPrivateKey() }, 'The MATCH Pro signing key is not an RSA key (Mastercard signs requests with RSA-SHA256).'],
    ['a keystore with a wrong password', { pkcs12: keystore, keystore_password: 'not-the-password' }, 'The MATCH Pro keystore (PKCS#12) could not be opened with its password.'],
    ['a keystore that is not one', { pkcs12: 'bm90IGEga2V5c3RvcmU=', keystore_password: PASSWORD }, 'The MATCH Pro keystore (PKCS#12) could not be opened with its password.'],
    ['a keystore without its password', { pkcs12: keystore }, 'pkcs12 needs its keystore_password.'],
    ['both key forms', { signing_key: client.privateKey, pkcs12: keystore, keystore_password: PASSWORD }, 'match-pro takes one signing key: signing_key (PEM), or pkcs12 (base64) with keystore_password.'],
    ['no key at all', {}, 'match-pro takes one signing key: signing_key (PEM), or pkcs12 (base64) with keystore_password.'],
    ['a password beside a PEM key', { signing_key: client.privateKey, keystore_password: PASSWORD }, 'keystore_password goes with pkcs12 only.'],
  ])('refuses %s with 400 ProviderCredentialsError, storing nothing', async (_case, key, message) => {
    const before = await t.db('integration.provider_settings').where({ customer_id: customerId, capability: 'merchant-screening' }).first();
    expect((await put({ adapter: 'match-pro', credentials: { consumer_key: client.consumerKey, ...key }, settings }).expect(400)).body).toEqual(refusal(message));
    expect(await t.db('integration.provider_settings').where({ customer_id: customerId, capability: 'merchant-screening' }).first()).toEqual(before);
  });

  it.each([
    ['no acquirer ID', {}, "body.settings must have required property 'acquirer_id'"],
    ['an acquirer ID that is no ICA', { acquirer_id: '19-96' }, 'body.settings.acquirer_id must match pattern "^[a-zA-Z0-9]+$"'],
  ])('refuses %s by the schema', async (_case, given, message) => {
    const res = await put({ adapter: 'match-pro', credentials: { consumer_key: client.consumerKey, signing_key: client.privateKey }, settings: given }).expect(400);
    expect(res.body).toEqual(refusal(message, 'ValidationMiddlewareError'));
  });

  it('offers match-pro beside the sandbox', async () => {
    expect((await put({ adapter: 'worldcheck' }).expect(400)).body).toEqual(refusal("No adapter 'worldcheck' for merchant-screening: one of match-pro, sandbox", 'ProviderAdapterError'));
  });
});
