import type { BusinessEntry, BusinessOwnerEntry } from '@kyb/area-views';

/** An owner (principal) of a business as a provider sees it. */
export type OwnerProfile = Pick<BusinessOwnerEntry, 'id' | 'firstName' | 'lastName' | 'line1' | 'city' | 'state' | 'postalCode' | 'country'>;

/** What a data provider is told about a business to find it: never TIN or SSN. */
export type BusinessProfile = Pick<
  BusinessEntry,
  'id' | 'customerId' | 'name' | 'officialWebsite' | 'mobile' | 'addressLine1' | 'addressCity' | 'addressState' | 'addressPostalCode' | 'addressCountry'
> & { owners: OwnerProfile[] };

/**
 * The profile of a business read from the directory, with its owners: only the fields providers
 * need, so a TIN, an SSN (even masked) or a client code never reaches one. Pure, shared by the
 * single and the batch enrichment.
 */
export function businessProfileOf(business: BusinessEntry, owners: readonly BusinessOwnerEntry[]): BusinessProfile {
  return {
    id: business.id,
    customerId: business.customerId,
    name: business.name,
    officialWebsite: business.officialWebsite,
    mobile: business.mobile,
    addressLine1: business.addressLine1,
    addressCity: business.addressCity,
    addressState: business.addressState,
    addressPostalCode: business.addressPostalCode,
    addressCountry: business.addressCountry,
    owners: owners.map((o) => ({
      id: o.id,
      firstName: o.firstName,
      lastName: o.lastName,
      line1: o.line1,
      city: o.city,
      state: o.state,
      postalCode: o.postalCode,
      country: o.country,
    })),
  };
}
