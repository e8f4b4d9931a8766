import type { Knex } from '@kyb/db';
import { isUuid } from '@kyb/validation';

/** The case area's read modules of cases' decisions and their trails, created by its migrations. */
export const CASE_DECISION_DIRECTORY_VIEW = 'cases.case_decision_directory';
export const CASE_TRANSITION_DIRECTORY_VIEW = 'cases.case_transition_directory';

/** A fact a decision read: its value once its source answered (null: the source answered there is none), the source, and when it answered. */
export interface CaseFactEntry {
  name: string;
  value: string | number | null;
  source: string;
  /** Null when the stored time is not one. */
  at: Date | null;
}

/** What the policy last said of a case (docs/adr/0055): a decision, or the facts a rule waits for. */
export type CaseOutcomeEntry =
  | {
      kind: 'decided';
      policyVersion: number | null;
      /** `approve`, `review` or `reject`. */
      decision: string;
      /** The rule that decided; null when `otherwise` did. */
      ruleId: string | null;
      reason: string;
      /** The rules tried before it, which did not hold. */
      passed: string[];
      facts: CaseFactEntry[];
      /** The state the policy would now move the case to when it was decided before and the facts now say otherwise; null when they agree. */
      disagrees: string | null;
    }
  | { kind: 'waiting'; policyVersion: number | null; ruleId: string; passed: string[]; missing: string[] };

/** One change of a case's state: who or what made it, when and why. */
export interface CaseTransitionEntry {
  id: string;
  /** Null for the case's opening. */
  fromStatus: string | null;
  toStatus: string;
  /** `policy`, `reviewer`, `applicant` or `customer`. */
  mover: string;
  /** The person who moved it; null for the policy. */
  actorId: string | null;
  policyVersion: number | null;
  /** The rules tried, the one that decided last (`otherwise` when none held); empty for a person's move and after the tenant's erasure. */
  ruleIds: string[];
  reasonCode: string | null;
  /** The policy's reason, or the reviewers' notes (the tenant's own words); null after the tenant's erasure. */
  note: string | null;
  /** Under four eyes, the reviewer whose decision this one confirmed. */
  firstReviewerId: string | null;
  at: Date;
}

/** Under four eyes, a reviewer's decision waiting for a second reviewer's (the note stays in the case area). */
export interface AwaitingConfirmationEntry {
  /** `approve` or `reject`. */
  decision: string;
  reviewerId: string;
  reasonCode: string;
  at: Date | null;
}

/** A business's case with its decision and its trail, oldest move first. */
export interface CaseDecisionEntry {
  caseId: string;
  customerId: string;
  businessId: string;
  /** The decision state (`OPEN`, `AUTO_APPROVED`, `MANUAL_REVIEW`, ...). */
  status: string;
  /** `INVITATION` or `ADDED`. */
  origin: string;
  assigneeId: string | null;
  /** The policy version that last moved the case; null when none has. */
  policyVersion: number | null;
  openedAt: Date;
  statusChangedAt: Date;
  /** What the policy last said; null before its first evaluation, and after the tenant's erasure. */
  outcome: CaseOutcomeEntry | null;
  evaluatedAt: Date | null;
  /** A decision waiting for a second reviewer; null when none waits (and after the tenant's erasure). */
  awaitingConfirmation: AwaitingConfirmationEntry | null;
  trail: CaseTransitionEntry[];
  /** The business's other, older cases of the same tenant (a business invited again has one more). */
  olderCases: number;
}

type Row = Record<string, unknown>;

const object = (value: unknown): Row | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Row) : null);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const version = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const time = (value: unknown): Date | null => {
  const at = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
};

function toFact(stored: unknown): CaseFactEntry | null {
  const fact = object(stored);
  if (!fact || typeof fact.name !== 'string') return null;
  const value = typeof fact.value === 'string' || typeof fact.value === 'number' ? fact.value : null;
  return { name: fact.name, value, source: text(fact.source), at: time(fact.at) };
}

