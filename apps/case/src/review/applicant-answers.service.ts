/*
 * The applicant's side of information requests (issue 45): a signed-in applicant lists what the
 * reviewers of the businesses it onboards asked, and answers an open request; the answer returns the
 * case to `MANUAL_REVIEW` (mover applicant). An applicant sees only its own businesses' requests.
 */
import { canAccessBusiness, TenantAccessDeniedError, type Actor } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { moveCase } from '../cases/case-moves.store';
import { CaseStateConflictError } from '../decisions/reviewer-decision.service';
import { presentRequest, type InformationRequestRow } from './information-requests.service';
import { readCreatedPage, type CreatedAtPage } from './review-pages';

/** The applicant's list: by the request's state, oldest first. */
export type ApplicantRequestsPage = Omit<CreatedAtPage, 'filter'> & { filter: { status?: InformationRequestRow['status'] } };

/** The applicant routes' work. */
export function createApplicantAnswersService(deps: { db: Knex; clock: () => Date }) {
  /** The requests of the businesses the applicant's token names (of its customer, when the token names one). */
  const ofApplicant = (actor: Actor) => {
    const found = deps.db('cases.information_requests as r').join('cases.businesses as b', 'b.id', 'r.business_id').whereIn('r.business_id', [...actor.businessIds]);
    if (actor.customerId !== null) found.andWhere('r.customer_id', actor.customerId);
    return found;
  };

  return {
    async list(actor: Actor, query: ApplicantRequestsPage) {
      const matches = () => {
        const found = ofApplicant(actor);
        if (query.filter.status) found.andWhere('r.status', query.filter.status);
        return found;
      };
      return readCreatedPage(
        deps.db,
        query,
        { time: 'r.asked_at', id: 'r.id', select: ['r.*', 'b.name as business_name'] },
        matches,
        (row: InformationRequestRow & { business_name: string }) => ({ ...presentRequest(row), business_name: row.business_name }),
      );
    },

    async answer(actor: Actor, requestId: string, answer: string) {
      const request = await deps.db<InformationRequestRow>('cases.information_requests').where({ id: requestId.toLowerCase() }).first();
      // An unknown request and another applicant's answer alike.
      if (!request || !canAccessBusiness(actor, request.customer_id, request.business_id)) throw new TenantAccessDeniedError();
      if (request.status !== 'OPEN') throw new CaseStateConflictError(`This request is ${request.status.toLowerCase()}: it takes no answer`, request.status);
      const at = deps.clock();
      const answered = await deps.db.transaction(async (trx) => {
        const [row] = await trx('cases.information_requests')
          .where({ id: request.id, status: 'OPEN' })
          .update({ status: 'ANSWERED', answer: answer.trim(), answered_by: actor.userId, answered_at: at })
          .returning<InformationRequestRow[]>('*');
        if (!row) return undefined;
        const moved = await moveCase(trx, {
          caseId: request.case_id,
          from: 'INFO_REQUESTED',
          to: 'MANUAL_REVIEW',
          mover: 'applicant',
          actorId: actor.userId,
          actorRole: actor.role,
          policyVersion: null,
          ruleIds: [],
          reasonCode: 'INFORMATION_PROVIDED',
          note: null,
          facts: { information_request_id: request.id },
          requestId: actor.requestId,
          clientAddress: actor.clientAddress,
          at,
        });
        if (!moved) throw new CaseStateConflictError('The case was decided meanwhile: the request takes no answer', 'CLOSED');
        return row;
      });
      if (!answered) throw new CaseStateConflictError('This request was answered meanwhile', 'ANSWERED');
      return { ...presentRequest(answered), case_status: 'MANUAL_REVIEW' };
    },
  };
}

/** The applicant answers service type, for injection. */
export type ApplicantAnswersService = ReturnType<typeof createApplicantAnswersService>;
