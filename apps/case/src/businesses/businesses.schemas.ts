import { listPageSchema, listQuerySchema, strictObject, uuidParams, type JsonSchema } from '@kyb/validation';
import { BUSINESS_SEARCH_FIELDS, BUSINESS_SORT_FIELDS } from './businesses.store';

const text: JsonSchema = { type: ['string', 'null'] };
const timestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

/** E9 path. */
export const businessParams: JsonSchema = uuidParams('businessID');

/** E9 query: `fetch_owner_details` (default false). */
export const getBusinessQuery: JsonSchema = strictObject({ fetch_owner_details: { type: 'boolean', default: false } });

/** Path of a customer's businesses. */
export const customerParams: JsonSchema = uuidParams('customerID');

/** Listing a customer's businesses. */
export const listBusinessesQuery: JsonSchema = listQuerySchema({
  sortFields: BUSINESS_SORT_FIELDS,
  filters: {
    status: { type: 'string', enum: ['VERIFIED', 'UNVERIFIED'] },
    is_monitoring_enabled: { type: 'boolean' },
    external_id: { type: 'string', maxLength: 200 },
  },
  searchFields: BUSINESS_SEARCH_FIELDS,
});

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
    status: { type: 'string', enum: ['VERIFIED', 'UNVERIFIED'] },
    industry: { type: ['object', 'null'] },
    mcc_id: text,
    naics_id: text,
    naics_code: text,
    naics_title: text,
    mcc_code: text,
    mcc_title: text,
    is_deleted: { type: 'boolean' },
    external_id: text,
    is_monitoring_enabled: { type: 'boolean' },
    subscription: { type: 'object', properties: { status: text, created_at: timestamp, updated_at: timestamp } },
    owners: { type: 'array', items: owner },
    business_names: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, is_primary: { type: 'boolean' } } } },
    business_addresses: { type: 'array', items: { type: 'object' } },
  },
};

/** A page of businesses. */
export const businessListSchema: JsonSchema = listPageSchema(businessSchema);
