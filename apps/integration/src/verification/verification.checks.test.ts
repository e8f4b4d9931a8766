import type { BusinessProfile } from '../providers/business-profile';
import { ProviderError } from '../providers/providers.errors';
import { sampleProfile } from '../test-support/business-profile.sample';
import { createSandboxVerificationProviders } from './sandbox-verification.providers';
import { comparableName } from '../providers/comparable-name';
import { runVerificationChecks, statusReason, verificationStatus } from './verification.checks';
import type { VerificationProviders } from '../providers/verification.providers';

const owner = (firstName: string, lastName: string) => ({ id: lastName, firstName, lastName, line1: null, city: null, state: null, postalCode: null, country: null });
const profile = (name: string, overrides: Partial<BusinessProfile> = {}): BusinessProfile => sampleProfile(name, { owners: [owner('Ann', 'Lee')], ...overrides });

describe('verification checks', () => {
  const sandbox = createSandboxVerificationProviders();
  const unexpected = jest.fn();
  const run = (business: BusinessProfile, tin: string | null = '123456789', providers: VerificationProviders = sandbox) =>
    runVerificationChecks({ profile: business, readTin: async () => tin }, providers, unexpected);
  const results = async (...args: Parameters<typeof run>) => (await run(...args)).map((c) => `${c.code} ${c.result}`);

  beforeEach(() => unexpected.mockReset());

  it('pass all four for a clean business with a TIN, in the order they are shown', async () => {
    const checks = await run(profile('Longwood Dental LLC'));
    expect(checks.map((c) => `${c.code} ${c.result}`)).toEqual(['TIN_MATCH PASS', 'SOS_FILING PASS', 'ADDRESS PASS', 'OFFICERS PASS']);
    expect(checks.every((c) => c.reason.length > 10)).toBe(true);
    expect(verificationStatus(checks)).toBe('VERIFIED');
  });

  it.each([
    ['Mismatch Dental', 'TIN_MATCH FAIL'],
    ['Dissolved Dental', 'SOS_FILING FAIL'],
    ['Nowhere Dental', 'ADDRESS FAIL'],
    ['Nominee Dental', 'OFFICERS FAIL'],
    ['Registry Down Dental', 'SOS_FILING UNAVAILABLE'],
    ['Registry Down Dental', 'OFFICERS UNAVAILABLE'],
  ])('%s: %s', async (name, expected) => {
    expect(await results(profile(name))).toContain(expected);
  });

  it('are UNAVAILABLE without a TIN, an address, owners or listed officers', async () => {
    expect(await results(profile('Longwood Dental'), null)).toContain('TIN_MATCH UNAVAILABLE');
    expect((await run(profile('Longwood Dental'), null))[0].reason).toBe('The business has no TIN to match against its legal name.');
    expect(await results(profile('Longwood Dental', { addressLine1: null }))).toContain('ADDRESS UNAVAILABLE');
    expect(await results(profile('Longwood Dental', { owners: [] }))).toContain('OFFICERS UNAVAILABLE');
    const noOfficers = { ...sandbox, filings: { name: 'x', findFiling: async () => ({ registeredName: 'Longwood Dental', active: true, status: 'Active', state: 'FL', officers: [] }) } };
    expect(await results(profile('Longwood Dental'), '123456789', noOfficers)).toEqual(['TIN_MATCH PASS', 'SOS_FILING PASS', 'ADDRESS PASS', 'OFFICERS UNAVAILABLE']);
  });

  it('fail the filing check when there is none or its name differs; legal suffixes and punctuation do not count', async () => {
    const filing = (registeredName: string | null) => ({
      ...sandbox,
      filings: { name: 'x', findFiling: async () => registeredName === null ? null : { registeredName, active: true, status: 'Active', state: 'FL', officers: [] } },
    });
    expect(await results(profile('Longwood Dental LLC'), '123456789', filing('LONGWOOD DENTAL, L.L.C.'))).toContain('SOS_FILING PASS');
    expect(await results(profile('Longwood Dental LLC'), '123456789', filing('Shortwood Dental LLC'))).toContain('SOS_FILING FAIL');
    expect(await results(profile('Longwood Dental LLC'), '123456789', filing(null))).toEqual(['TIN_MATCH PASS', 'SOS_FILING FAIL', 'ADDRESS PASS', 'OFFICERS UNAVAILABLE']);
    expect(comparableName('The Acme Co., Inc.')).toBe('acme');
  });

  it('turn provider errors and bugs into UNAVAILABLE with a reason, telling only of bugs', async () => {
    const broken: VerificationProviders = {
      tinMatch: { name: 'x', matchTin: async () => Promise.reject(new ProviderError('The TIN-matching service timed out.', { transient: true })) },
      filings: { name: 'x', findFiling: async () => Promise.reject(new TypeError('bug')) },
      addresses: { name: 'x', checkAddress: async () => Promise.reject(new ProviderError('Refused.', { transient: false })) },
    };
    const checks = await run(profile('Longwood Dental'), '123456789', broken);
    expect(checks.map((c) => c.result)).toEqual(['UNAVAILABLE', 'UNAVAILABLE', 'UNAVAILABLE', 'UNAVAILABLE']);
    expect(checks[0].reason).toBe('The TIN-matching provider could not answer (The TIN-matching service timed out); it will be checked again with the next enrichment.');
    expect(checks[2].reason).toContain('the provider refused the request');
    expect(unexpected).toHaveBeenCalledTimes(1);
    expect(unexpected).toHaveBeenCalledWith('SOS_FILING', expect.any(TypeError));
    expect(verificationStatus(checks)).toBe('UNVERIFIED');
  });

  it("carry a real vendor's details into the reasons and tell each answer's trace under its check", async () => {
    const trace = (adapter: string) => ({ adapter, version: 'v1', raw: `{"from":"${adapter}"}` });
    const vendor: VerificationProviders = {
      tinMatch: { name: 'tin', matchTin: async () => ({ matched: false, code: '3', description: 'The TIN and name do not match IRS records.', trace: trace('tin') }) },
      filings: {
        name: 'registry',
        findFiling: async () => ({ registeredName: 'Longwood Dental', active: true, status: 'Active', state: 'DE', officers: [], companyNumber: '42', incorporationDate: '2011-04-02', trace: trace('registry') }),
      },
      addresses: { name: 'address', checkAddress: async () => ({ deliverable: true, dpvMatch: 'Y', cmra: true, trace: trace('address') }) },
    };
    const traced = jest.fn();
    const checks = await runVerificationChecks({ profile: profile('Longwood Dental'), readTin: async () => '123456789' }, vendor, unexpected, traced);
    expect(checks.map((c) => [c.code, c.result, c.reason])).toEqual([
      ['TIN_MATCH', 'FAIL', 'The TIN is not registered to the legal name (IRS code 3: The TIN and name do not match IRS records).'],
      ['SOS_FILING', 'PASS', "The secretary-of-state filing in DE is active under the business's name (number 42, registered 2011-04-02)."],
      ['ADDRESS', 'FAIL', 'The address is a commercial mail receiving agency (a mailbox store), not a place of business.'],
      ['OFFICERS', 'UNAVAILABLE', 'The filing lists no officers.'],
    ]);
    expect(traced.mock.calls.sort()).toEqual([['ADDRESS', trace('address')], ['SOS_FILING', trace('registry')], ['TIN_MATCH', trace('tin')]]);
    // The sandboxes keep no trace.
    traced.mockReset();
    await runVerificationChecks({ profile: profile('Longwood Dental'), readTin: async () => '123456789' }, sandbox, unexpected, traced);
    expect(traced).not.toHaveBeenCalled();
  });

  it('explain the status: which of the TIN and filing checks did not pass', () => {
    const checks = [
      { code: 'TIN_MATCH' as const, result: 'FAIL' as const, reason: 'The TIN is not registered to the legal name.' },
      { code: 'SOS_FILING' as const, result: 'PASS' as const, reason: 'ok' },
      { code: 'ADDRESS' as const, result: 'FAIL' as const, reason: 'no' },
    ];
    expect(statusReason('UNVERIFIED', checks)).toBe('TIN_MATCH FAIL: The TIN is not registered to the legal name.');
    expect(statusReason('VERIFIED', checks)).toBe('The TIN matches the legal name and the secretary-of-state filing is active.');
  });
});
