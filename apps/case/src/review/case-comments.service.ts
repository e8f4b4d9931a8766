/*
 * Reviewers' comments on a case (issue 45): anyone who may review the case's tenant comments, and
 * anyone who may read its cases reads them, oldest first. The words stay on the case (erased with
 * the tenant); the audit act says only that a comment was added.
 */
import { auditActOf, type Actor } from '@kyb/auth';
import { recordAudit, type Knex } from '@kyb/db';
import { caseOfCaller } from '../cases/case-of-caller';
import { readCreatedPage, type CreatedAtPage } from './review-pages';

interface CommentRow {
  id: string;
  case_id: string;
  author_id: string;
  author_role: string;
  body: string;
  created_at: Date;
}

const shown = (row: CommentRow) => ({ id: row.id, case_id: row.case_id, author_id: row.author_id, author_role: row.author_role, text: row.body, created_at: row.created_at.toISOString() });

/** The comments routes' work. */
export function createCaseCommentsService(deps: { db: Knex; clock: () => Date }) {
  return {
    async add(actor: Actor, caseId: string, text: string) {
      const kase = await caseOfCaller(deps.db, actor, caseId);
      const at = deps.clock();
      const row = await deps.db.transaction(async (trx) => {
        const [created] = await trx('cases.case_comments')
          .insert({ case_id: kase.id, customer_id: kase.customer_id, author_id: actor.userId, author_role: actor.role, body: text.trim(), created_at: at })
          .returning<CommentRow[]>('*');
        await recordAudit(trx, 'cases', [auditActOf(actor, { customerId: kase.customer_id, action: 'case.comment_added', target: { type: 'case', id: kase.id }, details: { comment_id: created.id } }, at)]);
        return created;
      });
      return shown(row);
    },

    async list(actor: Actor, caseId: string, query: CreatedAtPage) {
      const kase = await caseOfCaller(deps.db, actor, caseId);
      return readCreatedPage(deps.db, query, { time: 'created_at' }, () => deps.db('cases.case_comments').where({ case_id: kase.id }), shown);
    },
  };
}

/** The comments service type, for injection. */
export type CaseCommentsService = ReturnType<typeof createCaseCommentsService>;
