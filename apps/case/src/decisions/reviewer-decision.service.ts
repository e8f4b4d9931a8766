/*
 * A reviewer decides a case (issue 45, ADR 0055): approve or reject with a reason code and a note;
 * or the customer withdraws it (the onboarding stopped: any state but a final one).
 * A case no person decided may be decided (an automatic decision may be overturned); the move is
 * a conditional update from the state read, so of two decisions at once one wins and the other
 * answers 409. Four eyes (a policy option): a rejection, or an approval of a business whose score
 * has one of the listed risk levels, waits for a second reviewer's same decision.
 */
import { auditActOf, type Actor } from '@kyb/auth';
import { recordAudit, type Knex } from '@kyb/db';
import { AppError } from '@kyb/envelope';
import { caseOfCaller, type PendingDecision, type ReviewedCase } from '../cases/case-of-caller';
import { moveCase } from '../cases/case-moves.store';
import type { CasePoliciesStore } from './case-policies.store';
import type { CasePolicy } from './case-policy';
import { canMoveCase, isCaseState, type CaseState } from './case-states';
import { DEFAULT_CASE_POLICY } from './default-case-policy';
import type { CaseFactsReader } from './gather-case-facts';

/** The reason codes a reviewer gives (the note says the rest, in the reviewer's words). */
export const REVIEW_REASON_CODES = [
  'VERIFIED_BY_REVIEWER',
  'DOCUMENTS_CONFIRMED',
  'RISK_ACCEPTED',
  'SANCTIONS_CONFIRMED',
  'SANCTIONS_FALSE_POSITIVE',
  'IDENTITY_NOT_CONFIRMED',
  'FRAUD_SUSPECTED',
  'HIGH_RISK',
  'OUT_OF_POLICY',
  'WITHDRAWN_BY_APPLICANT',
  'NO_LONGER_NEEDED',
  'DUPLICATE_CASE',
  'OTHER',
] as const;

/** What a decision does: approve or reject (a reviewer's), or withdraw (the customer's: the onboarding stopped). */
export const REVIEW_DECISIONS = ['approve', 'reject', 'withdraw'] as const;
type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

const DECIDED_STATE: Record<ReviewDecision, CaseState> = { approve: 'APPROVED', reject: 'REJECTED', withdraw: 'WITHDRAWN' };

/** What a reviewer sends. */
export interface ReviewerDecisionBody {
  decision: ReviewDecision;
  reason_code: (typeof REVIEW_REASON_CODES)[number];
  note?: string;
}

/** 409 `NOT_ALLOWED` `CaseStateConflictError`: the case is not in a state this decision can move (decided meanwhile, or final). */
export class CaseStateConflictError extends AppError {
  constructor(message: string, state: string) {
    super({ message, httpStatus: 409, errorCode: 'NOT_ALLOWED', errorName: 'CaseStateConflictError', data: { status: state } });
  }
}


/**
 * The case as it was read: in the same state with the same decision waiting. A write limited to it
 * changes nothing when another reviewer's decision or confirmation came first (the row lock makes
 * the later statement see the earlier one's result).
 */
const asRead = (query: Knex.QueryBuilder, found: ReviewedCase) =>
  query
    .where({ id: found.id, status: found.status })
    .whereRaw('pending_decision is not distinct from ?::jsonb', [found.pending_decision === null ? null : JSON.stringify(found.pending_decision)]);

/** Whether the policy's four eyes asks a second reviewer for this decision. */
function needsSecondReviewer(policy: CasePolicy, decision: 'approve' | 'reject', riskLevel: unknown): boolean {
  if (decision === 'reject') return policy.four_eyes.reject;
  return typeof riskLevel === 'string' && policy.four_eyes.approve_risk_levels.some((level) => level.toLowerCase() === riskLevel.toLowerCase());
}

