import type { Knex } from 'knex';
import { isoTimestampSql, type Migration } from '@kyb/db';

/**
 * Each row keeps its own part of the presented business (contract 2.7) as JSON text, written by a
 * trigger whenever the row is inserted or updated (ADR 0028): a read joins and concatenates these
 * parts instead of building some 60 JSON values per business on every read. What another area
 * decides (status, classification) is still read live (`business-json.sql.ts`).
 *
 * A part is the members of a JSON object without its braces (the business's head and tail, which
 * the read joins around the live members), a whole object (a name, an address, an owner, an
 * industry) or one JSON value (a code table's id, code and title). Only masked forms of the TIN
 * and SSN are ever part of them.
 */

/** `json_build_object(...)` of `pairs` as its members' text, without the braces. */
const members = (pairs: string) => `left(right(json_build_object(${pairs})::text, -1), -1)`;

const BUSINESS_HEAD = `'id', new.id, 'customer_id', new.customer_id, 'name', new.name, 'tin', new.tin_masked, 'mobile', new.mobile,
  'official_website', new.official_website, 'public_website', new.public_website, 'social_account', new.social_account,
  'address_apartment', new.address_apartment, 'address_line_1', new.address_line_1, 'address_line_2', new.address_line_2,
  'address_city', new.address_city, 'address_state', new.address_state, 'address_postal_code', new.address_postal_code,
  'address_country', new.address_country,
  'created_at', ${isoTimestampSql('new.created_at')}, 'created_by', new.created_by, 'updated_at', ${isoTimestampSql('new.updated_at')},
  'updated_by', new.updated_by, 'deleted_at', ${isoTimestampSql('new.deleted_at')}, 'deleted_by', new.deleted_by`;

const BUSINESS_TAIL = `'is_deleted', new.deleted_at is not null, 'external_id', new.external_id, 'is_monitoring_enabled', new.is_monitoring_enabled,
  'subscription', json_build_object('status', new.subscription_status, 'created_at', ${isoTimestampSql('new.subscription_created_at')},
    'updated_at', ${isoTimestampSql('new.subscription_updated_at')})`;

const NAME = `json_build_object('name', new.name, 'is_primary', new.is_primary)::text`;

const ADDRESS = `json_build_object('line_1', new.line_1, 'apartment', new.apartment, 'city', new.city, 'state', new.state,
  'country', new.country, 'postal_code', new.postal_code, 'mobile', new.mobile, 'is_primary', new.is_primary)::text`;

/** An owner's title as its presented object, from the title row `t`. */
export const TITLE_OBJECT = `json_build_object('id', t.id::text, 'title', t.title)`;

// The percentage is a JSON number (what Number() of the numeric's text gives); the sealed SSN is never read, only its masked form.
/** An owner's presented object, with `title` the SQL of its title's object (0018 reads it apart). */
export const ownerPart = (title: string) => `json_build_object('id', new.id,
  'title', ${title},
  'first_name', new.first_name, 'last_name', new.last_name, 'ssn', new.ssn_masked, 'email', new.email, 'mobile', new.mobile,
  'date_of_birth', to_char(new.date_of_birth, 'YYYY-MM-DD'), 'apartment', new.apartment, 'line_1', new.line_1, 'line_2', new.line_2,
  'city', new.city, 'state', new.state, 'postal_code', new.postal_code, 'country', new.country,
  'created_at', ${isoTimestampSql('new.created_at')}, 'created_by', new.created_by, 'updated_at', ${isoTimestampSql('new.updated_at')},
  'updated_by', new.updated_by, 'ownership_percentage', new.ownership_percentage, 'owner_type', new.owner_type)::text`;

/** The title read inside the owner's expression, as 0017 wrote it. */
export const TITLE_SUBQUERY = `(select ${TITLE_OBJECT} from cases.owner_titles t where t.id = new.title_id)`;

const OWNER = ownerPart(TITLE_SUBQUERY);

const INDUSTRY = `json_build_object('id', new.id::text, 'name', new.name, 'code', new.code, 'sector_code', new.sector_code,
  'created_at', ${isoTimestampSql('new.created_at')}, 'updated_at', ${isoTimestampSql('new.updated_at')})::text`;

/** A code table's id, code and title, each as a JSON value (the read puts them between its keys). */
const codeParts = (): Array<[string, string]> => [
  ['presented_id', 'to_json(new.id::text)::text'],
  ['presented_code', 'to_json(new.code)::text'],
  ['presented_title', 'to_json(new.title)::text'],
];

/** Table, the columns its trigger sets, and what it sets them to. */
const PARTS: Array<{ table: string; assignments: Array<[column: string, value: string]> }> = [
  { table: 'businesses', assignments: [['presented_head', members(BUSINESS_HEAD)], ['presented_tail', members(BUSINESS_TAIL)]] },
  { table: 'business_names', assignments: [['presented', NAME]] },
  { table: 'business_addresses', assignments: [['presented', ADDRESS]] },
  { table: 'owners', assignments: [['presented', OWNER]] },
  { table: 'industries', assignments: [['presented', INDUSTRY]] },
  { table: 'naics_codes', assignments: codeParts() },
  { table: 'mcc_codes', assignments: codeParts() },
];

export const presentedParts: Migration = {
  name: '20261127_0017_presented_parts',
  async up(db: Knex) {
    for (const { table, assignments } of PARTS) {
      const columns = assignments.map(([column]) => column);
      await db.raw(`alter table cases.${table} ${columns.map((c) => `add column ${c} text`).join(', ')}`);
      await db.raw(`create function cases.present_${table}() returns trigger language plpgsql as $$
        begin
          ${assignments.map(([column, value]) => `new.${column} := ${value};`).join('\n          ')}
          return new;
        end $$`);
      await db.raw(`create trigger ${table}_presented before insert or update on cases.${table} for each row execute function cases.present_${table}()`);
      // Rows already there get their parts (the trigger writes them), then a part may never be missing.
      await db.raw(`update cases.${table} set ${columns[0]} = null`);
      await db.raw(`alter table cases.${table} ${columns.map((c) => `alter column ${c} set not null`).join(', ')}`);
    }
  },
  async down(db: Knex) {
    for (const { table, assignments } of [...PARTS].reverse()) {
      await db.raw(`drop trigger if exists ${table}_presented on cases.${table}`);
      await db.raw(`drop function if exists cases.present_${table}()`);
      await db.raw(`alter table cases.${table} ${assignments.map(([column]) => `drop column if exists ${column}`).join(', ')}`);
    }
  },
};
