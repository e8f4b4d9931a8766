import type { RequestHandler } from 'express';
import { access, actorOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { uuidParams, type JsonSchema } from '@kyb/validation';
import { REVIEW_DECISIONS, REVIEW_REASON_CODES, type ReviewerDecisionBody, type ReviewerDecisionService } from './reviewer-decision.service';

/** Message of a reviewer's decision. */
export const CASE_DECIDED = 'Case decision recorded successfully';

const decisionBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['decision', 'reason_code'],
  properties: {
    decision: { type: 'string', enum: [...REVIEW_DECISIONS], description: 'approve or reject; withdraw: the onboarding stopped (WITHDRAWN, final; never waits for four eyes)' },
    reason_code: { type: 'string', enum: [...REVIEW_REASON_CODES], description: 'why, as a code; the note says the rest' },
    note: { type: 'string', maxLength: 2000, description: "the reviewer's words, kept on the case's trail (never in the audit log)" },
  },
};

const decisionAnswer: JsonSchema = {
  type: 'object',
  required: ['case_id', 'status', 'decided'],
  properties: {
    case_id: { type: 'string', format: 'uuid' },
    status: { type: 'string', description: 'APPROVED, REJECTED or WITHDRAWN once decided; the state it stays in while the decision awaits a second reviewer' },
    decided: { type: 'boolean', description: 'false while four eyes waits for a second reviewer' },
    awaiting_confirmation: { type: 'object', description: 'the decision waiting for a second reviewer: decision, by, at' },
    confirmed: { type: 'object', description: 'a confirmation: the first reviewer' },
  },
};

/** A reviewer's decision on a case (issue 45). */
export function reviewerDecisionRoutes(deps: { decisions: ReviewerDecisionService; authenticate: RequestHandler }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/cases/:caseID/decision',
      // A decision retried with its Idempotency-Key (the answer was lost) answers what the first one did.
      idempotent: true,
      summary: 'A reviewer approves, rejects or withdraws a case (audited, sent as case.status_updated)',
      description:
        'Any case no person decided may be decided, an automatic decision overturned; any case not final may be withdrawn. With four eyes in the policy, a rejection (or an approval of a listed risk level) waits for a second reviewer\'s same decision.',
      tags: ['Cases'],
      auth: true,
      // The case's tenant is checked by the service (unknown and another tenant's answer alike).
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER'], ['cases:review']),
      schemas: { params: uuidParams('caseID'), body: decisionBody },
      errors: { tenant: 'A case', notFound: 'Case not found (CaseApiError; to an ADMIN)' },
      responses: {
        200: { description: 'The decision recorded, or waiting for a second reviewer', schema: successEnvelope(decisionAnswer, CASE_DECIDED) },
        409: { description: 'The case is final, was decided meanwhile, or the same reviewer confirms their own decision (CaseStateConflictError)' },
      },
      handler: async (req, res, { params, body }) => {
        res.json(success(CASE_DECIDED, await deps.decisions.decide(actorOf(req), params.caseId, body as ReviewerDecisionBody)));
      },
    }),
  ];
}
