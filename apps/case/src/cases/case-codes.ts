import type { CaseOrigin } from './cases.store';

/**
 * E12's `data_cases[]` carry a case's status and type as integers, as the published body does
 * (`status: 3`, `case_type: 1`): the integer says how the case was opened (the cases endpoints
 * show its decision state by name, and its `origin`). The README lists the mapping.
 */
export const CASE_STATUS_CODES: Readonly<Record<CaseOrigin, number>> = {
  /** A case opened by an invitation (E5), waiting for the applicant. */
  INVITATION: 1,
  /** A case opened with a business added by E12 or a bulk run (the published sample's 3). */
  ADDED: 3,
};

/** Every case is an onboarding case today. */
export const CASE_TYPE_CODES = { ONBOARDING: 1 } as const;
