import type { BusinessProfile } from './business-profile';

/*
 * The providers behind business verification. Each throws ProviderError when it cannot answer
 * (transient: outage, timeout; permanent: it refuses the request); a check whose provider cannot
 * answer ends UNAVAILABLE. Adding a vendor means one object implementing the interface.
 */

/**
 * What a real adapter answered, kept beside the normalised result so a check can be explained and
 * audited later: the adapter, its version, and the vendor's answer as it came (sealed when stored).
 */
export interface VendorTrace {
  adapter: string;
  version: string;
  raw: string;
}

/** What the TIN-matching provider is asked: the TIN (in memory only) and the legal name it should belong to. */
export interface TinMatchRequest {
  tin: string;
  legalName: string;
}

/** Whether the TIN is registered to the legal name (the IRS TIN-matching answer). */
export interface TinMatchResult {
  matched: boolean;
  /** The vendor's result code (an IRS TIN-matching code where the vendor gives one) and its meaning. */
  code?: string;
  description?: string;
  trace?: VendorTrace;
}

/** Matches a TIN against a legal name. Implementations never log, store or return the TIN. */
export interface TinMatchProvider {
  readonly name: string;
  matchTin(request: TinMatchRequest): Promise<TinMatchResult>;
}

/** An officer as a secretary-of-state filing lists one. */
export interface FilingOfficer {
  firstName: string;
  lastName: string;
  title: string;
}

/** A business's registration with a secretary of state. */
export interface StateFiling {
  registeredName: string;
  /** True while the filing is active (in good standing). */
  active: boolean;
  /** The registry's own status word (`Active`, `Dissolved`, ...). */
  status: string;
  state: string;
  /** The officers the filing lists; empty when it lists none. */
  officers: FilingOfficer[];
  /** The registry's number of the company, and the jurisdiction code it is registered in (`us_de`). */
  companyNumber?: string | null;
  jurisdiction?: string | null;
  /** `YYYY-MM-DD`, when the registry gives it. */
  incorporationDate?: string | null;
  registeredAddress?: PostalAddress | null;
  trace?: VendorTrace;
}

/** Looks up a business's secretary-of-state filing; null when there is none. */
export interface StateFilingProvider {
  readonly name: string;
  findFiling(business: BusinessProfile): Promise<StateFiling | null>;
}

/** The address a business gave, as an address provider checks it. */
export interface PostalAddress {
  line1: string;
  city: string;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

/** Whether mail can be delivered to the address. */
export interface AddressCheckResult {
  deliverable: boolean;
  /** The USPS delivery point validation code (`Y`, `N`, `S`, `D`), when the vendor gives one. */
  dpvMatch?: string | null;
  /** Residential (true) or commercial (false), when known. */
  residential?: boolean | null;
  /** A commercial mail receiving agency (a mailbox store). */
  cmra?: boolean | null;
  /** The delivery point is vacant. */
  vacant?: boolean | null;
  trace?: VendorTrace;
}

/** Checks that an address is a valid deliverable address. */
export interface AddressProvider {
  readonly name: string;
  checkAddress(address: PostalAddress, business: BusinessProfile): Promise<AddressCheckResult>;
}

/** The three verification providers together. */
export interface VerificationProviders {
  tinMatch: TinMatchProvider;
  filings: StateFilingProvider;
  addresses: AddressProvider;
}
