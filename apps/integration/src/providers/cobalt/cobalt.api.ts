/*
 * The shapes of Cobalt Intelligence's Secretary of State API (`GET /v1/search`) that the adapter
 * reads, as Cobalt publishes them in its `cobalt-int-common` models (IResponseBody, IBusiness,
 * IOfficer) and its help centre's list of response statuses. Every field is optional on the wire:
 * states publish different data.
 */

/** Cobalt's production host; `COBALT_BASE_URL` defaults to it. */
export const COBALT_PRODUCTION_URL = 'https://apigateway.cobaltintelligence.com';

/**
 * The API version the adapter speaks: the `/v1` stage of Cobalt's gateway. Cobalt has no separate
 * sandbox host: its documented `test` query parameter (`complete`, `incomplete`, `failed`,
 * `retryIdInvalid`, `badRequest`) makes the production host answer dummy data without billing.
 */
export const COBALT_API_VERSION = 'v1';

/** The search path under the host. */
export const COBALT_SEARCH_PATH = `/${COBALT_API_VERSION}/search`;

/** `status` of a search answer (Cobalt's `Status` enum). */
export const COBALT_STATUS = {
  complete: 'Complete',
  incomplete: 'Incomplete',
  failed: 'Failed',
  retryIdInvalid: 'Retry Id invalid',
  badRequest: 'Bad request',
} as const;

/** An officer, director or member as a filing lists one: a full name in one field. */
export interface CobaltOfficer {
  name?: string;
  title?: string;
}

/** One business found in the state's registry (Cobalt's `IBusiness`, the fields the adapter maps). */
export interface CobaltBusiness {
  title?: string;
  sosId?: string;
  status?: string;
  /** `active` or `inactive`: Cobalt's reading of the state's own status word. */
  normalizedStatus?: string;
  filingDate?: string;
  /** The filing date as an ISO string (`2022-08-31T22:46:14.359Z`). */
  normalizedFilingDate?: string;
  stateOfSosRegistration?: string;
  stateOfFormation?: string;
  physicalAddressStreet?: string;
  physicalAddressCity?: string;
  physicalAddressState?: string;
  physicalAddressZip?: string;
  mailingAddressStreet?: string;
  mailingAddressCity?: string;
  mailingAddressState?: string;
  mailingAddressZip?: string;
  agentName?: string;
  /** The registered agent is a commercial agent service (a company, not a person). */
  agentIsCommercial?: boolean;
  /** Levenshtein similarity (0..1) of the searched name to this business's name. */
  confidenceLevel?: number;
  officers?: CobaltOfficer[];
}

/** A search answer (Cobalt's `IResponseBody`). */
export interface CobaltSearchAnswer {
  status?: string;
  statusCode?: number;
  message?: string;
  /** Given with `Incomplete`: the id to poll the search with. */
  retryId?: string;
  results?: CobaltBusiness[];
  /** Near names Cobalt suggests when none matched exactly; never the business itself. */
  alternativeResults?: unknown[];
}
