import type { BusinessDirectory } from '@kyb/area-views';
import type { BusinessProfile } from './business-profile';

/** What providers are told about a business (no TIN or SSN), or undefined when it is gone. */
export async function loadBusinessProfile(businesses: BusinessDirectory, businessId: string): Promise<BusinessProfile | undefined> {
  const business = await businesses.find(businessId);
  if (!business) return undefined;
  const owners = await businesses.owners(businessId);
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
