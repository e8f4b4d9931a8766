import type { BusinessProfile, OwnerProfile } from '../business-profile';
import { MAX_PRINCIPALS, type MatchProAddress, type MatchProSearchCriteria, type TerminationInquiryRequestBody } from './match-pro.api';

/** Where to search: worldwide by default, or only the MATCH regions and countries (alpha-3) named. */
export interface MatchProSearch {
  regions?: string[];
  countries?: string[];
}

const UNITED_STATES = new Set(['US', 'USA', 'UNITED STATES', 'UNITED STATES OF AMERICA']);

/** MATCH wants ISO alpha-3 countries; ours are free text, mostly the United States. */
export function alpha3(country: string | null): string {
  const text = (country ?? '').trim().toUpperCase();
  if (text === '' || UNITED_STATES.has(text)) return 'USA';
  if (text === 'CA' || text === 'CANADA') return 'CAN';
  return text;
}

/** Digits only, without the US country code: MATCH's phone format ("no format characters"). */
function phoneOf(phone: string | null): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national === '' ? undefined : national;
}

/** A website as MATCH lists URLs: host and path, without the scheme. */
function urlOf(website: string | null): string[] | undefined {
  const url = (website ?? '').trim().replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  return url === '' ? undefined : [url];
}

function addressOf(line1: string | null, city: string | null, state: string | null, postalCode: string | null, country: string | null): MatchProAddress | undefined {
  if (!line1 || !city) return undefined;
  return {
    addressLineOne: line1,
    city,
    ...(state ? { countrySubdivision: state } : {}),
    ...(postalCode ? { postalCode } : {}),
    country: alpha3(country),
  };
}

const principalOf = (owner: OwnerProfile) => {
  const address = addressOf(owner.line1, owner.city, owner.state, owner.postalCode, owner.country);
  return { firstName: owner.firstName, lastName: owner.lastName, ...(address ? { address } : {}) };
};

function searchCriteriaOf(search: MatchProSearch): MatchProSearchCriteria {
  const region = search.regions ?? [];
  const country = search.countries ?? [];
  if (region.length === 0 && country.length === 0) return { searchAll: 'Y', minPossibleMatchCount: '1' };
  return { searchAll: 'N', ...(region.length ? { region } : {}), ...(country.length ? { country } : {}), minPossibleMatchCount: '1' };
}

/**
 * The body of `POST /termination-inquiries` for a business, made as the acquirer `acquirerId`: the
 * merchant's name, address, phone and website, and its first five owners as principals. Nothing
 * else of the business (never a TIN) is sent; empty fields are left out.
 */
export function terminationInquiryOf(business: BusinessProfile, acquirerId: string, search: MatchProSearch = {}): TerminationInquiryRequestBody {
  const address = addressOf(business.addressLine1, business.addressCity, business.addressState, business.addressPostalCode, business.addressCountry);
  const phoneNumber = phoneOf(business.mobile);
  const urls = urlOf(business.officialWebsite);
  return {
    terminationInquiryRequest: {
      acquirerId,
      merchant: {
        name: business.name,
        ...(address ? { address } : {}),
        ...(phoneNumber ? { phoneNumber } : {}),
        ...(urls ? { urls } : {}),
        principals: business.owners.slice(0, MAX_PRINCIPALS).map(principalOf),
        searchCriteria: searchCriteriaOf(search),
      },
    },
  };
}
