/*
 * A reviewer asks the case's applicant for more information (issue 45): the case waits on them
 * (`INFO_REQUESTED`), each applicant invited on the case is mailed what is asked, and they see it
 * when they sign in; their answer returns the case to `MANUAL_REVIEW` (applicant-answers.service.ts).
 * A case with no invited applicant cannot be asked about (409): invite one first (E5 with case_id).
 */
import type { Actor } from '@kyb/auth';
import type { Knex } from '@kyb/db';
import { AppError } from '@kyb/envelope';
import type { Logger } from '@kyb/http';
import { mailJobId, type Producer } from '@kyb/queues';
import { moveCase } from '../cases/case-moves.store';
import { canMoveCase, isCaseState } from '../decisions/case-states';
import { CaseStateConflictError } from '../decisions/reviewer-decision.service';
import { caseOfCaller } from '../cases/case-of-caller';
import { informationRequestMail } from './information-request-mail';
import { readCreatedPage, type CreatedAtPage } from './review-pages';

/** 409 `NOT_ALLOWED` `CaseApiError`: nobody was invited on the case, so nobody can be asked. */
export class NoApplicantToAskError extends AppError {
  constructor() {
    super({ message: 'This case has no invited applicant to ask: invite one first (with case_id)', httpStatus: 409, errorCode: 'NOT_ALLOWED', errorName: 'CaseApiError' });
  }
}

/** An information request as stored. */
export interface InformationRequestRow {
  id: string;
  case_id: string;
  customer_id: string;
  business_id: string;
  asked_by: string;
  message: string;
  items: string[];
  status: 'OPEN' | 'ANSWERED' | 'CLOSED';
  answer: string | null;
  answered_by: string | null;
  asked_at: Date;
  answered_at: Date | null;
  closed_at: Date | null;
}

/** A request as its readers see it (the reviewer, and the applicant asked). */
export function presentRequest(row: InformationRequestRow) {
  return {
    id: row.id,
    case_id: row.case_id,
    business_id: row.business_id,
    status: row.status,
    message: row.message,
    items: row.items,
    asked_at: row.asked_at.toISOString(),
    answer: row.answer,
    answered_at: row.answered_at?.toISOString() ?? null,
    closed_at: row.closed_at?.toISOString() ?? null,
  };
}

/** What a reviewer asks. */
export interface InformationRequestBody {
  message: string;
  items?: string[];
}

/** The reviewer's side of information requests. */
export function createInformationRequestsService(deps: { db: Knex; mail: Producer<{ messageId: string }>; publicAppUrl: string; clock: () => Date; logger: Logger }) {
  return {
    async ask(actor: Actor, caseId: string, body: InformationRequestBody) {
      const kase = await caseOfCaller(deps.db, actor, caseId);
      const from = isCaseState(kase.status) ? kase.status : 'OPEN';
      if (!canMoveCase('reviewer', from, 'INFO_REQUESTED')) throw new CaseStateConflictError(`A case in ${from} cannot wait on its applicant`, from);
      // Each applicant invited on the case, with its newest invitation: the link it signs in with.
      const applicants: Array<{ invitation_id: string; first_name: string; email: string }> = await deps.db('cases.invitations as i')
        .join('cases.applicants as a', 'a.id', 'i.applicant_id')
        .where('i.case_id', kase.id)
        .distinctOn('a.id')
        .orderBy([{ column: 'a.id' }, { column: 'i.created_at', order: 'desc' }])
        .select('i.id as invitation_id', 'a.first_name', 'a.email');
      if (applicants.length === 0) throw new NoApplicantToAskError();
      const { name: businessName } = await deps.db('cases.businesses').where({ id: kase.business_id }).first('name');
      const at = deps.clock();
      const message = body.message.trim();
      const items = (body.items ?? []).map((item) => item.trim());
      const outcome = await deps.db.transaction(async (trx) => {
        const moved = await moveCase(trx, {
          caseId: kase.id,
          from: kase.status,
          to: 'INFO_REQUESTED',
          mover: 'reviewer',
          actorId: actor.userId,
          actorRole: actor.role,
          policyVersion: null,
          ruleIds: [],
          reasonCode: 'INFORMATION_REQUESTED',
          note: message,
          facts: null,
          requestId: actor.requestId,
          clientAddress: actor.clientAddress,
          at,
        });
        if (!moved) return undefined;
        // A decision waiting for a second reviewer is dropped: the case now waits on its applicant.
        await trx('cases.cases').where({ id: kase.id }).update({ pending_decision: null });
        const [request] = await trx('cases.information_requests')
          .insert({ case_id: kase.id, customer_id: kase.customer_id, business_id: kase.business_id, asked_by: actor.userId, message, items: JSON.stringify(items), status: 'OPEN', asked_at: at })
          .returning<InformationRequestRow[]>('*');
        const mails = applicants.map((applicant) => informationRequestMail({ requestId: request.id, applicant, businessName, message, items, signInUrl: new URL(`/invite/${applicant.invitation_id}`, deps.publicAppUrl).toString() }));
        const messageIds = (await trx('cases.mail_outbox').insert(mails).returning<Array<{ id: string }>>('id')).map((row) => row.id);
        return { request, messageIds };
      });
      if (!outcome) throw new CaseStateConflictError('The case changed meanwhile: read it again', from);
      // Queued after the commit; the outbox row makes a lost enqueue recoverable (the recovery sweep), never a lost mail.
      await Promise.all(
        outcome.messageIds.map((messageId) =>
          deps.mail.add({ messageId }, { jobId: mailJobId(messageId) }).catch((err: unknown) => deps.logger.error({ err, messageId }, 'could not queue information request mail')),
        ),
      );
      return { ...presentRequest(outcome.request), case_status: 'INFO_REQUESTED', applicants_mailed: outcome.messageIds.length };
    },

    async list(actor: Actor, caseId: string, query: CreatedAtPage) {
      const kase = await caseOfCaller(deps.db, actor, caseId);
      return readCreatedPage(deps.db, query, { time: 'asked_at' }, () => deps.db('cases.information_requests').where({ case_id: kase.id }), presentRequest);
    },
  };
}

/** The information requests service type, for injection. */
export type InformationRequestsService = ReturnType<typeof createInformationRequestsService>;
