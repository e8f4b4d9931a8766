import {
  cursorListPageSchema,
  listQuerySchema,
  strictObject,
  uuidParams,
  withListCursor,
  type CursorKeyKind,
  type CursorListQuery,
  type JsonSchema,
} from '@kyb/validation';

/** Columns a list of businesses may be sorted by, with how a cursor carries each (ties are broken by id; external_id may be null). */
export const BUSINESS_SORT_KINDS = { name: 'text', external_id: 'nullable_text', status: 'text', created_at: 'timestamp', updated_at: 'timestamp' } as const satisfies Record<
  string,
  CursorKeyKind
>;
export type BusinessSort = keyof typeof BUSINESS_SORT_KINDS;
/** The sort fields, in the order the OpenAPI document lists them. */
export const BUSINESS_SORT_FIELDS = Object.keys(BUSINESS_SORT_KINDS) as BusinessSort[];
/** Columns a list of businesses may be searched in. */
export const BUSINESS_SEARCH_FIELDS = ['name', 'external_id'] as const;
export type BusinessSearch = (typeof BUSINESS_SEARCH_FIELDS)[number];
/** The statuses a business shows. */
export const BUSINESS_STATUSES = ['VERIFIED', 'UNVERIFIED'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];
/** The filters of a list of businesses. */
export type BusinessListFilter = { status?: BusinessStatus; is_monitoring_enabled?: boolean; external_id?: string };

/** One page of a customer's businesses: page numbers or a cursor. */
export type BusinessListQuery = CursorListQuery<BusinessSort, BusinessListFilter, BusinessSearch> & { customerId: string };

const text: JsonSchema = { type: ['string', 'null'] };
const timestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

/** E9 path. */
export const businessParams = uuidParams('businessID');

/** E9 query: `fetch_owner_details` (default false). */
export const getBusinessQuery = strictObject({ fetch_owner_details: { type: 'boolean', default: false } });

/** Path of a customer's businesses. */
export const customerParams = uuidParams('customerID');

/** Listing a customer's businesses: page numbers or a cursor. */
export const listBusinessesQuery = withListCursor(
  listQuerySchema({
    sortFields: BUSINESS_SORT_FIELDS,
    filters: {
      status: { type: 'string', enum: [...BUSINESS_STATUSES], description: "The latest verification's status; UNVERIFIED until one verifies the business" },
      is_monitoring_enabled: { type: 'boolean' },
      external_id: { type: 'string', maxLength: 200 },
    },
    searchFields: BUSINESS_SEARCH_FIELDS,
  }),
);

const owner: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    title: { type: ['object', 'null'], properties: { id: { type: 'string' }, title: { type: 'string' } } },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    ssn: { ...text, description: 'masked: only the last four characters visible' },
    email: text,
    mobile: text,
    date_of_birth: { type: ['string', 'null'], format: 'date' },
    apartment: text,
    line_1: text,
    line_2: text,
    city: text,
    state: text,
    postal_code: text,
    country: text,
    created_at: timestamp,
    created_by: { type: 'string' },
    updated_at: timestamp,
    updated_by: { type: 'string' },
    ownership_percentage: { type: ['number', 'null'] },
    owner_type: { type: 'string', enum: ['CONTROL', 'BENEFICIARY'] },
  },
};

/** A business as contract 2.7 shows it. */
export const businessSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    customer_id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    tin: { ...text, description: 'masked: only the last four characters visible' },
    mobile: text,
    official_website: text,
    public_website: text,
    social_account: text,
    address_apartment: text,
    address_line_1: text,
    address_line_2: text,
    address_city: text,
    address_state: text,
    address_postal_code: text,
    address_country: text,
    created_at: timestamp,
    created_by: { type: 'string' },
    updated_at: timestamp,
    updated_by: { type: 'string' },
    deleted_at: timestamp,
    deleted_by: text,
    status: { type: 'string', enum: ['VERIFIED', 'UNVERIFIED'], description: "The latest verification's status; UNVERIFIED until one verifies the business" },
    industry: {
      type: ['object', 'null'],
      description: "The client's industry, else the sector of the NAICS code shown; null only when nothing is known",
      properties: {
        id: { type: 'string', description: 'Stable id of the industry (a NAICS sector)' },
        name: { type: 'string' },
        code: { type: 'string', description: 'Snake-case name, e.g. health_care_and_social_assistance' },
        sector_code: { type: 'string', description: 'NAICS sector code, e.g. 62 or 31-33' },
        created_at: timestamp,
        updated_at: timestamp,
      },
    },
    mcc_id: { ...text, description: 'Id of the merchant category code in our code table' },
    naics_id: { ...text, description: 'Id of the NAICS code in our code table' },
    naics_code: { ...text, description: "The client's NAICS code (2017 edition), else the provider's classification" },
    naics_title: text,
    mcc_code: { ...text, description: "The client's ISO 18245 merchant category code (or one derived from its NAICS code), else the provider's" },
    mcc_title: text,
    is_deleted: { type: 'boolean' },
    external_id: text,
    is_monitoring_enabled: { type: 'boolean' },
    subscription: {
      type: 'object',
      description: 'The monitoring subscription: ACTIVE with its dates while monitoring is on, all null otherwise',
      properties: { status: text, created_at: timestamp, updated_at: timestamp },
    },
    owners: { type: 'array', items: owner },
    business_names: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, is_primary: { type: 'boolean' } } } },
    business_addresses: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          line_1: text,
          apartment: text,
          city: text,
          state: text,
          country: text,
          postal_code: text,
          mobile: text,
          is_primary: { type: 'boolean' },
        },
      },
    },
  },
};

/** A page of businesses: the list's records and totals, `next_cursor`, and whether the totals are an estimate (ADR 0056). */
export const businessListSchema: JsonSchema = (() => {
  const page = cursorListPageSchema(businessSchema) as { required: string[]; properties: Record<string, JsonSchema> };
  const estimate = {
    type: 'boolean',
    description:
      'false: total_items and total_pages count every match. true: more than 1,000 businesses match a filter or search, and the totals are an estimate (at least 1,001), from the businesses counted and a sample of the newest',
  };
  return { ...page, required: [...page.required, 'total_is_estimate'], properties: { ...page.properties, total_is_estimate: estimate } };
})();
