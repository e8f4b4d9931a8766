/** The 360 report's decision page's data (issue 45), part of `ReportData`. */
import type { CaseDecisionEntry } from '@kyb/area-views';

export type { CaseFactEntry as ReportCaseFact, CaseOutcomeEntry as ReportCaseOutcome, CaseTransitionEntry as ReportCaseMove } from '@kyb/area-views';

/**
 * A business's case as the case area publishes it: its state, how it was opened, what the policy
 * last said (the rule, the rules tried before it, the facts read with their sources and times, or
 * the facts a rule waits for), and its trail, oldest move first.
 */
export type ReportCase = Omit<CaseDecisionEntry, 'customerId' | 'businessId'>;

/** The decision page's data: the business's newest case of the report's tenant, or null when it has none. */
export interface ReportDecision {
  case: ReportCase | null;
}
