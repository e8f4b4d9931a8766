/** What a data provider is told about a business to find it: never TIN or SSN. */
export interface BusinessProfile {
  id: string;
  customerId: string;
  name: string;
  officialWebsite: string | null;
  mobile: string | null;
  addressLine1: string | null;
  addressCity: string | null;
  addressState: string | null;
  addressPostalCode: string | null;
  addressCountry: string | null;
  owners: OwnerProfile[];
}

/** An owner (principal) of a business as a provider sees it. */
export interface OwnerProfile {
  id: string;
  firstName: string;
  lastName: string;
  line1: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

/**
 * A provider could not answer. `transient` failures (outage, timeout, rate limit) are retried
 * with backoff; permanent ones (the provider refuses the request) fail the task at once. The
 * message is ours, written for the API's readers: never a raw vendor text with data in it.
 */
export class ProviderError extends Error {
  readonly transient: boolean;
  constructor(message: string, options: { transient: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.transient = options.transient;
  }
}
