import { generateKeyPairSync } from 'node:crypto';
import type { BusinessProfile } from '../providers/business-profile';
import { ProviderError } from '../providers/providers.errors';
import { createSandboxScreeningProvider, SANDBOX_SCREENING_TRIGGERS, sandboxOutcome, TERMINATION_REASONS } from './sandbox-screening.provider';
import type { ScreeningCredentials } from '../providers/screening.provider';

const business = (name: string, id = '2e6438cb-ec3f-4e94-b5c9-8c058d2efaf1'): BusinessProfile => ({
  id,
  customerId: '0b5fa2a4-5c0e-4c3e-9a51-6f1c0f0d2a11',
  name,
  officialWebsite: null,
  mobile: '+14155550132',
  addressLine1: '1 Main St',
  addressCity: 'Longwood',
  addressState: 'FL',
  addressPostalCode: '32850',
  addressCountry: 'US',
  owners: [
    { id: 'a6f1b3f0-0000-4000-8000-000000000001', firstName: 'John', lastName: 'Doe', line1: null, city: null, state: null, postalCode: null, country: null },
    { id: 'a6f1b3f0-0000-4000-8000-000000000002', firstName: 'Jane', lastName: 'Roe', line1: null, city: null, state: null, postalCode: null, country: null },
  ],
});

const pem = (type: 'ec' | 'ed25519' | 'x25519'): string => {
  const pair = type === 'ec' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : type === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('x25519');
  return pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
};

const credentials = (overrides: Partial<ScreeningCredentials> = {}): ScreeningCredentials => ({
  consumerKey: 'ck-sandbox',
  privateKey: pem('ec'),
  certificate: null,
  certificateExpiry: new Date('2099-01-01T00:00:00Z'),
  acquirerId: null,
  ...overrides,
});

describe('sandbox screening provider', () => {
  const provider = createSandboxScreeningProvider({ delayMs: 0 });

  it('answers the same outcome for the same business and ICAs, and another reference for other ICAs', async () => {
    const first = await provider.screen({ business: business('Terminated Traders'), icas: ['1996'], credentials: credentials() });
    const second = await provider.screen({ business: business('Terminated Traders'), icas: ['1996'], credentials: credentials() });
    expect(second).toEqual(first);
    expect(sandboxOutcome(business('Terminated Traders'), ['2000']).providerReference).not.toBe(first.providerReference);
  });

  it("answers 'No Match' with every field NONE and one principal per owner for an ordinary name", () => {
    const outcome = sandboxOutcome(business('Clean Coffee'), ['1996', '2000']);
    expect(outcome).toEqual({
      matchResult: 'No Match',
      merchant: { name: 'NONE', doingBusinessAs: 'NONE', address: 'NONE', phone: 'NONE', url: 'NONE', terminatedMerchant: null },
      principals: [
        { ownerId: 'a6f1b3f0-0000-4000-8000-000000000001', firstName: 'John', lastName: 'Doe', name: 'NONE', address: 'NONE', phone: 'NONE' },
        { ownerId: 'a6f1b3f0-0000-4000-8000-000000000002', firstName: 'Jane', lastName: 'Roe', name: 'NONE', address: 'NONE', phone: 'NONE' },
      ],
      icasSearched: ['1996', '2000'],
      providerReference: expect.stringMatching(/^SBX-[0-9A-F]{20}$/),
    });
  });

  it("answers 'Match' for a name containing 'terminated' in any case: name, address and first owner EXACT", () => {
    const outcome = sandboxOutcome(business('ACME TERMINATED LLC'), ['5555', '1996']);
    expect(outcome.matchResult).toBe('Match');
    expect(outcome.merchant).toMatchObject({ name: 'EXACT', address: 'EXACT', doingBusinessAs: 'NONE', phone: 'NONE', url: 'NONE' });
    expect(outcome.principals.map((p) => p.name)).toEqual(['EXACT', 'NONE']);
    const terminated = outcome.merchant.terminatedMerchant;
    expect(terminated).toMatchObject({ name: 'ACME TERMINATED LLC', addedByIca: '5555' });
    expect(TERMINATION_REASONS).toContainEqual({ code: terminated?.terminationReasonCode, text: terminated?.terminationReason });
    expect(terminated?.terminationDate).toMatch(/^20(18|19|20|21|22)-\d\d-\d\d$/);
  });

  it('chooses the termination reason by business id, always the same for one business', () => {
    const ids = Array.from({ length: 40 }, (_v, i) => `2e6438cb-ec3f-4e94-b5c9-${String(i).padStart(12, '0')}`);
    const codes = ids.map((id) => sandboxOutcome(business('Terminated', id), ['1']).merchant.terminatedMerchant?.terminationReasonCode);
    expect(new Set(codes).size).toBeGreaterThan(1);
    expect(ids.map((id) => sandboxOutcome(business('Terminated', id), ['1']).merchant.terminatedMerchant?.terminationReasonCode)).toEqual(codes);
  });

  it("answers 'Possible Match' with a phonetic name and a terminated merchant for a name containing 'similar'", () => {
    const outcome = sandboxOutcome(business('Similar Goods'), ['1996']);
    expect(outcome.matchResult).toBe('Possible Match');
    expect(outcome.merchant).toMatchObject({ name: 'PHONETIC', address: 'NONE', terminatedMerchant: { name: 'Simmilar Goods', addedByIca: '1996' } });
    expect(outcome.principals.map((p) => p.name)).toEqual(['NONE', 'NONE']);
  });

  it("fails transiently for a name containing 'screenfail'", async () => {
    const failure = await provider.screen({ business: business('ScreenFail Corp'), icas: ['1996'], credentials: credentials() }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ transient: true, message: 'The screening network is temporarily unavailable.' });
  });

  it('takes delayMs to answer', async () => {
    const slow = createSandboxScreeningProvider({ delayMs: 60 });
    const started = Date.now();
    await slow.screen({ business: business('Clean'), icas: ['1'], credentials: credentials() });
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });

  it('accepts a connection whose key can sign (EC or Ed25519)', async () => {
    for (const privateKey of [pem('ec'), pem('ed25519')]) {
      expect(await provider.checkConnection(credentials({ privateKey }))).toEqual({ ok: true, message: 'Connection established successfully' });
    }
  });

  it("rejects a consumer key containing 'revoked', and a key that cannot sign", async () => {
    expect(await provider.checkConnection(credentials({ consumerKey: 'ck-REVOKED-1' }))).toEqual({ ok: false, message: 'The screening network rejected the consumer key.' });
    for (const privateKey of [pem('x25519'), 'not a key']) {
      expect(await provider.checkConnection(credentials({ privateKey }))).toEqual({
        ok: false,
        message: 'The private key cannot sign requests to the screening network.',
      });
    }
  });

  it('documents each trigger word with its effect', () => {
    expect(Object.keys(SANDBOX_SCREENING_TRIGGERS)).toEqual(['terminated', 'similar', 'screenfail', 'revoked']);
    for (const [word, effect] of Object.entries(SANDBOX_SCREENING_TRIGGERS)) expect(effect).toContain(`'${word}'`);
  });
});
