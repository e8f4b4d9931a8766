/*
 * A business as contract 2.7 shows it, written by PostgreSQL (ADR 0027): E9, the list and E12's
 * answer read it as JSON text in the statement that reads the business, and send it as it is
 * (`RawJson`), so Node parses, copies and serializes none of its fields. Keys are in the order
 * contract 2.7 shows them, ids are strings, times are `Date.toISOString` text.
 *
 * The statement must join the business `b` with the verification `v`, the classification `pc`, the
 * NAICS code `n`, the MCC code `m` and the industry `i` as `businessesWithClassification` does.
 */
import { isoTimestampSql } from '@kyb/db';

/** The status shown: the integration area's latest verification, else UNVERIFIED. */
export const STATUS = `coalesce(v.status, 'UNVERIFIED')`;

const INDUSTRY = `case when i.id is null then null else json_build_object('id', i.id::text, 'name', i.name, 'code', i.code,
    'sector_code', i.sector_code, 'created_at', ${isoTimestampSql('i.created_at')}, 'updated_at', ${isoTimestampSql('i.updated_at')}) end`;

const NAMES = `(select coalesce(json_agg(json_build_object('name', n.name, 'is_primary', n.is_primary) order by n.position), '[]'::json)
    from cases.business_names n where n.business_id = b.id)`;

const ADDRESSES = `(select coalesce(json_agg(json_build_object('line_1', a.line_1, 'apartment', a.apartment, 'city', a.city,
      'state', a.state, 'country', a.country, 'postal_code', a.postal_code, 'mobile', a.mobile, 'is_primary', a.is_primary)
      order by a.position), '[]'::json)
    from cases.business_addresses a where a.business_id = b.id)`;

// Field by field: the sealed SSN is never read here, only its masked form; the percentage is a
// JSON number (what Number() of the numeric's text gives).
const OWNERS = `(select coalesce(json_agg(json_build_object('id', o.id,
      'title', case when o.title_id is null then null else json_build_object('id', o.title_id::text, 'title', t.title) end,
      'first_name', o.first_name, 'last_name', o.last_name, 'ssn', o.ssn_masked, 'email', o.email, 'mobile', o.mobile,
      'date_of_birth', to_char(o.date_of_birth, 'YYYY-MM-DD'), 'apartment', o.apartment, 'line_1', o.line_1, 'line_2', o.line_2,
      'city', o.city, 'state', o.state, 'postal_code', o.postal_code, 'country', o.country,
      'created_at', ${isoTimestampSql('o.created_at')}, 'created_by', o.created_by, 'updated_at', ${isoTimestampSql('o.updated_at')},
      'updated_by', o.updated_by, 'ownership_percentage', o.ownership_percentage, 'owner_type', o.owner_type) order by o.position), '[]'::json)
    from cases.owners o left join cases.owner_titles t on t.id = o.title_id where o.business_id = b.id)`;

/** How many owners the business has (what an audited E9 with owners records). */
export const OWNER_COUNT = `(select count(*) from cases.owners o where o.business_id = b.id)::int`;

/**
 * The business as JSON text: the TIN and owners' SSNs only masked; the client's codes win over a
 * provider's classification; owners only when asked for (`withOwners`), else an empty list.
 */
export function presentedBusinessSql(withOwners: boolean): string {
  return `json_build_object(
    'id', b.id, 'customer_id', b.customer_id, 'name', b.name, 'tin', b.tin_masked, 'mobile', b.mobile,
    'official_website', b.official_website, 'public_website', b.public_website, 'social_account', b.social_account,
    'address_apartment', b.address_apartment, 'address_line_1', b.address_line_1, 'address_line_2', b.address_line_2,
    'address_city', b.address_city, 'address_state', b.address_state, 'address_postal_code', b.address_postal_code,
    'address_country', b.address_country,
    'created_at', ${isoTimestampSql('b.created_at')}, 'created_by', b.created_by, 'updated_at', ${isoTimestampSql('b.updated_at')},
    'updated_by', b.updated_by, 'deleted_at', ${isoTimestampSql('b.deleted_at')}, 'deleted_by', b.deleted_by,
    'status', ${STATUS}, 'industry', ${INDUSTRY}, 'mcc_id', m.id::text, 'naics_id', n.id::text,
    'naics_code', coalesce(b.naics_code, pc.naics_code), 'naics_title', n.title,
    'mcc_code', coalesce(b.mcc_code, pc.mcc_code), 'mcc_title', m.title,
    'is_deleted', b.deleted_at is not null, 'external_id', b.external_id, 'is_monitoring_enabled', b.is_monitoring_enabled,
    'subscription', json_build_object('status', b.subscription_status, 'created_at', ${isoTimestampSql('b.subscription_created_at')},
      'updated_at', ${isoTimestampSql('b.subscription_updated_at')}),
    'owners', ${withOwners ? OWNERS : `'[]'::json`}, 'business_names', ${NAMES}, 'business_addresses', ${ADDRESSES})::text`;
}
