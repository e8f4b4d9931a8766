/*
 * What a Compliancely `irs_code` means for us. Codes 0-8 are the IRS's own TIN-matching answers
 * (IRS Publication 2108-A, On-Line TIN Matching Program); -1 and 10 are Compliancely's additions
 * ("Code given by IRS 0-8, Additional codes by Compliancely are -1 & 10":
 * https://apideveloper.compliancely.com/reference/api_v1_submissions_create).
 */

/** The IRS answered whether the TIN belongs to the name. */
export interface IrsTinMatchAnswer {
  kind: 'answer';
  matched: boolean;
  code: string;
  description: string;
}

/** Nothing was checked: the IRS refused the request, or has not answered yet. */
export interface IrsTinMatchUnanswered {
  kind: 'unanswered';
  transient: boolean;
  message: string;
}

export type IrsTinMatchOutcome = IrsTinMatchAnswer | IrsTinMatchUnanswered;

/** The IRS's answers, in our words. 6, 7 and 8 are matches the IRS found without being told the TIN's type. */
const ANSWERS: Readonly<Record<number, { matched: boolean; description: string }>> = {
  0: { matched: true, description: 'The TIN and name match IRS records.' },
  1: { matched: false, description: 'The TIN is missing or is not a nine-digit number.' },
  2: { matched: false, description: 'The TIN is not currently issued.' },
  3: { matched: false, description: 'The TIN and name do not match IRS records.' },
  6: { matched: true, description: 'The TIN and name match IRS records of an SSN.' },
  7: { matched: true, description: 'The TIN and name match IRS records of an EIN.' },
  8: { matched: true, description: 'The TIN and name match IRS records of both an SSN and an EIN.' },
};

/*
 * Codes under which nothing was checked. 4 (invalid request) is permanent: the IRS refuses the
 * request's content, and the same request is refused again. 5 (duplicate request) is transient:
 * nothing in the request is wrong, the IRS declined to answer it again, and a later request is
 * answered. -1 is Compliancely's pending result, answered with `irs_service_status` "THE IRS TIN
 * MATCHING SERVICE IS SLOW OR CURRENTLY EXPERIENCING AN OUTAGE" when the IRS is down (the
 * sandbox page's sample): the IRS is unavailable, so it is transient like any outage.
 */
const UNANSWERED: Readonly<Record<number, { transient: boolean; message: string }>> = {
  4: { transient: false, message: 'The IRS refused the TIN-matching request as invalid (IRS code 4)' },
  5: { transient: true, message: 'The IRS refused a duplicate TIN-matching request (IRS code 5)' },
  '-1': { transient: true, message: 'Compliancely has no IRS answer yet: the IRS TIN-matching service is slow or unavailable (code -1)' },
  // not in the vendor's docs: what 10 means. They list the statuses Pending / TIN Matched / Did Not
  // Match / In Review and the extra codes -1 and 10; -1 comes with Pending in their samples, so 10
  // is read as In Review, an answer still to come (transient).
  10: { transient: true, message: 'Compliancely has the TIN match under review (code 10)' },
};

/** Our reading of an `irs_code`; anything but a known integer is an answer we cannot read (transient, like a body that is not JSON). */
export function irsTinMatchOutcome(irsCode: unknown): IrsTinMatchOutcome {
  if (typeof irsCode !== 'number' || !Number.isInteger(irsCode)) {
    return { kind: 'unanswered', transient: true, message: 'Compliancely answered without an IRS result code' };
  }
  const answer = ANSWERS[irsCode];
  if (answer) return { kind: 'answer', matched: answer.matched, code: String(irsCode), description: answer.description };
  const unanswered = UNANSWERED[irsCode];
  if (unanswered) return { kind: 'unanswered', ...unanswered };
  return { kind: 'unanswered', transient: true, message: `Compliancely answered an IRS result code we do not know (${irsCode})` };
}
