import type { BusinessProfile } from '../providers/business-profile';
import { ProviderError } from '../providers/providers.errors';
import { sampleProfile } from '../test-support/business-profile.sample';
import {
  createSandboxAddressProvider,
  createSandboxStateFilingProvider,
  createSandboxTinMatchProvider,
  hasVerificationTrigger,
  NOMINEE_OFFICER,
} from './sandbox-verification.providers';

const business = (name: string, owners: BusinessProfile['owners'] = []): BusinessProfile => sampleProfile(name, { owners });
const ann = { id: 'o1', firstName: 'Ann', lastName: 'Lee', line1: null, city: null, state: null, postalCode: null, country: null };

describe('sandbox verification providers', () => {
  it('read triggers at the start of a word, case-insensitively; registry-down as two words in a row', () => {
    expect(hasVerificationTrigger('Acme MISMATCHED Co', 'mismatch')).toBe(true);
    expect(hasVerificationTrigger('Acmemismatch Co', 'mismatch')).toBe(false);
    expect(hasVerificationTrigger('Acme Registry Down LLC', 'registry-down')).toBe(true);
    expect(hasVerificationTrigger('Acme registry-down', 'registry-down')).toBe(true);
    expect(hasVerificationTrigger('Registry Co Down', 'registry-down')).toBe(false);
  });

  it('match a nine-digit TIN to the legal name unless the name says mismatch', async () => {
    const tins = createSandboxTinMatchProvider();
    expect(await tins.matchTin({ tin: '123456789', legalName: 'Longwood Dental LLC' })).toEqual({ matched: true });
    expect(await tins.matchTin({ tin: '123456789', legalName: 'Mismatch Dental LLC' })).toEqual({ matched: false });
    expect(await tins.matchTin({ tin: '12345', legalName: 'Longwood Dental LLC' })).toEqual({ matched: false });
  });

  it('file every business as active under its name with its owners as officers, unless steered', async () => {
    const filings = createSandboxStateFilingProvider();
    expect(await filings.findFiling(business('Longwood Dental LLC', [ann]))).toEqual({
      registeredName: 'Longwood Dental LLC',
      active: true,
      status: 'Active',
      state: 'FL',
      officers: [{ firstName: 'Ann', lastName: 'Lee', title: 'Officer' }],
    });
    expect(await filings.findFiling(business('Dissolved Dental', [ann]))).toMatchObject({ active: false, status: 'Dissolved' });
    expect(await filings.findFiling(business('Nominee Holdings', [ann]))).toMatchObject({ active: true, officers: [NOMINEE_OFFICER] });
    const down = filings.findFiling(business('Registry Down Dental'));
    await expect(down).rejects.toBeInstanceOf(ProviderError);
    await expect(down).rejects.toMatchObject({ transient: true });
  });

  it('find every address deliverable unless the name says nowhere', async () => {
    const addresses = createSandboxAddressProvider();
    const address = { line1: '1 Main St', city: 'Longwood', state: 'FL', postalCode: '32750', country: 'US' };
    expect(await addresses.checkAddress(address, business('Longwood Dental'))).toEqual({ deliverable: true });
    expect(await addresses.checkAddress(address, business('Nowhere Dental'))).toEqual({ deliverable: false });
  });
});
