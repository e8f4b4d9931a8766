/*
 * The IRS behind the Compliancely fake, and the answer body Compliancely documents for a TIN
 * match (https://apideveloper.compliancely.com/reference/api_v1_tin_match_create and
 * https://apideveloper.compliancely.com/reference/tin-match-sandbox-documentation).
 */

/** A TIN the IRS holds: its registered name, and the code the IRS answers for it (0 unless told). */
export interface CompliancelyTinRecord {
  tin: string;
  name: string;
  irsCode?: number;
}

/** `irs_service_status` while the IRS is down (documented, with irs_code -1 and status Pending). */
export const IRS_DOWN = 'THE IRS TIN MATCHING SERVICE IS SLOW OR CURRENTLY EXPERIENCING AN OUTAGE';

/** The IRS compares names by their letters and digits, whatever the case (the fake's own rule). */
const nameKey = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The IRS's code for a TIN and name: the record's own code, 3 for another name, 2 for a TIN it does not hold. */
export function irsCodeFor(records: readonly CompliancelyTinRecord[], tin: string, name: string): number {
  const record = records.find((r) => r.tin === tin);
  if (!record) return 2;
  return nameKey(record.name) === nameKey(name) ? (record.irsCode ?? 0) : 3;
}

/*
 * `status` and `irs_reason` per code. Documented: "Did Not Match" with "TIN and Name combination
 * does not match IRS records." for 3, "Pending" with "" for -1, and the statuses Pending / TIN
 * Matched / Did Not Match / In Review. not in the vendor's docs: the other reasons (these are the
 * IRS's meanings, Publication 2108-A), the status of 4 and 5, and 10 as In Review.
 */
const RESULTS: Record<number, { status: string; reason: string }> = {
  0: { status: 'TIN Matched', reason: 'TIN and Name combination matches IRS records.' },
  1: { status: 'Did Not Match', reason: 'TIN was missing or TIN not 9-digit numeric.' },
  2: { status: 'Did Not Match', reason: 'TIN entered is not currently issued.' },
  3: { status: 'Did Not Match', reason: 'TIN and Name combination does not match IRS records.' },
  4: { status: 'Did Not Match', reason: 'Invalid TIN Matching request.' },
  5: { status: 'Did Not Match', reason: 'Duplicate TIN Matching request.' },
  6: { status: 'TIN Matched', reason: 'TIN and Name combination matches IRS SSN records.' },
  7: { status: 'TIN Matched', reason: 'TIN and Name combination matches IRS EIN records.' },
  8: { status: 'TIN Matched', reason: 'TIN and Name combination matches IRS SSN and EIN records.' },
  [-1]: { status: 'Pending', reason: '' },
  10: { status: 'In Review', reason: '' },
};

/** A date as Compliancely writes it: `2023-02-20T18:02:33Z`. */
const dateOf = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The documented answer: the request echoed (TIN included), its status, the IRS's code and reason. */
export function compliancelyAnswer(input: { id: number; tin: string; name: string; irsCode: number; now: Date }): Record<string, unknown> {
  const result = RESULTS[input.irsCode] ?? { status: 'Did Not Match', reason: '' };
  const at = dateOf(input.now);
  const pending = input.irsCode === -1;
  return {
    id: input.id,
    name: input.name,
    tin: input.tin,
    status: result.status,
    created_by: 'compliancely',
    irs_code: input.irsCode,
    irs_reason: result.reason,
    irs_service_status: pending ? IRS_DOWN : 'RUNNING',
    last_irs_check_date: at,
    created_date: at,
    updated_date: at,
    // "A message key is returned in the response after a 30-second timeout". not in the vendor's docs: its text.
    ...(pending ? { message: 'The IRS did not answer within 30 seconds: the request is queued.' } : {}),
  };
}
