/**
 * A moment as the answers show it (`2026-11-25T20:52:00.123Z`), written by PostgreSQL
 * (`isoTimestamp` in the store): the same text as `Date.toISOString`, without parsing a Date and
 * printing it again for each of a page's timestamps.
 */
export type IsoTimestamp = string;

/**
 * A business row of `cases.businesses` as E9, the list and E12 read it (the TIN only masked: never
 * its sealed value or lookup hash), with what is read beside it: the latest verification's status and the classification shown (the client's, else
 * the provider's) with the code tables' ids and titles and the industry.
 */
export interface BusinessRow {
  id: string;
  customer_id: string;
  name: string;
  tin_masked: string | null;
  mobile: string | null;
  official_website: string | null;
  public_website: string | null;
  social_account: string | null;
  address_apartment: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  address_city: string | null;
  address_state: string | null;
  address_postal_code: string | null;
  address_country: string | null;
  /** The client's codes (or derived from the client's NAICS code); the shown ones are below. */
  naics_code: string | null;
  mcc_code: string | null;
  industry_id: number | null;
  status: 'VERIFIED' | 'UNVERIFIED';
  shown_naics_code: string | null;
  shown_mcc_code: string | null;
  naics_id: number | null;
  naics_title: string | null;
  mcc_id: number | null;
  mcc_title: string | null;
  industry: PresentedIndustry | null;
  external_id: string | null;
  is_monitoring_enabled: boolean;
  subscription_status: string | null;
  subscription_created_at: IsoTimestamp | null;
  subscription_updated_at: IsoTimestamp | null;
  created_by: string;
  updated_by: string;
  deleted_by: string | null;
  deleted_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/**
 * The parts below are built by PostgreSQL in the shape contract 2.7 shows them (keys in its order,
 * ids as strings), so E9, the list and E12 pass them on as they are (see PARTS in the store).
 */

/** An industry of `cases.industries`. */
export interface PresentedIndustry {
  id: string;
  name: string;
  code: string;
  sector_code: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** An owner of `cases.owners` with its title: the SSN only masked, the percentage a number. */
export interface PresentedOwner {
  id: string;
  title: { id: string; title: string } | null;
  first_name: string;
  last_name: string;
  ssn: string | null;
  email: string | null;
  mobile: string | null;
  date_of_birth: string | null;
  apartment: string | null;
  line_1: string | null;
  line_2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  created_at: IsoTimestamp;
  created_by: string;
  updated_at: IsoTimestamp;
  updated_by: string;
  ownership_percentage: number | null;
  owner_type: 'CONTROL' | 'BENEFICIARY';
}

/** A name of a business (legal name and DBAs). */
export interface PresentedName {
  name: string;
  is_primary: boolean;
}

/** An address of a business. */
export interface PresentedAddress {
  line_1: string | null;
  apartment: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postal_code: string | null;
  mobile: string | null;
  is_primary: boolean;
}

/** A business with everything E9 shows. */
export interface BusinessAggregate {
  business: BusinessRow;
  names: PresentedName[];
  addresses: PresentedAddress[];
  owners: PresentedOwner[];
}