/** The reviewer's decision route's work. */
export function createReviewerDecisionService(deps: { db: Knex; policies: Pick<CasePoliciesStore, 'current'>; facts: CaseFactsReader; clock: () => Date }) {
  return {
    async decide(actor: Actor, caseId: string, body: ReviewerDecisionBody) {
      const found = await caseOfCaller(deps.db, actor, caseId);
      const from = (isCaseState(found.status) ? found.status : 'OPEN') as CaseState;
      const to = DECIDED_STATE[body.decision];
      const mover = body.decision === 'withdraw' ? 'customer' : 'reviewer';
      if (!canMoveCase(mover, from, to)) throw new CaseStateConflictError(`A case in ${from} cannot be ${body.decision === 'withdraw' ? 'withdrawn' : 'decided'}`, from);
      const stored = await deps.policies.current(found.customer_id);
      const policy = stored?.policy ?? DEFAULT_CASE_POLICY;
      // The risk level is read only where four eyes may ask for it (an approval, with risk levels listed).
      const asksRisk = body.decision === 'approve' && policy.four_eyes.approve_risk_levels.length > 0;
      const riskLevel = asksRisk ? (await deps.facts([found.business_id])).get(found.business_id)?.get('score.risk_level')?.value : undefined;
      const at = deps.clock();
      const note = body.note?.trim() ? body.note.trim() : null;
      const pending = found.pending_decision;
      const confirming = pending !== null && pending.decision === body.decision && pending.by !== actor.userId;
      if (pending?.decision === body.decision && pending.by === actor.userId) {
        throw new CaseStateConflictError('This decision waits for a second reviewer: another reviewer must confirm it', from);
      }
      if (!confirming && body.decision !== 'withdraw' && needsSecondReviewer(policy, body.decision, riskLevel)) {
        const waiting: PendingDecision = { decision: body.decision, by: actor.userId, reason_code: body.reason_code, note, at: at.toISOString() };
        const updated = await deps.db.transaction(async (trx) => {
          const count = await asRead(trx('cases.cases'), found).update({ pending_decision: JSON.stringify(waiting), updated_at: at, updated_by: actor.userId });
          const details = { decision: body.decision, reason_code: body.reason_code, status: from };
          if (count > 0) await recordAudit(trx, 'cases', [auditActOf(actor, { customerId: found.customer_id, action: 'case.decision_awaiting_confirmation', target: { type: 'case', id: found.id }, details }, at)]);
          return count;
        });
        if (updated === 0) throw new CaseStateConflictError('The case changed meanwhile: read it again', from);
        return { case_id: found.id, status: from, decided: false, awaiting_confirmation: { decision: body.decision, by: actor.userId, at: waiting.at } };
      }
      const moved = await deps.db.transaction(async (trx) => {
        // The waiting decision this one confirms (or replaces) must still be the one read.
        if ((await asRead(trx('cases.cases'), found).update({ pending_decision: null })) === 0) return undefined;
        // What the applicant was asked and has not answered is closed with the decision.
        await trx('cases.information_requests').where({ case_id: found.id, status: 'OPEN' }).update({ status: 'CLOSED', closed_at: at });
        return moveCase(trx, {
          caseId: found.id,
          from: found.status,
          to,
          mover,
          actorId: actor.userId,
          actorRole: actor.role,
          policyVersion: stored?.version ?? 0,
          ruleIds: [],
          reasonCode: body.reason_code,
          note: confirming ? [pending.note, note].filter(Boolean).join('\n') || null : note,
          facts: confirming ? { first_reviewer: pending.by, first_reason_code: pending.reason_code, first_at: pending.at } : null,
          requestId: actor.requestId,
          clientAddress: actor.clientAddress,
          at,
        });
      });
      if (!moved) throw new CaseStateConflictError('The case was decided meanwhile: read it again', from);
      return { case_id: found.id, status: to, decided: true, ...(confirming ? { confirmed: { first_reviewer: pending.by } } : {}) };
    },
  };
}

/** The reviewer decision service type, for injection. */
export type ReviewerDecisionService = ReturnType<typeof createReviewerDecisionService>;