/** The outcome as the case area keeps it (`keptOutcome`), read defensively: an odd one is no outcome, never a throw. */
export function toCaseOutcome(stored: unknown): CaseOutcomeEntry | null {
  const outcome = object(stored);
  const policyVersion = version(outcome?.policy_version);
  if (outcome?.kind === 'waiting') return { kind: 'waiting', policyVersion, ruleId: text(outcome.rule_id), passed: texts(outcome.passed), missing: texts(outcome.missing) };
  if (outcome?.kind !== 'decided') return null;
  return {
    kind: 'decided',
    policyVersion,
    decision: text(outcome.decision),
    ruleId: textOrNull(outcome.rule_id),
    reason: text(outcome.reason),
    passed: texts(outcome.passed),
    facts: (Array.isArray(outcome.facts) ? outcome.facts : []).map(toFact).filter((f): f is CaseFactEntry => f !== null),
    disagrees: textOrNull(outcome.disagrees),
  };
}

/** The waiting decision as published, read defensively: an odd one is none. */
export function toAwaitingConfirmation(stored: unknown): AwaitingConfirmationEntry | null {
  const waiting = object(stored);
  if (!waiting || typeof waiting.decision !== 'string' || typeof waiting.by !== 'string') return null;
  return { decision: waiting.decision, reviewerId: waiting.by, reasonCode: text(waiting.reason_code), at: time(waiting.at) };
}

const toTransition = (row: Row): CaseTransitionEntry => ({
  id: row.id as string,
  fromStatus: (row.from_status as string | null) ?? null,
  toStatus: row.to_status as string,
  mover: row.mover as string,
  actorId: (row.actor_id as string | null) ?? null,
  policyVersion: (row.policy_version as number | null) ?? null,
  ruleIds: texts(row.rule_ids),
  reasonCode: (row.reason_code as string | null) ?? null,
  note: (row.note as string | null) ?? null,
  firstReviewerId: row.mover === 'reviewer' ? textOrNull(object(row.facts)?.first_reviewer) : null,
  at: row.created_at as Date,
});

/** Reads businesses' cases, their decisions and trails through the case area's views. */
export function createCaseDecisionDirectory(db: Knex) {
  return {
    /**
     * The business's newest case of the customer's with its decision and trail; undefined when the
     * customer has no case of it (another tenant's business too), and for values that are not UUIDs.
     */
    async newest(customerId: string, businessId: string): Promise<CaseDecisionEntry | undefined> {
      if (!isUuid(customerId) || !isUuid(businessId)) return undefined;
      const cases: Row[] = await db(CASE_DECISION_DIRECTORY_VIEW)
        .where({ customer_id: customerId, business_id: businessId })
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
      const [row] = cases;
      if (!row) return undefined;
      const trail: Row[] = await db(CASE_TRANSITION_DIRECTORY_VIEW).where({ case_id: row.id, customer_id: customerId }).orderBy(['created_at', 'id']);
      return {
        caseId: row.id as string,
        customerId: row.customer_id as string,
        businessId: row.business_id as string,
        status: row.status as string,
        origin: row.origin as string,
        assigneeId: (row.assignee_id as string | null) ?? null,
        policyVersion: (row.policy_version as number | null) ?? null,
        openedAt: row.created_at as Date,
        statusChangedAt: row.status_changed_at as Date,
        outcome: toCaseOutcome(row.outcome),
        evaluatedAt: (row.evaluated_at as Date | null) ?? null,
        awaitingConfirmation: toAwaitingConfirmation(row.awaiting_confirmation),
        trail: trail.map(toTransition),
        olderCases: cases.length - 1,
      };
    },
  };
}

/** The case decision directory type, for injection. */
export type CaseDecisionDirectory = ReturnType<typeof createCaseDecisionDirectory>;
