/*
 * Assigning a case to a reviewer (issue 45): `PATCH /cases/{caseID}` with `assignee_id`, an active
 * user of the case's tenant whose subrole may review cases (the auth area's reviewer directory), or
 * null to leave it unassigned. A final case is not assigned (409); the act is audited.
 */
import { auditActOf, type Actor } from '@kyb/auth';
import type { ReviewerDirectory } from '@kyb/area-views';
import { recordAudit, type Knex } from '@kyb/db';
import { AppError } from '@kyb/envelope';
import { CaseStateConflictError } from '../decisions/reviewer-decision.service';
import { FINAL_CASE_STATES, isCaseState } from '../decisions/case-states';
import { caseOfCaller } from '../cases/case-of-caller';

/** 404 `NOT_FOUND` `CaseApiError`: the assignee is no active reviewer of the case's customer. */
export class AssigneeNotFoundError extends AppError {
  constructor() {
    super({ message: 'Reviewer not found: assignee_id must be an active user of this customer who may review cases', httpStatus: 404, errorCode: 'NOT_FOUND', errorName: 'CaseApiError' });
  }
}

/** The case assignment route's work. */
export function createCaseAssignmentService(deps: { db: Knex; reviewers: ReviewerDirectory; clock: () => Date }) {
  return {
    async assign(actor: Actor, caseId: string, assigneeId: string | null) {
      const kase = await caseOfCaller(deps.db, actor, caseId);
      if (isCaseState(kase.status) && FINAL_CASE_STATES.includes(kase.status)) throw new CaseStateConflictError(`A case in ${kase.status} cannot be assigned`, kase.status);
      const assignee = assigneeId?.toLowerCase() ?? null;
      if (assignee !== null && !(await deps.reviewers.isActiveReviewer(kase.customer_id, assignee))) throw new AssigneeNotFoundError();
      const at = deps.clock();
      const changed = await deps.db.transaction(async (trx) => {
        const [row] = await trx('cases.cases')
          .where({ id: kase.id })
          .whereNotIn('status', FINAL_CASE_STATES)
          .update({ assignee_id: assignee, updated_at: at, updated_by: actor.userId })
          .returning<Array<{ status: string }>>('status');
        if (!row) return undefined;
        if (kase.assignee_id !== assignee) {
          const details = { assignee_id: assignee, previous_assignee_id: kase.assignee_id };
          await recordAudit(trx, 'cases', [auditActOf(actor, { customerId: kase.customer_id, action: 'case.assigned', target: { type: 'case', id: kase.id }, details }, at)]);
        }
        return row;
      });
      if (!changed) throw new CaseStateConflictError('The case was decided meanwhile: read it again', kase.status);
      return { case_id: kase.id, status: changed.status, assignee_id: assignee };
    },
  };
}

/** The case assignment service type, for injection. */
export type CaseAssignmentService = ReturnType<typeof createCaseAssignmentService>;
