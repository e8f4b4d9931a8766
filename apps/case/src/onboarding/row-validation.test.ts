import { validateBusinessRow, type RowContext } from './row-validation';

const context: RowContext = { existingExternalIds: new Map([['EXT-1', 'b-1']]), today: new Date('2026-11-22T00:00:00Z') };
const owner = (n: number, percentage: number, type = 'CONTROL') => ({
  [`owner${n}_first_name`]: 'Ann',
  [`owner${n}_last_name`]: 'Lee',
  [`owner${n}_owner_type`]: type,
  [`owner${n}_ownership_percentage`]: percentage,
});

describe('validateBusinessRow', () => {
  it('accepts a minimal row and a complete valid one', () => {
    expect(validateBusinessRow({ name: 'Acme' }, context)).toEqual([]);
    expect(
      validateBusinessRow(
        {
          name: 'Acme',
          mobile: '+1 415 555 0132',
          address_line_1: '1 Main St',
          address_city: 'Longwood',
          address_state: 'FL',
          address_postal_code: '32850',
          ...owner(1, 60),
          ...owner(2, 40, 'BENEFICIARY'),
          owner1_dob: '1980-01-31',
        },
        context,
      ),
    ).toEqual([]);
  });

  it('when the ownership percentages sum to 90, the row fails with the total', () => {
    expect(validateBusinessRow({ name: 'A', ...owner(1, 50), ...owner(2, 40, 'BENEFICIARY') }, context)).toEqual([
      { column: 'ownership_percentage', providedKey: 'ownership_percentage', value: 90, reason: 'Owner ownership percentages must add up to 100 (they add up to 90).' },
    ]);
  });

  it('reports a percentage over 100 as the published sample does, together with every other failure', () => {
    const failures = validateBusinessRow({ name: 'A', mobile: '10', external_id: 'EXT-1', ...owner(1, 104, 'BENEFICIARY') }, context);
    expect(failures).toEqual([
      { column: 'mobile', providedKey: 'mobile', value: '10', reason: 'Invalid phone number.' },
      {
        column: 'external_id',
        providedKey: 'external_id',
        value: 'EXT-1',
        reason: 'The business external ID already exists for this customer (business ID: b-1)',
        existing_business_id: 'b-1',
      },
      { column: 'owner1_ownership_percentage', providedKey: 'owner1_ownership_percentage', value: 104, reason: 'Owner1 Ownership Percentage must be a number between 0 and 100.' },
      { column: 'ownership_percentage', providedKey: 'ownership_percentage', value: 104, reason: 'Owner ownership percentages must add up to 100 (they add up to 104).' },
      { column: 'owner_type', providedKey: 'owner_type', value: null, reason: 'At least one owner must be a CONTROL owner.' },
    ]);
  });

  it('requires the name fields of a given owner, and a date of birth in the past', () => {
    const reasons = validateBusinessRow({ name: 'A', owner1_ownership_percentage: 100, owner1_owner_type: 'CONTROL', owner1_dob: '2030-01-01' }, context).map(
      (f) => f.reason,
    );
    expect(reasons).toEqual(['Owner1 First Name is required.', 'Owner1 Last Name is required.', 'Owner1 Dob must be in the past.']);
  });

  it('refuses a business id, incomplete applicant data, and incomplete or invalid address data', () => {
    const failures = validateBusinessRow(
      { name: 'A', id: 'abc', applicant_email: 'a@b.co', address_line_1: '1 Main', address_postal_code: '3285', address_country: 'U$' },
      context,
    );
    expect(failures.map((f) => [f.column, f.reason])).toEqual([
      ['id', 'A business id cannot be given when adding a business.'],
      ['address_city', 'Address City is required when an address is given.'],
      ['address_state', 'Address State is required when an address is given.'],
      ['address_country', 'Invalid country code.'],
      ['applicant_first_name', 'Applicant First Name is required when an applicant is given.'],
      ['applicant_last_name', 'Applicant Last Name is required when an applicant is given.'],
    ]);
  });

  it('refuses a date of birth before 1900', () => {
    expect(validateBusinessRow({ name: 'A', ...owner(1, 100), owner1_dob: '0001-01-01' }, context).map((f) => f.reason)).toEqual([
      'Owner1 Dob must be on or after 1900-01-01.',
    ]);
  });

  it('refuses an external id used twice within one run', () => {
    expect(validateBusinessRow({ name: 'A', external_id: 'X' }, { ...context, externalIdsInRun: new Set(['X']) })[0].reason).toBe(
      'The business external ID is used by another row of this run.',
    );
  });

  it('checks NAICS code, MCC and industry against the code lists, as numbers or digit strings, and their agreement', () => {
    expect(validateBusinessRow({ name: 'A', naics_code: 621210, mcc_code: '8021', industry: 16 }, context)).toEqual([]);
    expect(validateBusinessRow({ name: 'A', naics_code: '62', industry: 'Health Care and Social Assistance' }, context)).toEqual([]);
    expect(validateBusinessRow({ name: 'A', naics_code: 123456, mcc_code: 9999, industry: 21 }, context).map((f) => [f.column, f.reason])).toEqual([
      ['naics_code', 'NAICS Code 123456 is not a code of the 2017 NAICS edition.'],
      ['mcc_code', 'MCC Code 9999 is not an ISO 18245 merchant category code.'],
      ['industry', 'Industry must be an industry id, NAICS sector code, industry code or name.'],
    ]);
    expect(validateBusinessRow({ name: 'A', naics_code: '722511', industry: '62' }, context).map((f) => f.column)).toEqual(['industry']);
  });
});
