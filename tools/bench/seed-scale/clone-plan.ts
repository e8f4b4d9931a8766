/*
 * What one seeded business is, table by table: a copy of a template business's rows (one the
 * suite itself added, enriched, scored and decided through its API), with its own ids, name,
 * external id, TIN and SSNs. Every column a table has is copied unless its entry says how it is
 * written; the suite's own times (`*_at` columns) move back by the clone's shift. The presented parts and the kept tables
 * (business lists, current verification) are written by the tables' own triggers, as for a
 * business the suite adds.
 *
 * In the statements: `t` is the template's row (read once into a temporary table, with the
 * template it belongs to), `c` the clone (pg_temp.seed_clones: business_id, template_id,
 * template_name, name, external_id, tin_*, ssn_sealed[], ssn_masked[], shift).
 */

/** A new id for a template row's id: the same for every reference to it within one clone. */
export const derived = (column: string) => `pg_temp.seed_uuid(c.business_id, t.${column})`;
/** Ids inside a text (a job id, a source key): the template business's becomes the clone's, any other is derived. */
export const idsIn = (column: string) => `pg_temp.seed_text(t.${column}, c.business_id, c.template_id)`;

/** A table whose template rows are copied for each clone. */
export interface ClonedTable {
  table: string;
  /**
   * The templates' rows of the table, each with the template it belongs to (`template_id`), from
   * `T t` and the templates' ids in pg_temp.seed_templates (default: by `t.business_id`).
   */
  templateRows?: string;
  /** Columns written otherwise than copied: their SQL. `business_id` is the clone's unless set here. */
  set: Record<string, string>;
}

/** The sandbox's website for a name without one given (apps/integration sandbox-public-records.provider.ts, websiteFor). */
const site = (name: string) => `'https://www.' || trim(both '-' from regexp_replace(lower(${name}), '[^a-z0-9]+', '-', 'g')) || '.com'`;
/** A JSON member of the summary's text, as the suite wrote it (JSON.stringify: no spaces). */
const member = (key: string, value: string) => `'"${key}":' || to_json(${value})::text`;

/**
 * The public records carry the business's name (the corporate filing's) and, when none was given,
 * the website the sandbox made of it: the clone's are made of its own name. The rest (ratings,
 * filings, reviews) is what the sandbox answered for the template.
 */
const SUMMARY = `replace(replace(t.summary::text,
    ${member('corporate_filing_business_name', 'c.template_name')}, ${member('corporate_filing_business_name', 'c.name')}),
    ${member('official_website', site('c.template_name'))}, ${member('official_website', site('c.name'))})::json`;

