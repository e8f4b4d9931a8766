import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';
import { uuidsOf } from './business-directory';

/** The case area's read module of contested decisions (issue 45), created by its migrations. */
export const DECISION_CONTEST_DIRECTORY_VIEW = 'cases.case_decision_contest_directory';

/** The states a policy asks a decided case for when it contests its decision. */
export const CONTESTED_WITH = ['AUTO_APPROVED', 'MANUAL_REVIEW', 'AUTO_REJECTED'] as const;

/**
 * A decided case (`AUTO_APPROVED`, `AUTO_REJECTED`, `APPROVED`, `REJECTED`) whose facts came to
 * say otherwise: the case's state then, the state its policy would now move it to, the rule that
 * says so (null: the policy's `otherwise`) and its reason in the policy's words. Kept once per case
 * and state asked for. An erased tenant's keep their ids and states, not the rule nor the reason.
 */
export interface DecisionContestEntry {
  id: string;
  caseId: string;
  customerId: string;
  businessId: string;
  status: string;
  wouldDecide: (typeof CONTESTED_WITH)[number];
  policyVersion: number;
  ruleId: string | null;
  reason: string | null;
  contestedAt: Date;
}

interface Row {
  id: string;
  case_id: string;
  customer_id: string;
  business_id: string;
  status: string;
  would_decide: string;
  policy_version: number;
  rule_id: string | null;
  reason: string | null;
  contested_at: Date;
}

const isContestedWith = (value: string): value is DecisionContestEntry['wouldDecide'] => (CONTESTED_WITH as readonly string[]).includes(value);

/** Reads contested decisions through the case area's view. */
export function createDecisionContestDirectory(db: Knex) {
  return {
    /**
     * The contests of the customer's cases `caseIds`, oldest first; another tenant's cases answer
     * none, and values that are not UUIDs are skipped. A state this version does not know (a newer
     * one wrote it during a deploy) is left out.
     */
    async ofCases(customerId: string, caseIds: readonly string[]): Promise<DecisionContestEntry[]> {
      const wanted = uuidsOf(caseIds);
      if (!isUuid(customerId) || wanted.length === 0) return [];
      const rows: Row[] = await db(DECISION_CONTEST_DIRECTORY_VIEW)
        .where({ customer_id: customerId.toLowerCase() })
        .whereRaw('case_id = any(?::uuid[])', [wanted.map((id) => id.toLowerCase())])
        .orderBy('contested_at')
        .orderBy('id');
      return rows.flatMap((row) =>
        isContestedWith(row.would_decide)
          ? [
              {
                id: row.id,
                caseId: row.case_id,
                customerId: row.customer_id,
                businessId: row.business_id,
                status: row.status,
                wouldDecide: row.would_decide,
                policyVersion: row.policy_version,
                ruleId: row.rule_id,
                reason: row.reason,
                contestedAt: row.contested_at,
              },
            ]
          : [],
      );
    },
  };
}

/** The decision contest directory type, for injection. */
export type DecisionContestDirectory = ReturnType<typeof createDecisionContestDirectory>;
