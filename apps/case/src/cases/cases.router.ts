import type { RequestHandler } from 'express';
import { access, actorOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { toCursorListQuery } from '@kyb/validation';
import {
  CASE_SORT_KINDS,
  caseListSchema,
  caseParams,
  caseSchema,
  customerParams,
  invitationParams,
  listCasesQuery,
  type CaseListFilter,
  type CaseSort,
} from './cases.schemas';
import type { CasesService } from './cases.service';

const errors: ErrorCases = { tenant: 'A customer or case' };

/** Reading onboarding cases (customer side) and an invitation (applicant side). */
export function caseRoutes(deps: { cases: CasesService; authenticate: RequestHandler }): RouteDefinition[] {
  const { cases, authenticate } = deps;
  return [
    defineRoute({
      method: 'get',
      path: '/customers/:customerID/cases',
      summary: "List a customer's onboarding cases with their invitations: the review queue (filters by state, risk level and age; page numbers or a cursor)",
      tags: ['Cases'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['case:read']),
      schemas: { params: customerParams, query: listCasesQuery },
      checks: [requireTenant()],
      errors,
      responses: { 200: { description: 'One page of cases', schema: successEnvelope(caseListSchema, 'Success') } },
      handler: async (req, res, { params, query }) => {
        const list = toCursorListQuery<CaseSort, CaseListFilter, never>(query, ['created_at', 'desc'], CASE_SORT_KINDS);
        res.json(success('Success', await cases.list(actorOf(req), { ...list, customerId: params.customerId })));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/cases/:caseID',
      summary: 'Read an onboarding case with its invitations',
      tags: ['Cases'],
      auth: true,
      // The case's tenant is checked by the service (unknown and another tenant's answer alike).
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['case:read']),
      schemas: { params: caseParams },
      errors: { ...errors, notFound: 'Case not found (CaseApiError; to an ADMIN)' },
      responses: { 200: { description: 'The case', schema: successEnvelope(caseSchema, 'Success') } },
      handler: async (req, res, { params }) => {
        res.json(success('Success', await cases.get(actorOf(req), params.caseId)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/invitations/:invitationID',
      summary: 'What an invitation is for (applicant side, no token: the link is the credential); no secrets',
      tags: ['Invitations'],
      auth: false,
      schemas: { params: invitationParams },
      responses: {
        200: { description: 'The invitation: status (PENDING, ACCEPTED, EXPIRED), business, masked applicant email', schema: successEnvelope({ type: 'object' }, 'Success') },
      },
      errors: { notFound: 'Invitation not found (InvitationApiError)' },
      handler: async (_req, res, { params }) => {
        res.json(success('Success', await cases.invitation(params.invitationId)));
      },
    }),
  ];
}
