/** Every state a case takes (docs/adr/0055), in the order a list of them is shown. */
export const CASE_STATES = ['OPEN', 'AUTO_APPROVED', 'MANUAL_REVIEW', 'AUTO_REJECTED', 'APPROVED', 'REJECTED', 'INFO_REQUESTED', 'WITHDRAWN'] as const;

/** A case's state. */
export type CaseState = (typeof CASE_STATES)[number];