/** In insert order (a row's references first). */
export const CLONED_TABLES: ClonedTable[] = [
  {
    table: 'cases.businesses',
    templateRows: 'select t.*, t.id as template_id from cases.businesses t where t.id in (select id from pg_temp.seed_templates)',
    set: { id: 'c.business_id', name: 'c.name', external_id: 'c.external_id', tin_sealed: 'c.tin_sealed', tin_lookup: 'c.tin_lookup', tin_masked: 'c.tin_masked' },
  },
  { table: 'cases.business_names', set: { name: 'case when t.position = 0 then c.name else t.name end' } },
  { table: 'cases.business_addresses', set: {} },
  {
    table: 'cases.owners',
    set: { id: derived('id'), ssn_sealed: 'case when t.ssn_sealed is null then null else c.ssn_sealed[t.position + 1] end', ssn_masked: 'case when t.ssn_sealed is null then t.ssn_masked else c.ssn_masked[t.position + 1] end' },
  },
  { table: 'cases.cases', set: { id: derived('id') } },
  {
    table: 'cases.case_transitions',
    templateRows: 'select t.*, k.business_id as template_id from cases.case_transitions t join cases.cases k on k.id = t.case_id where k.business_id in (select id from pg_temp.seed_templates)',
    set: { id: derived('id'), case_id: derived('case_id') },
  },
  { table: 'integration.integration_tasks', set: { id: derived('id'), job_id: idsIn('job_id') } },
  { table: 'integration.public_records', set: { id: derived('id'), business_integration_task_id: derived('business_integration_task_id'), summary: SUMMARY } },
  { table: 'integration.bjl_records', set: { id: derived('id'), business_integration_task_id: derived('business_integration_task_id'), provider_record_id: idsIn('provider_record_id') } },
  { table: 'integration.financial_profiles', set: { business_integration_task_id: derived('business_integration_task_id') } },
  { table: 'integration.business_verifications', set: { id: derived('id'), business_integration_task_id: derived('business_integration_task_id') } },
  { table: 'integration.business_verification_status_changes', set: { id: derived('id'), verification_id: derived('verification_id') } },
  { table: 'integration.business_classifications', set: {} },
  { table: 'integration.watchlist_screenings', set: { id: derived('id') } },
  {
    table: 'integration.watchlist_hits',
    set: {
      id: derived('id'),
      hit_key: idsIn('hit_key'),
      subject_ref: `case when t.subject_ref = t.business_id then c.business_id else ${derived('subject_ref')} end`,
      first_screening_id: derived('first_screening_id'),
      last_screening_id: derived('last_screening_id'),
    },
  },
  { table: 'scores.scores', set: { id: derived('id'), source_key: idsIn('source_key'), inputs: `${idsIn('inputs::text')}::jsonb` } },
  { table: 'scores.alerts', set: { id: derived('id'), score_id: derived('score_id'), previous_score_id: derived('previous_score_id'), case_id: derived('case_id') } },
  // The clone's report is the template's row; its PDF (reports.report_files) is the template's file, shared: no read the seed serves downloads it.
  { table: 'reports.reports', set: { id: derived('id') } },
];

/** The tables the copies' triggers write (vacuumed and analysed with the copied ones). */
export const KEPT_TABLES = ['cases.business_lists', 'integration.business_verification_current'];

/**
 * The tables with a `business_id` that are not copied, and why. A table with one that is in
 * neither list stops the seed: a new table of the suite's must be placed before seeds are honest.
 */
export const LEFT_OUT: Record<string, string> = {
  'cases.business_lists': "kept by the names' and addresses' statement triggers (case migration 0020)",
  'integration.business_verification_current': "kept by the verifications' triggers",
  'cases.invitations': 'an invitation is not part of adding a business',
  'auth.accepted_invitations': 'an invitation is not part of adding a business',
  'cases.information_requests': "a reviewer's request, not part of adding a business",
  'cases.case_decision_contests': 'a contest of a decided case, not part of adding a business',
  'integration.screenings': 'merchant screening runs when a customer asks for it',
  'integration.vendor_answers': "a real vendor's answers (the sandbox keeps none)",
};

/** The SQL functions the statements use, for the session only (pg_temp). */
export const SESSION_FUNCTIONS = [
  // A v4-shaped id made of the clone's id and the template row's: the same on both ends of a reference.
  `create or replace function pg_temp.seed_uuid(clone uuid, old uuid) returns uuid language sql immutable as $$
     select overlay(overlay(md5(clone::text || old::text) placing '4' from 13) placing '8' from 17)::uuid $$`,
  `create or replace function pg_temp.seed_ids(value text, clone uuid, template uuid) returns text language plpgsql immutable as $$
     declare
       found text;
       result text := value;
     begin
       for found in select distinct m[1] from regexp_matches(value, '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', 'g') as m loop
         result := replace(result, found, case when found = template::text then clone::text else pg_temp.seed_uuid(clone, found::uuid)::text end);
       end loop;
       return result;
     end $$`,
  // Most texts hold no id (a sandbox record's id): only those that do are searched.
  `create or replace function pg_temp.seed_text(value text, clone uuid, template uuid) returns text language sql immutable as $$
     select case when value ~ '[0-9a-f]{8}-[0-9a-f]{4}-' then pg_temp.seed_ids(value, clone, template) else value end $$`,
];
