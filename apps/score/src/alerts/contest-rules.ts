import { CONTESTED_DECISION_ALERT_RULE, type DecisionContestEntry } from '@kyb/area-views';
import { SEVERITY_TABLE, type AlertSeverity } from './alert-codes';

/** An alert about a case's decision the case area contests: what to insert, for whom. */
export interface ContestAlert {
  customerId: string;
  businessId: string;
  caseId: string;
  rule: typeof CONTESTED_DECISION_ALERT_RULE;
  severity: AlertSeverity;
  /** The state the policy would now move the case to: one alert per case and state. */
  subject: string;
  title: string;
  summary: string;
  before: string;
  after: string;
  data: { case_id: string; contest_id: string; status: string; would_decide: string; rule_id: string | null; policy_version: number };
}

/** How each state leans, from approving to rejecting. */
const LEANING: Record<string, number> = { AUTO_APPROVED: 0, APPROVED: 0, MANUAL_REVIEW: 1, AUTO_REJECTED: 2, REJECTED: 2 };
const DECIDED_BY: Record<string, string> = {
  AUTO_APPROVED: 'approved by its policy',
  APPROVED: 'approved by a reviewer',
  AUTO_REJECTED: 'rejected by its policy',
  REJECTED: 'rejected by a reviewer',
};
const WOULD: Record<DecisionContestEntry['wouldDecide'], string> = { AUTO_APPROVED: 'approve it', MANUAL_REVIEW: 'send it to review', AUTO_REJECTED: 'reject it' };

/** A sentence of the policy's own words, ending as a sentence does. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * The CASE_DECISION_CONTESTED alert of a contested decision: HIGH when the policy would now be
 * stricter than the decision (review or reject an approved case), LOW when more lenient. Its words
 * name the case's state, what the policy would now do, the rule (or `otherwise`) and the rule's
 * reason as the customer's policy words it; nothing of the business or a person. An erased
 * tenant's contest keeps no rule nor reason, and its alert says none.
 */
export function contestAlert(contest: DecisionContestEntry): ContestAlert {
  const stricter = (LEANING[contest.wouldDecide] ?? 0) > (LEANING[contest.status] ?? 0);
  const table = SEVERITY_TABLE.CASE_DECISION_CONTESTED;
  const by = contest.ruleId === null ? (contest.reason === null ? '' : ' by its otherwise') : ` by rule ${contest.ruleId}`;
  const why = contest.reason === null ? '.' : `: ${sentence(contest.reason)}`;
  return {
    customerId: contest.customerId,
    businessId: contest.businessId,
    caseId: contest.caseId,
    rule: CONTESTED_DECISION_ALERT_RULE,
    severity: stricter ? table.worsening : table.improvement,
    subject: contest.wouldDecide,
    title: `Decision contested: the policy would now ${WOULD[contest.wouldDecide]} (${contest.status} case)`,
    summary:
      `The case was ${DECIDED_BY[contest.status] ?? contest.status.toLowerCase()} (${contest.status}); with the business's facts as they are now, ` +
      `its policy (version ${contest.policyVersion}) would ${WOULD[contest.wouldDecide]} (${contest.wouldDecide})${by}${why} The decision stands until a reviewer changes it.`,
    before: contest.status,
    after: contest.wouldDecide,
    data: { case_id: contest.caseId, contest_id: contest.id, status: contest.status, would_decide: contest.wouldDecide, rule_id: contest.ruleId, policy_version: contest.policyVersion },
  };
}
