import type { JsonSchema } from '@kyb/validation';

/** Owner columns come as `owner1_*` .. `owner5_*`. */
export const OWNER_SLOTS = [1, 2, 3, 4, 5] as const;
/** Trading names come as `dba1_name` .. `dba5_name`. */
export const DBA_SLOTS = [1, 2, 3, 4, 5] as const;

/**
 * TIN formats: US EIN/SSN, nine digits with or without dashes (`123456789`, `12-3456789`,
 * `123-45-6789`), UK UTR (10 digits), UK company number, GB VAT.
 */
export const TIN_PATTERN = '^(\\d{9}|\\d{2}-\\d{7}|\\d{3}-\\d{2}-\\d{4}|\\d{10}|[A-Z]{2}\\d{6}|\\d{8}|GB\\d{9}|GB\\d{12})$';

const text = (maxLength = 200): JsonSchema => ({ type: 'string', minLength: 1, maxLength });

/** The owner columns and their schemas, without the `ownerN_` prefix. */
export const OWNER_COLUMNS: Record<string, JsonSchema> = {
  title: text(100),
  first_name: text(100),
  last_name: text(100),
  email: { type: 'string', format: 'email', maxLength: 254 },
  mobile: text(32),
  ssn: { type: 'string', pattern: '^(\\d{9}|\\d{3}-\\d{2}-\\d{4})$' },
  dob: { type: 'string', format: 'date' },
  address_line_1: text(),
  address_line_2: text(),
  address_city: text(100),
  address_state: text(100),
  address_postal: text(20),
  address_country: text(3),
  owner_type: { type: 'string', enum: ['CONTROL', 'BENEFICIARY'] },
  ownership_percentage: { type: 'number' },
};

/** One flat row of a business as adding (E12, a bulk run) and inviting (E5) give it. */
export type BusinessRowInput = Record<string, string | number | boolean | undefined> & { name: string };

/** Each owner slot with the names of its columns (`owner1_first_name`, ...), made once: rows are checked by the thousand. */
const OWNER_SLOT_COLUMNS = OWNER_SLOTS.map((n) => ({ n, columns: Object.keys(OWNER_COLUMNS).map((column) => `owner${n}_${column}`) }));

/** Owner slots the row uses: any `ownerN_*` column given. */
export function ownerSlotsOf(row: BusinessRowInput): number[] {
  return OWNER_SLOT_COLUMNS.filter(({ columns }) => columns.some((column) => row[column] !== undefined)).map(({ n }) => n);
}
