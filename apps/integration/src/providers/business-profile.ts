import type { BusinessEntry, BusinessOwnerEntry } from '@kyb/area-views';

/** An owner (principal) of a business as a provider sees it. */
export type OwnerProfile = Pick<BusinessOwnerEntry, 'id' | 'firstName' | 'lastName' | 'line1' | 'city' | 'state' | 'postalCode' | 'country'>;

/** What a data provider is told about a business to find it: never TIN or SSN. */
export type BusinessProfile = Pick<
  BusinessEntry,
  'id' | 'customerId' | 'name' | 'officialWebsite' | 'mobile' | 'addressLine1' | 'addressCity' | 'addressState' | 'addressPostalCode' | 'addressCountry'
> & { owners: OwnerProfile[] };
