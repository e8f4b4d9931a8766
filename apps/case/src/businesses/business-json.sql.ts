/*
 * A business as contract 2.7 shows it, written by PostgreSQL (ADR 0027): E9, the list and E12's
 * answer read it as JSON text in the statement that reads the business, and send it as it is
 * (`RawJson`), so Node parses, copies and serializes none of its fields. Keys are in the order
 * contract 2.7 shows them, ids are strings, times are `Date.toISOString` text. Each row keeps its
 * own part as JSON text, written by a trigger when the row is written (ADR 0028, migration
 * 20261127_0017_presented_parts); a read joins those parts around what it reads live.
 *
 * The statement must join the business `b` with the verification `v`, the classification `pc`, the
 * NAICS code `n`, the MCC code `m`, the industry `i` and the lists `bl` as `businessesWithClassification` does.
 */

/** The status shown: the integration area's latest verification, else UNVERIFIED. */
export const STATUS = `coalesce(v.status, 'UNVERIFIED')`;

/**
 * The business's names and addresses as JSON arrays, kept in `cases.business_lists` by triggers
 * (ADR 0028, migration 20261128_0020); the read joins that row by primary key. A business without
 * one has neither.
 */
export const LISTS_JOIN = 'left join cases.business_lists bl on bl.business_id = b.id';

const NAMES = `coalesce(bl.names, '[]')`;
const ADDRESSES = `coalesce(bl.addresses, '[]')`;

/**
 * The owners of `b`, as the lateral join `ow` E9 with owners adds: their stored parts as a JSON
 * array, and how many they are (what the audited read records).
 */
export const OWNERS_JOIN = `left join lateral (select count(*)::int as owner_count,
    coalesce('[' || string_agg(o.presented, ', ' order by o.position) || ']', '[]') as owners
  from cases.owners o where o.business_id = b.id) ow on true`;

/** `value` (JSON text) as the member `key`, JSON null when it is null. */
const member = (key: string, value: string) => `'"${key}" : ' || coalesce(${value}, 'null')`;

/**
 * What is decided outside the business's own rows, read live: the status and the classification
 * shown (the client's codes win over the provider's), from the reference rows' stored parts; a code
 * missing from the code tables is shown with a null id and title.
 */
const LIVE_MEMBERS = [
  member('status', `to_json(${STATUS})::text`),
  member('industry', 'i.presented'),
  member('mcc_id', 'm.presented_id'),
  member('naics_id', 'n.presented_id'),
  member('naics_code', 'n.presented_code, to_json(coalesce(b.naics_code, pc.naics_code))::text'),
  member('naics_title', 'n.presented_title'),
  member('mcc_code', 'm.presented_code, to_json(coalesce(b.mcc_code, pc.mcc_code))::text'),
  member('mcc_title', 'm.presented_title'),
].join(` || ', ' || `);

/**
 * The business as JSON text: its own rows' stored parts (ADR 0028: the TIN and owners' SSNs only
 * masked) and kept lists (ADR 0028) around the live members, in contract 2.7's key order; owners only when asked for
 * (`withOwners`, from the `OWNERS_JOIN`), else an empty list.
 */
export function presentedBusinessSql(withOwners: boolean): string {
  return `('{' || b.presented_head || ', ' || ${LIVE_MEMBERS} || ', ' || b.presented_tail
    || ', "owners" : ' || ${withOwners ? 'ow.owners' : `'[]'`}
    || ', "business_names" : ' || ${NAMES} || ', "business_addresses" : ' || ${ADDRESSES} || '}')`;
}
