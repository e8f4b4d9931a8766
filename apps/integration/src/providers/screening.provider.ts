import type { BusinessProfile } from './business-profile';
import type { VendorTrace } from './verification.providers';

/** The overall outcome of a screening, exactly as `matchData.matchResult` shows it. */
export type MatchResult = 'No Match' | 'Possible Match' | 'Match';

/** How one field of ours compared with a terminated merchant's record. */
export type FieldMatch = 'EXACT' | 'PHONETIC' | 'NONE';

/** A customer's screening credentials, unsealed only inside the worker and the connection check. */
export interface ScreeningCredentials {
  consumerKey: string;
  /** PEM. */
  privateKey: string;
  /** PEM, when one was given. */
  certificate: string | null;
  /** Null when unknown (a tenant's chosen PEM signing key, which comes without a certificate). */
  certificateExpiry: Date | null;
  acquirerId: string | null;
}

/** The terminated merchant (from the network's list) a match points at. */
export interface TerminatedMerchant {
  name: string;
  /** Reason code of the network, e.g. `12`, and its text. */
  terminationReasonCode: string;
  terminationReason: string;
  /** ISO 8601 date `YYYY-MM-DD`. */
  terminationDate: string;
  /** The ICA of the acquirer that listed it. */
  addedByIca: string;
}

/** Field-by-field comparison of our merchant with a terminated one. */
export interface MerchantMatch {
  name: FieldMatch;
  doingBusinessAs: FieldMatch;
  address: FieldMatch;
  phone: FieldMatch;
  url: FieldMatch;
  /** Null when nothing on the list resembles the merchant. */
  terminatedMerchant: TerminatedMerchant | null;
}

/** Field-by-field comparison of one owner (principal) with the terminated merchant's principals. */
export interface PrincipalMatch {
  ownerId: string;
  firstName: string;
  lastName: string;
  name: FieldMatch;
  address: FieldMatch;
  phone: FieldMatch;
}

/** What a screening found. */
export interface ScreeningOutcome {
  matchResult: MatchResult;
  merchant: MerchantMatch;
  principals: PrincipalMatch[];
  /** The ICAs the network searched. */
  icasSearched: string[];
  /** The network's reference of the inquiry. */
  providerReference: string;
}

/** The message of a working connection, as the published sample shows it. */
export const CONNECTION_ESTABLISHED = 'Connection established successfully';

/** Whether the provider accepts the credentials. */
export interface ConnectionCheck {
  ok: boolean;
  /** Our own client-safe text. */
  message: string;
}

/**
 * A merchant-screening network. Adding a vendor means one class implementing this, nothing else.
 * Throws `ProviderError` (see ../providers/providers.errors) when it cannot answer.
 */
export interface ScreeningProvider {
  readonly name: string;
  checkConnection(credentials: ScreeningCredentials): Promise<ConnectionCheck>;
  screen(request: { business: BusinessProfile; icas: string[]; credentials: ScreeningCredentials }): Promise<ScreeningOutcome>;
}

/**
 * The screening adapter a tenant chose (its `merchant-screening` provider setting), ready with the
 * credentials and settings of that choice: the contract's screening credentials do not sign for it.
 * Its calls go through the provider guard and are counted in the tenant's provider usage.
 */
export interface ChosenScreeningProvider {
  /** The adapter's name (`match-pro`), as a screening row records it. */
  readonly name: string;
  /** The ICA inquiries are made as (the choice's `acquirer_id`). */
  readonly acquirerId: string;
  /** When the chosen credentials stop working (a keystore's certificate), null when unknown. */
  readonly certificateExpiry: Date | null;
  checkConnection(): Promise<ConnectionCheck>;
  /** The outcome, with the vendor's raw answer traced (kept sealed beside the result). */
  screen(request: { business: BusinessProfile; icas: string[] }): Promise<ScreeningOutcome & { trace?: VendorTrace }>;
}

/**
 * The screening adapter a tenant chose, or undefined when it chose none (or `sandbox`): the area's
 * default provider with the contract's screening credentials.
 */
export type ChosenScreeningProviderFor = (customerId: string) => Promise<ChosenScreeningProvider | undefined>;
