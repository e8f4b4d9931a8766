import { RawJson } from '@kyb/envelope';
import { maskSensitive } from '@kyb/secrets';
import { DBA_SLOTS, OWNER_SLOTS, type BusinessRowInput } from '../businesses/business-row.columns';

const slots = (prefix: string, columns: string[], count: readonly number[]) => columns.flatMap((column) => count.map((n) => `${prefix}${n}_${column}`));
const ADDRESS_SLOTS = [1, 2, 3, 4, 5] as const;

/**
 * The fixed keys of a bulk row as the published E12 body echoes them (`integration_data`), in its
 * order. Keys the row does not set are null.
 */
export const INTEGRATION_DATA_KEYS: readonly string[] = [
  ...DBA_SLOTS.map((n) => `dba${n}_name`),
  ...slots('address', ['line_1', 'apartment', 'city'], ADDRESS_SLOTS),
  'state',
  ...slots('address', ['country', 'postal_code', 'mobile'], ADDRESS_SLOTS),
  'id', 'name', 'tin', 'address_line_1', 'address_line_2', 'address_city', 'address_country', 'address_postal_code', 'mobile',
  'official_website', 'naics_code', 'naics_title', 'mcc_code', 'industry', 'quick_add', 'external_id', 'metadata',
  ...slots('owner', ['title', 'external_id', 'first_name', 'last_name', 'email', 'mobile', 'ssn', 'dob', 'address_line_1',
    'address_line_2', 'address_city', 'address_state', 'address_postal', 'address_country', 'owner_type', 'ownership_percentage'], OWNER_SLOTS),
  'send_invitation', 'applicant_first_name', 'applicant_last_name', 'applicant_email', 'year',
  'is_revenue', 'is_operatingexpenses', 'is_netincome', 'is_cost_of_goods_sold', 'bs_totalliabilities', 'bs_totalassets',
  'bs_totalequity', 'bs_accountspayable', 'bs_accountsreceivable', 'bs_cashandcashequivalents', 'bs_shortterminvestments',
  'bs_totalcurrentassets', 'bs_totalcurrentliabilities', 'bs_totalnoncurrentliabilities', 'is_costofgoodsold', 'is_grossprofit',
  'is_incometaxexpense', 'is_interestexpense', 'number_of_employees', 'business_type', 'sic_code', 'date_of_observation',
  'lien_count', 'business_liens_file_date', 'business_liens_status', 'business_liens_status_date', 'bankruptcy_count',
  'business_bankruptcies_file_date', 'business_bankruptcies_chapter', 'business_bankruptcies_voluntary',
  'business_bankruptcies_status', 'business_bankruptcies_status_date', 'judgement_count', 'business_judgements_file_date',
  'business_judgements_status', 'business_judgements_status_date', 'business_judgements_amount', 'review_cnt', 'review_score',
  'bank_account_number', 'bank_name', 'institution_name', 'bank_routing_number', 'bank_wire_routing_number', 'bank_official_name',
  'bank_account_type', 'bank_account_subtype', 'bank_account_balance_current', 'bank_account_balance_available',
  'bank_account_balance_limit', 'deposit_account', 'npi_provider_number',
];

/** Our row columns the published set names otherwise. */
const PUBLISHED_NAME: Record<string, string> = { address_state: 'state' };

const digits = (value: string) => value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
/** The published set types its codes as numbers and every other column as text (a CSV row's cells). */
const NUMERIC_KEYS = new Set(['naics_code', 'mcc_code']);
const PUBLISHED_KEYS = new Set(INTEGRATION_DATA_KEYS);

function asPublished(key: string, value: string | number | boolean): unknown {
  if (!PUBLISHED_KEYS.has(key)) return value;
  if (NUMERIC_KEYS.has(key)) return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof value === 'number' ? String(value) : value;
}
const isSecret = (key: string) => key === 'tin' || /^owner\d_ssn$/.test(key);

/**
 * Every published key unset: what each row's copy starts from. Never changed (only copied), and not
 * frozen: V8 copies a frozen object of 300 keys about five times slower (some 20 ms of a
 * 1,000-row bulk's answer).
 */
const UNSET_INTEGRATION_DATA: Readonly<Record<string, null>> = Object.fromEntries(INTEGRATION_DATA_KEYS.map((key) => [key, null]));

/**
 * The input row as E12 echoes it: every key of the published set (null when not sent), typed as
 * the published document types them (codes as numbers, other cells as text), then the row's other
 * columns under their own names, as sent; TIN and SSNs masked (last four characters).
 */
export function integrationDataOf(row: BusinessRowInput): Record<string, unknown> {
  // A copy of one object with every published key: building it key by key for each of a bulk's rows was measurable.
  const echoed: Record<string, unknown> = { ...UNSET_INTEGRATION_DATA };
  for (const [column, value] of Object.entries(row)) {
    if (value === undefined) continue;
    const key = PUBLISHED_NAME[column] ?? column;
    echoed[key] = isSecret(key) ? maskSensitive(typeof value === 'string' ? digits(value) : null) : asPublished(key, value);
  }
  return echoed;
}

/**
 * {@link integrationDataOf} as the JSON text the answer carries, written ahead: a bulk's rows are
 * echoed while PostgreSQL stores them (ADR 0038), and the answer splices each text in as it is.
 */
export function integrationDataText(row: BusinessRowInput): RawJson {
  return new RawJson(JSON.stringify(integrationDataOf(row)));
}
