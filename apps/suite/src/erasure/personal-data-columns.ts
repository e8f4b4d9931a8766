/**
 * Every column of the areas' tables that can hold text (text, json, arrays, bytea, dates), by what
 * it may hold (docs/adr/0043):
 * - `personal`: a person's or a tenant's data in clear; erasure empties or deletes it;
 * - `sealed`: sealed (or keyed) with the tenant's data key; destroying the key erases it;
 * - `kept`: personal data erasure keeps, with why (`KEPT_BECAUSE`);
 * - `none`: ids, states, codes, hashes and texts of the suite's own.
 * The schema test fails on a column missing here (or listed here and gone), so a new column that
 * can hold personal data is classified, and erased, before it lands.
 */
export interface TableColumns {
  personal?: string;
  sealed?: string;
  kept?: string;
  none?: string;
}

const AUDIT_OUTBOX: TableColumns = { kept: 'client_address', none: 'actor_role action target_type target_id request_id details' };
const IDEMPOTENCY: TableColumns = { sealed: 'response_body', none: 'scope key fingerprint status' };
const OUTBOX: TableColumns = { none: 'type data trace' };

export const PERSONAL_DATA_COLUMNS: Record<string, TableColumns> = {
  'auth.applicant_email_proofs': { personal: 'email', none: 'code_hash' },
  'auth.audit_events': { kept: 'client_address', none: 'chain actor_role action target_type target_id request_id details prev_hash hash' },
  'auth.customers': { personal: 'name', none: 'features status' },
  'auth.data_keys': { none: 'scope wrapped master_id' },
  'auth.idempotency_keys': IDEMPOTENCY,
  'auth.outbox_events': OUTBOX,
  'auth.permissions': { none: 'code label' },
  'auth.refresh_tokens': { none: 'token_hash revoke_reason' },
  'auth.setup_tokens': { none: 'token_hash' },
  'auth.signing_keys': { sealed: 'private_key_sealed', none: 'kid alg public_jwk' },
  'auth.subroles': { none: 'code display_name label description' },
  'auth.users': { personal: 'first_name last_name email mobile password_hash', none: 'role status' },
  'cases.applicants': { personal: 'first_name last_name email mobile' },
  'cases.audit_outbox': AUDIT_OUTBOX,
  'cases.business_addresses': { personal: 'line_1 apartment city state country postal_code mobile presented' },
  'cases.business_lists': { personal: 'names addresses' },
  'cases.business_names': { personal: 'name presented' },
  'cases.businesses': {
    personal:
      'name tin_masked mobile official_website public_website social_account address_apartment address_line_1 address_line_2 address_city ' +
      'address_state address_postal_code address_country external_id presented_head presented_tail',
    sealed: 'tin_sealed tin_lookup',
    none: 'naics_code mcc_code subscription_status naics_source mcc_source industry_source',
  },
  'cases.case_comments': { personal: 'body', none: 'author_role' },
  'cases.case_decision_contests': { personal: 'reason rule_id', none: 'status would_decide' },
  'cases.case_policies': { personal: 'body' },
  'cases.case_transitions': { personal: 'note facts rule_ids', none: 'from_status to_status mover reason_code' },
  'cases.cases': { personal: 'outcome pending_decision', none: 'status origin evaluation_trace' },
  'cases.decision_feed_cursors': { none: 'source' },
  'cases.information_requests': { personal: 'message items answer', none: 'status' },
  'cases.idempotency_keys': IDEMPOTENCY,
  'cases.industries': { none: 'name code sector_code presented' },
  'cases.invitations': { personal: 'options', none: 'status' },
  'cases.mail_outbox': { personal: 'to_email subject body last_error', none: 'status lease_owner' },
  'cases.mcc_codes': { none: 'code title presented_id presented_code presented_title' },
  'cases.monitoring_settings': { none: 'frequency' },
  'cases.naics_codes': { none: 'code title edition presented_id presented_code presented_title' },
  'cases.onboarding_runs': { personal: 'failed_rows', sealed: 'rows_sealed', none: 'status failure_reason business_ids lease_owner' },
  'cases.onboarding_usage': { none: 'month' },
  'cases.outbox_events': OUTBOX,
  'cases.owner_titles': { none: 'title' },
  'cases.owners': {
    personal: 'first_name last_name ssn_masked email mobile date_of_birth apartment line_1 line_2 city state postal_code country presented',
    sealed: 'ssn_sealed',
    none: 'owner_type',
  },
  'integration.audit_outbox': AUDIT_OUTBOX,
  'integration.bjl_records': { none: 'kind provider_record_id status' },
  'integration.business_classifications': { none: 'naics_code mcc_code provider' },
  'integration.business_verification_current': { personal: 'checks', none: 'status' },
  'integration.business_verification_status_changes': { personal: 'reason', none: 'from_status to_status' },
  'integration.business_verifications': { personal: 'checks', none: 'status' },
  'integration.financial_profiles': { personal: 'statements credit_bureau', none: 'provider' },
  'integration.idempotency_keys': IDEMPOTENCY,
  'integration.integration_tasks': { none: 'job_id kind status provider failure_reason' },
  'integration.outbox_events': OUTBOX,
  // A tenant's provider choices go with it (their credentials sealed); usage holds ids and counts only.
  'integration.provider_settings': { sealed: 'credentials_sealed', none: 'capability adapter credentials_fingerprint settings' },
  'integration.provider_usage': { none: 'capability adapter month' },
  'integration.public_records': { personal: 'summary presented', none: 'provider' },
  'integration.screening_credentials': { sealed: 'sealed', none: 'icas acquirer_id' },
  'integration.screenings': { personal: 'result', none: 'status icas provider match_result failure_reason' },
  // The vendors' raw answers behind checks and screenings (issue 43): sealed, and deleted with an owner's business or the tenant.
  'integration.vendor_answers': { sealed: 'raw_sealed', none: 'check_code adapter adapter_version' },
  // The sanctions lists as published (issue 44): public data of the listed, no tenant's; erasure has nothing here.
  'integration.watchlist_entries': { kept: 'entry', none: 'uid' },
  'integration.watchlist_hits': {
    personal: 'subject_name matched_tokens reason review_note',
    none: 'hit_key subject_role list list_version entry_id entry_name entry_type programs matched_name alias evidence status',
  },
  'integration.watchlist_screenings': { none: 'trigger status matcher lists failure_reason' },
  'integration.watchlist_uploads': { kept: 'content', none: 'name' },
  'integration.watchlist_versions': { none: 'list status checksum layout files failure_reason' },
  'integration.webhook_deliveries': { none: 'event_type origin body status trace' },
  'integration.webhook_delivery_attempts': { personal: 'response_excerpt', none: 'error' },
  'integration.webhook_endpoints': { personal: 'url description', none: 'events disabled_reason' },
  'integration.webhook_feed_cursors': { none: 'source' },
  'integration.webhook_secrets': { sealed: 'sealed_secret' },
  'reports.audit_outbox': AUDIT_OUTBOX,
  'reports.idempotency_keys': IDEMPOTENCY,
  'reports.outbox_events': OUTBOX,
  'reports.report_files': { personal: 'content', none: 'path content_type sha256' },
  'reports.report_types': { none: 'code label' },
  'reports.reports': { none: 'status log triggered_by file_path lease_owner' },
  'scores.event_feed_cursors': { none: 'source' },
  'scores.alerts': { personal: 'title summary before after data note', none: 'rule subject severity status' },
  'scores.audit_outbox': AUDIT_OUTBOX,
  // The score area keeps its answers unsealed (they hold ids and states); a tenant's are deleted with it.
  'scores.idempotency_keys': { personal: 'response_body', none: 'scope key fingerprint status' },
  'scores.outbox_events': OUTBOX,
  'scores.scores': {
    personal: 'decision_log inputs',
    none: 'source_key trigger version status risk_level score_decision score_distribution failure_reason reason_codes',
  },
  'scores.weightage_configs': { none: 'version config' },
};

/** Why erasure keeps each `kept` column. */
export const KEPT_BECAUSE: Record<string, string> = {
  content:
    "the files of a sanctions list version as its government published them, kept only while the version's job reads them (then deleted): list data of the listed, not a tenant's",
  entry:
    "an entry of a sanctions list as its government published it (OFAC's SDN and Consolidated lists): the names of the listed, not a tenant's or its customers' data, kept per list version so every screening can be explained against the version it used",
  client_address:
    "the address a request came from, in the audit chain (and its outbox on the way there): the chain's hashes cover it, so it cannot change without breaking the chain that proves what was done",
};

/** The schemas of the areas, whose tables the inventory covers. */
export const AREA_SCHEMAS = ['auth', 'cases', 'integration', 'reports', 'scores'];

/** The column types that can hold a person's data (text, JSON, arrays, bytes, dates). */
export const TEXT_CAPABLE_TYPES = ['text', 'character varying', 'json', 'jsonb', 'ARRAY', 'bytea', 'date'];
