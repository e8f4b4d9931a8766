import { classifyRow } from '../businesses/industry-classification';
import { ownerSlotsOf, type BusinessRowInput } from '../businesses/business-row.columns';
import { createPhoneReader, type PhoneReader } from '../businesses/phone-numbers';
import { isDisposableDomain } from '../applicants/disposable-domains';

/** One failed check of a row: its column, the value given and why (contract 7.1 row 9). */
export interface RowFailure {
  column: string;
  providedKey: string;
  value: unknown;
  reason: string;
  existing_business_id?: string;
}

/** What a row is checked against besides itself. */
export interface RowContext {
  /** Businesses of the customer by external id. */
  existingExternalIds: ReadonlyMap<string, string>;
  /** External ids used by earlier rows of the same run. */
  externalIdsInRun?: ReadonlySet<string>;
  /** Today, for dates of birth. */
  today: Date;
  /** The request's phone reader, which storing the rows uses too (a new one by default). */
  phones?: PhoneReader;
}

const label = (column: string) =>
  column
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');

function fail(column: string, value: unknown, reason: string, extra: Partial<RowFailure> = {}): RowFailure {
  return { column, providedKey: column, value, reason, ...extra };
}


function checkOwners(row: BusinessRowInput, context: Pick<RowContext, 'today'>, phones: PhoneReader): RowFailure[] {
  const failures: RowFailure[] = [];
  const slots = ownerSlotsOf(row);
  let total = 0;
  for (const n of slots) {
    const key = (column: string) => `owner${n}_${column}`;
    for (const required of ['first_name', 'last_name', 'owner_type', 'ownership_percentage']) {
      if (row[key(required)] === undefined) failures.push(fail(key(required), null, `${label(key(required))} is required.`));
    }
    const percentage = row[key('ownership_percentage')];
    if (typeof percentage === 'number') {
      if (percentage < 0 || percentage > 100) {
        failures.push(fail(key('ownership_percentage'), percentage, `${label(key('ownership_percentage'))} must be a number between 0 and 100.`));
      }
      total += percentage;
    }
    const mobile = row[key('mobile')];
    if (typeof mobile === 'string' && !phones(mobile).valid) failures.push(fail(key('mobile'), mobile, 'Invalid phone number.'));
    const dob = row[key('dob')];
    if (typeof dob === 'string') {
      const born = new Date(`${dob}T00:00:00Z`).getTime();
      if (born >= context.today.getTime()) failures.push(fail(key('dob'), dob, `${label(key('dob'))} must be in the past.`));
      else if (born < Date.UTC(1900, 0, 1)) failures.push(fail(key('dob'), dob, `${label(key('dob'))} must be on or after 1900-01-01.`));
    }
  }
  if (slots.length > 0) {
    if (Math.abs(total - 100) > 1e-9) {
      failures.push(fail('ownership_percentage', total, `Owner ownership percentages must add up to 100 (they add up to ${total}).`));
    }
    if (!slots.some((n) => row[`owner${n}_owner_type`] === 'CONTROL')) {
      failures.push(fail('owner_type', null, 'At least one owner must be a CONTROL owner.'));
    }
  }
  return failures;
}

function checkAddress(row: BusinessRowInput): RowFailure[] {
  const columns = ['address_line_1', 'address_city', 'address_state', 'address_postal_code'];
  const given = [...columns, 'address_apartment', 'address_line_2', 'address_country'].some((c) => row[c] !== undefined);
  if (!given) return [];
  const failures = columns.filter((c) => row[c] === undefined).map((c) => fail(c, null, `${label(c)} is required when an address is given.`));
  const country = typeof row.address_country === 'string' ? row.address_country.toUpperCase() : 'US';
  const postal = row.address_postal_code;
  if (['US', 'USA'].includes(country) && typeof postal === 'string' && !/^\d{5}(-\d{4})?$/.test(postal)) {
    failures.push(fail('address_postal_code', postal, 'Invalid US postal code.'));
  }
  if (row.address_country !== undefined && !/^[A-Za-z]{2,3}$/.test(String(row.address_country))) {
    failures.push(fail('address_country', row.address_country, 'Invalid country code.'));
  }
  return failures;
}

function checkApplicant(row: BusinessRowInput): RowFailure[] {
  const columns = ['applicant_first_name', 'applicant_last_name', 'applicant_email'];
  const given = columns.filter((c) => row[c] !== undefined);
  if (given.length === 0) return [];
  const domain = typeof row.applicant_email === 'string' ? row.applicant_email.split('@')[1]?.toLowerCase() : undefined;
  if (domain && isDisposableDomain(domain)) return [fail('applicant_email', row.applicant_email, 'Disposable email domains are not accepted.')];
  if (row.applicant_id !== undefined) return [fail('applicant_id', row.applicant_id, 'Give either applicant_id or the applicant\'s details, not both.')];
  return columns.filter((c) => row[c] === undefined).map((c) => fail(c, null, `${label(c)} is required when an applicant is given.`));
}

/** A row's checks, made once: every one but whether its external id is stored already, which only the database can tell. */
export interface RowCheck {
  /** The row's failures, in the order E12 lists them, with the customer's stored external ids (external id -> business id). */
  failuresWith(existingExternalIds: ReadonlyMap<string, string>): RowFailure[];
}

/**
 * Every row-level check of E12 (contract 7.1 row 9) but the stored external ids: an add checks its
 * rows once, before it knows whether it needs its transaction, which reads the stored ids.
 */
export function checkBusinessRow(row: BusinessRowInput, context: Omit<RowContext, 'existingExternalIds'>): RowCheck {
  const leading: RowFailure[] = [];
  const phones = context.phones ?? createPhoneReader();
  if (row.id !== undefined) leading.push(fail('id', row.id, 'A business id cannot be given when adding a business.'));
  if (typeof row.mobile === 'string' && !phones(row.mobile).valid) leading.push(fail('mobile', row.mobile, 'Invalid phone number.'));
  // Compared as stored (trimmed): ' A-1' and 'A-1' are one external id.
  const externalId = typeof row.external_id === 'string' ? row.external_id.trim() : undefined;
  // Read now: the caller's set of the run's external ids grows with the rows after this one.
  const usedInRun = externalId !== undefined && context.externalIdsInRun?.has(externalId) === true;
  const classification = classifyRow(row).problems.map((p) => fail(p.column, p.value, p.reason));
  const trailing = [...checkAddress(row), ...classification, ...checkApplicant(row), ...checkOwners(row, context, phones)];
  return {
    failuresWith(existingExternalIds) {
      const existing = externalId === undefined ? undefined : existingExternalIds.get(externalId);
      const failures = [...leading];
      if (existing) {
        failures.push(
          fail('external_id', row.external_id, `The business external ID already exists for this customer (business ID: ${existing})`, {
            existing_business_id: existing,
          }),
        );
      } else if (usedInRun) {
        failures.push(fail('external_id', row.external_id, 'The business external ID is used by another row of this run.'));
      }
      return [...failures, ...trailing];
    },
  };
}

/**
 * Every row-level check of E12 (contract 7.1 row 9: a row that fails its checks is answered 400 with
 * its failures, and nothing of the request is stored). All failures of a row are reported together.
 */
export function validateBusinessRow(row: BusinessRowInput, context: RowContext): RowFailure[] {
  return checkBusinessRow(row, context).failuresWith(context.existingExternalIds);
}
