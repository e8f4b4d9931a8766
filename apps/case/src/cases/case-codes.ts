/**
 * E12's `data_cases[]` carry a case's status and type as integers, as the published body does
 * (`status: 3`, `case_type: 1`); the cases endpoints keep the names. The README lists the mapping.
 */
export const CASE_STATUS_CODES = {
  /** A case opened by an invitation (E5), waiting for the applicant. */
  INVITED: 1,
  /** A case opened with a business added by E12 or a bulk run (the published sample's 3). */
  CREATED: 3,
} as const;

/** Every case is an onboarding case today. */
export const CASE_TYPE_CODES = { ONBOARDING: 1 } as const;

/** A case status name the suite uses. */
export type CaseStatusName = keyof typeof CASE_STATUS_CODES;
