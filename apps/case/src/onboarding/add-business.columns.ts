import type { JsonSchema } from '@kyb/validation';
import { DBA_SLOTS, OWNER_COLUMNS, OWNER_SLOTS, TIN_PATTERN } from '../businesses/business-row.columns';

/** A code as the published documents type it (a number) or as a string of digits; checked against the code lists by the row checks. */
const code: JsonSchema = { type: ['integer', 'string'], maxLength: 10 };

const text = (maxLength = 200): JsonSchema => ({ type: 'string', minLength: 1, maxLength });

/**
 * E12's flat columns (ARCHITECTURE.md), as in a bulk import row. `name` is the only required one;
 * anything else is refused. `applicant_id` names an applicant of the customer; the applicant's
 * details create (or reuse, by email) one; either opens an onboarding case for the business.
 * `id` is accepted by the schema only so the row check can say that a
 * business id is not allowed here.
 */
export const businessRowProperties: Record<string, JsonSchema> = {
  id: { type: 'string' },
  name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  // Stored trimmed, so it must hold more than blanks (two blank ids would be one stored id).
  external_id: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  tin: { type: 'string', pattern: TIN_PATTERN },
  mobile: text(32),
  official_website: { type: 'string', format: 'uri', pattern: '^https?://', maxLength: 500 },
  // Contract 2.7 shows them on every business; the published import document has no column for them.
  public_website: { type: 'string', format: 'uri', pattern: '^https?://', maxLength: 500 },
  social_account: text(200),
  address_line_1: text(),
  address_line_2: text(),
  address_city: text(100),
  address_state: text(100),
  address_postal_code: text(20),
  address_country: text(3),
  address_apartment: text(),
  naics_code: code,
  mcc_code: code,
  // An industry id (16) or its sector code, code or name (`62`, `health_care_and_social_assistance`).
  industry: { type: ['integer', 'string'], maxLength: 200 },
  is_monitoring_enabled: { type: 'boolean' },
  applicant_id: { type: 'string', format: 'uuid' },
  applicant_first_name: text(100),
  applicant_last_name: text(100),
  applicant_email: { type: 'string', format: 'email', maxLength: 254 },
  ...Object.fromEntries(DBA_SLOTS.map((n) => [`dba${n}_name`, text()])),
  ...Object.fromEntries(OWNER_SLOTS.flatMap((n) => Object.entries(OWNER_COLUMNS).map(([column, schema]) => [`owner${n}_${column}`, schema]))),
};

