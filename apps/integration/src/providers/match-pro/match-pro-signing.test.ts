import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testPrivateKey } from '../../test-support/screening-credentials';
import { startFakeVendor, type FakeAnswer, type FakeVendor } from '../../test-support/fake-vendor';
import { overloaded } from '../../test-support/fakes/match-pro/match-pro-errors';
import { matchProFake } from '../../test-support/fakes/match-pro/match-pro.fake';
import { credentialsOf, matchProTestClient, sampleBusiness } from '../../test-support/fakes/match-pro/match-pro.samples';
import { ProviderError } from '../providers.errors';
import { createMatchProScreeningProvider } from './match-pro-screening.provider';
import { signingKeyFromPkcs12, type MatchProCredentials } from './match-pro-signing';

const client = matchProTestClient();
const stranger = matchProTestClient();
const PASSWORD = 'keystore-pass-1';

/** The client's key in a PKCS#12 keystore (base64), as Mastercard Developers hands one out, made with openssl. */
function pkcs12Of(privateKey: string, password: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'match-pro-p12-'));
  try {
    writeFileSync(join(dir, 'key.pem'), privateKey, { mode: 0o600 });
    execFileSync('openssl', ['req', '-x509', '-new', '-key', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=match-pro-test'], { stdio: 'pipe' });
    execFileSync('openssl', ['pkcs12', '-export', '-inkey', join(dir, 'key.pem'), '-in', join(dir, 'cert.pem'), '-name', 'keyalias', '-passout', `pass:${password}`, '-out', join(dir, 'key.p12')], { stdio: 'pipe' });
    return readFileSync(join(dir, 'key.p12')).toString('base64');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('MATCH Pro credentials and the connection check', () => {
  let fake: FakeVendor;
  let instead: FakeAnswer | null = null;
  const state = matchProFake({ consumers: { [client.consumerKey]: { publicKey: client.publicKey, acquirerIds: ['1996'] } }, terminated: [] });
  beforeAll(async () => {
    fake = await startFakeVendor((request) => instead ?? state.answer(request));
  });
  afterAll(() => fake.close());
  const provider = () => createMatchProScreeningProvider({ baseUrl: `${fake.baseUrl}/mcp/match/api` });
  const keystore = pkcs12Of(client.privateKey, PASSWORD);
  const fromKeystore = (password: string): MatchProCredentials => ({ ...credentialsOf(client, '1996'), privateKey: '', pkcs12: keystore, keystorePassword: password });

  it('signs with the key of a PKCS#12 keystore, which the fake verifies with the public key', async () => {
    const outcome = await provider().screen({ business: sampleBusiness(), icas: ['1996'], credentials: fromKeystore(PASSWORD) });
    expect([outcome.matchResult, outcome.providerReference]).toEqual(['No Match', '199600000001']);
  });

  it('refuses a keystore with a wrong password, a key that is not RSA, and a key that is no key, for good and before any call', async () => {
    const seen = fake.requests.length;
    const refusal = (credentials: MatchProCredentials) => provider().screen({ business: sampleBusiness(), icas: ['1996'], credentials }).then(() => undefined, (err: ProviderError) => [err.message, err.transient]);
    expect(await refusal(fromKeystore('not-the-password'))).toEqual(['The MATCH Pro keystore (PKCS#12) could not be opened with its password.', false]);
    expect(await refusal({ ...credentialsOf(client, '1996'), privateKey: testPrivateKey() })).toEqual(['The MATCH Pro signing key is not an RSA key (Mastercard signs requests with RSA-SHA256).', false]);
    expect(await refusal({ ...credentialsOf(client, '1996'), privateKey: 'not a key' })).toEqual(['The MATCH Pro signing key could not be read.', false]);
    expect(fake.requests.length).toBe(seen);
    expect(() => signingKeyFromPkcs12('bm90IGEga2V5c3RvcmU=', PASSWORD)).toThrow('The MATCH Pro keystore (PKCS#12) could not be opened with its password.');
  });

  it('needs an acquirer ID: the setting, else the first ICA; with neither it fails for good', async () => {
    const outcome = await provider().screen({ business: sampleBusiness(), icas: ['1996'], credentials: credentialsOf(client, null) });
    expect(JSON.parse(fake.requests.at(-2)?.body ?? '{}').terminationInquiryRequest.acquirerId).toBe('1996');
    expect(outcome.icasSearched).toEqual(['1996']);
    const none = await provider().screen({ business: sampleBusiness(), icas: [], credentials: credentialsOf(client, null) }).catch((err: ProviderError) => [err.message, err.transient]);
    expect(none).toEqual(['No acquirer ID (ICA) to make the MATCH Pro inquiry as: set acquirer_id or give an ICA.', false]);
  });

  it('checks the connection with a signed read of the reference countries, which makes no inquiry', async () => {
    instead = null;
    expect(await provider().checkConnection(credentialsOf(client, '1996'))).toEqual({ ok: true, message: 'Connection established successfully' });
    const sent = fake.requests.at(-1);
    expect([sent?.method, sent?.path, sent?.body, sent?.headers.authorization?.startsWith('OAuth ')]).toEqual(['GET', '/mcp/match/api/countries', '', true]);
    expect(await provider().checkConnection(fromKeystore(PASSWORD))).toEqual({ ok: true, message: 'Connection established successfully' });
  });

  it('answers a refused connection in our words, and throws when MATCH Pro cannot answer', async () => {
    instead = null;
    expect(await provider().checkConnection(credentialsOf(stranger, '1996'))).toEqual({ ok: false, message: 'MATCH Pro refused the credentials (HTTP 401)' });
    expect(await provider().checkConnection(fromKeystore('wrong'))).toEqual({ ok: false, message: 'The MATCH Pro keystore (PKCS#12) could not be opened with its password.' });
    instead = overloaded();
    const err = await provider().checkConnection(credentialsOf(client, '1996')).catch((e: ProviderError) => e);
    expect([err instanceof ProviderError, (err as ProviderError).message, (err as ProviderError).transient]).toEqual([true, 'MATCH Pro failed (HTTP 503)', true]);
  });
});
