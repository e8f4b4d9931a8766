import type { Knex } from 'knex';
import { isoTimestampSql, type Migration } from '@kyb/db';

/**
 * `data.public_records` of E1, in the key order of the published sample. The row's own columns
 * stand among the summary's members; a member the summary lacks is left out (as JSON.stringify
 * leaves out an undefined value), and a summary member by the name of a row column never shows.
 */
const PRESENTED_KEYS = [
  'id',
  'business_integration_task_id',
  'number_of_business_liens',
  'most_recent_business_lien_filing_date',
  'most_recent_business_lien_status',
  'number_of_bankruptcies',
  'most_recent_bankruptcy_filing_date',
  'number_of_judgement_fillings',
  'most_recent_judgement_filling_date',
  'corporate_filing_business_name',
  'corporate_filing_filling_date',
  'corporate_filing_incorporation_state',
  'corporate_filing_corporation_type',
  'corporate_filing_resgistration_type',
  'corporate_filing_secretary_of_state_status',
  'corporate_filing_secretary_of_state_status_date',
  'average_rating',
  'created_at',
  'updated_at',
  'monthly_rating',
  'monthly_rating_date',
  'official_website',
  'reviews',
  'review_statistics',
  'compalint_statistics',
  'additional_records',
];

/** The members taken from the row rather than from its summary. */
const ROW_MEMBERS: Array<[key: string, json: string]> = [
  ['id', 'to_json(new.id)::text'],
  ['business_integration_task_id', 'to_json(new.business_integration_task_id)::text'],
  ['created_at', `to_json(${isoTimestampSql('new.created_at')})::text`],
  ['updated_at', `to_json(${isoTimestampSql('new.updated_at')})::text`],
];

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Each public-records row keeps `data.public_records` of E1 as JSON text, written by a trigger
 * whenever the row is written (as the case area's presented parts, ADR 0028): E1 sends it as it is
 * (`RawJson`) instead of parsing the summary, copying its members and serializing them again on
 * every read. The summary is a `json` column, so its members are the very text the writer stored,
 * nested objects in their order; `json_each` reads the summary once.
 */
export const publicRecordsPresented: Migration = {
  name: '20261128_0014_public_records_presented',
  async up(db: Knex) {
    await db.raw('alter table integration.public_records add column presented text');
    await db.raw(`create function integration.present_public_records() returns trigger language plpgsql as $$
      begin
        new.presented := (
          select '{' || coalesce(string_agg(to_json(k.key)::text || ' : ' || m.value, ', ' order by k.position), '') || '}'
          from unnest(array[${PRESENTED_KEYS.map(quoted).join(', ')}]::text[]) with ordinality as k(key, position)
          join (
            select s.key, s.value::text as value from json_each(new.summary) s
            where s.key not in (${ROW_MEMBERS.map(([key]) => quoted(key)).join(', ')})
            union all
            values ${ROW_MEMBERS.map(([key, json]) => `(${quoted(key)}, ${json})`).join(', ')}
          ) m on m.key = k.key);
        return new;
      end $$`);
    await db.raw(
      'create trigger public_records_presented before insert or update on integration.public_records for each row execute function integration.present_public_records()',
    );
    // Rows already there get theirs (the trigger writes it); from then on it is never missing.
    await db.raw('update integration.public_records set presented = null');
    await db.raw('alter table integration.public_records alter column presented set not null');
  },
  async down(db: Knex) {
    await db.raw('drop trigger if exists public_records_presented on integration.public_records');
    await db.raw('drop function if exists integration.present_public_records()');
    await db.raw('alter table integration.public_records drop column if exists presented');
  },
};
