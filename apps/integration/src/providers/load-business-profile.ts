import type { BusinessDirectory } from '@kyb/area-views';
import { businessProfileOf, type BusinessProfile } from './business-profile';

/** What providers are told about a business (no TIN or SSN), or undefined when it is gone. */
export async function loadBusinessProfile(businesses: BusinessDirectory, businessId: string): Promise<BusinessProfile | undefined> {
  const business = await businesses.find(businessId);
  if (!business) return undefined;
  return businessProfileOf(business, await businesses.owners(businessId));
}
