import type { RequestHandler } from 'express';
import { access, actorOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { toListQuery } from '@kyb/validation';
import type { ApplicantAnswersService, ApplicantRequestsPage } from './applicant-answers.service';
import { answerBody, applicantListQuery, informationRequestListSchema, informationRequestSchema, requestParams } from './review.schemas';

/** Message of an applicant's answer. */
export const ANSWER_SENT = 'Answer sent successfully';

/** The applicant's side of information requests (issue 45). */
export function applicantRequestRoutes(deps: { answers: ApplicantAnswersService; authenticate: RequestHandler }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/applicant/information-requests',
      summary: "What the reviewers of the applicant's businesses asked (the applicant, signed in)",
      tags: ['Applicants'],
      auth: true,
      ...access(deps.authenticate, ['APPLICANT']),
      schemas: { query: applicantListQuery },
      responses: { 200: { description: 'One page of requests, oldest first (filter[status]=OPEN: what waits for an answer)', schema: successEnvelope(informationRequestListSchema, 'Success') } },
      handler: async (req, res, { query }) => {
        res.json(success('Success', await deps.answers.list(actorOf(req), toListQuery(query, ['created_at', 'asc']) as ApplicantRequestsPage)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/information-requests/:requestID/answer',
      idempotent: true,
      summary: 'The applicant answers a request: the case returns to MANUAL_REVIEW',
      tags: ['Applicants'],
      auth: true,
      ...access(deps.authenticate, ['APPLICANT']),
      schemas: { params: requestParams, body: answerBody },
      errors: { tenant: 'A request of a business the applicant does not onboard, or none' },
      responses: {
        200: { description: 'The request answered', schema: successEnvelope(informationRequestSchema, ANSWER_SENT) },
        409: { description: 'The request was answered, or the case decided, meanwhile (CaseStateConflictError)' },
      },
      handler: async (req, res, { params, body }) => {
        res.json(success(ANSWER_SENT, await deps.answers.answer(actorOf(req), params.requestId, (body as { answer: string }).answer)));
      },
    }),
  ];
}
