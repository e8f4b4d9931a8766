import type { RequestHandler } from 'express';
import { access, actorOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { toListQuery } from '@kyb/validation';
import type { CaseAssignmentService } from './case-assignment.service';
import type { CaseCommentsService } from './case-comments.service';
import type { InformationRequestBody, InformationRequestsService } from './information-requests.service';
import {
  assignBody,
  assignmentSchema,
  caseParams,
  commentBody,
  commentListSchema,
  commentSchema,
  createdListQuery,
  informationRequestBody,
  informationRequestListSchema,
  informationRequestSchema,
} from './review.schemas';

/** Messages of the review routes. */
export const CASE_ASSIGNED = 'Case assigned successfully';
export const COMMENT_ADDED = 'Comment added successfully';
export const INFORMATION_REQUESTED = 'Information requested successfully';

// The case's tenant is checked by the services (unknown and another tenant's answer alike).
const errors: ErrorCases = { tenant: 'A case', notFound: 'Case not found (CaseApiError; to an ADMIN)' };
const finalCase = { description: 'The case is final (approved, rejected or withdrawn), or changed meanwhile (CaseStateConflictError)' };

/** A reviewer's work on a case (issue 45): assign it, comment on it, ask its applicant for information. */
export function caseReviewRoutes(deps: {
  assignments: CaseAssignmentService;
  comments: CaseCommentsService;
  requests: InformationRequestsService;
  authenticate: RequestHandler;
}): RouteDefinition[] {
  const { authenticate } = deps;
  return [
    defineRoute({
      method: 'patch',
      path: '/cases/:caseID',
      summary: 'Assign a case to a reviewer (or leave it unassigned)',
      description: "The assignee must be an active user of the case's customer who may review cases (cases:review); the review queue filters by it.",
      tags: ['Cases'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['cases:review']),
      schemas: { params: caseParams, body: assignBody },
      errors: { ...errors, notFound: 'Case not found, or the assignee is no active reviewer of its customer (CaseApiError)' },
      responses: { 200: { description: 'The case assigned', schema: successEnvelope(assignmentSchema, CASE_ASSIGNED) }, 409: finalCase },
      handler: async (req, res, { params, body }) => {
        res.json(success(CASE_ASSIGNED, await deps.assignments.assign(actorOf(req), params.caseId, (body as { assignee_id: string | null }).assignee_id)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cases/:caseID/comments',
      // A comment retried with its Idempotency-Key (the answer was lost) is kept once.
      idempotent: true,
      summary: "Comment on a case (a reviewer's words, kept on the case)",
      tags: ['Cases'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['cases:review']),
      schemas: { params: caseParams, body: commentBody },
      errors,
      responses: { 200: { description: 'The comment', schema: successEnvelope(commentSchema, COMMENT_ADDED) } },
      handler: async (req, res, { params, body }) => {
        res.json(success(COMMENT_ADDED, await deps.comments.add(actorOf(req), params.caseId, (body as { text: string }).text)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/cases/:caseID/comments',
      summary: "A case's comments, oldest first",
      tags: ['Cases'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['case:read']),
      schemas: { params: caseParams, query: createdListQuery },
      errors,
      responses: { 200: { description: 'One page of comments', schema: successEnvelope(commentListSchema, 'Success') } },
      handler: async (req, res, { params, query }) => {
        res.json(success('Success', await deps.comments.list(actorOf(req), params.caseId, toListQuery(query, ['created_at', 'asc']))));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cases/:caseID/information-requests',
      // Asking mails the applicant: a retry with its Idempotency-Key answers the first ask, mailing nobody twice.
      idempotent: true,
      summary: 'Ask the applicant for more information: the case waits on them (INFO_REQUESTED)',
      description:
        'Every applicant invited on the case is mailed what is asked and sees it when they sign in; their answer returns the case to MANUAL_REVIEW. A case nobody was invited on answers 409 (invite one first with case_id).',
      tags: ['Cases'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['cases:review']),
      schemas: { params: caseParams, body: informationRequestBody },
      errors,
      responses: {
        200: { description: 'The request, the case now INFO_REQUESTED', schema: successEnvelope(informationRequestSchema, INFORMATION_REQUESTED) },
        409: { description: 'The case cannot wait on its applicant (final, already waiting, or changed meanwhile: CaseStateConflictError), or nobody was invited on it (CaseApiError)' },
      },
      handler: async (req, res, { params, body }) => {
        res.json(success(INFORMATION_REQUESTED, await deps.requests.ask(actorOf(req), params.caseId, body as InformationRequestBody)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/cases/:caseID/information-requests',
      summary: 'What was asked of the applicant, and their answers, oldest first',
      tags: ['Cases'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['case:read']),
      schemas: { params: caseParams, query: createdListQuery },
      errors,
      responses: { 200: { description: 'One page of requests', schema: successEnvelope(informationRequestListSchema, 'Success') } },
      handler: async (req, res, { params, query }) => {
        res.json(success('Success', await deps.requests.list(actorOf(req), params.caseId, toListQuery(query, ['created_at', 'asc']))));
      },
    }),
  ];
}
