import type { CaseDecisionEntry } from '@kyb/area-views';
import type { ReportDecision } from '../pdf/report-data';

/**
 * The decision page: the business's newest case of the report's tenant as the case area publishes
 * it (its state, the policy's last word with the facts read, the trail), or none. The tenant and
 * business ids are the report's own and are not repeated.
 */
export function reportDecision(newest: CaseDecisionEntry | undefined): ReportDecision {
  if (!newest) return { case: null };
  const { customerId: _customerId, businessId: _businessId, ...kase } = newest;
  return { case: kase };
}
