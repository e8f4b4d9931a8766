import type { BusinessProfile } from '../providers/business-profile';

/** A business as providers see it, for tests of providers and checks: a Longwood, FL business without owners unless given. */
export function sampleProfile(name: string, overrides: Partial<BusinessProfile> = {}): BusinessProfile {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    customerId: '22222222-2222-4222-8222-222222222222',
    name,
    officialWebsite: null,
    mobile: null,
    addressLine1: '1 Main St',
    addressCity: 'Longwood',
    addressState: 'FL',
    addressPostalCode: '32750',
    addressCountry: 'US',
    owners: [],
    ...overrides,
  };
}
