import type { RequestHandler } from 'express';
import { access, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import type { RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { listPageSchema, listQuerySchema, toListQuery, uuidParams, uuidSchema } from '@kyb/validation';
import { CASE_SORT_FIELDS, type CaseListQuery } from './cases.store';
import type { CasesService } from './cases.service';

const caseSchema = { type: 'object', properties: { id: uuidSchema, business_id: uuidSchema, status: { type: 'string' }, invitations: { type: 'array' } } };
const errors = {
  400: { description: 'Invalid path or query (ValidationMiddlewareError)' },
  401: { description: 'Authentication (part 5) or Role Not Allowed' },
  403: { description: 'Another tenant, or a missing permission' },
};

/** Reading onboarding cases (customer side) and an invitation (applicant side). */
export function caseRoutes(deps: { cases: CasesService; authenticate: RequestHandler }): RouteDefinition[] {
  const { cases, authenticate } = deps;
  return [
    {
      method: 'get',
      path: '/customers/:customerID/cases',
      summary: "List a customer's onboarding cases with their invitations",
      tags: ['Cases'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['case:read']),
      schemas: {
        params: uuidParams('customerID'),
        query: listQuerySchema({ sortFields: CASE_SORT_FIELDS, filters: { status: { type: 'string', maxLength: 50 }, business_id: uuidSchema }, searchFields: [] }),
      },
      checks: [requireTenant()],
      responses: { 200: { description: 'One page of cases', schema: successEnvelope(listPageSchema(caseSchema), 'Success') }, ...errors },
      handler: async (req, res) => {
        const query = toListQuery<(typeof CASE_SORT_FIELDS)[number], CaseListQuery['filter'], never>(req.query as Record<string, unknown>, ['created_at', 'desc']);
        res.json(success('Success', await cases.list({ ...query, customerId: String(req.params.customerID) })));
      },
    },
    {
      method: 'get',
      path: '/cases/:caseID',
      summary: 'Read an onboarding case with its invitations',
      tags: ['Cases'],
      auth: true,
      // The case's tenant is checked by the service (unknown and another tenant's answer alike).
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['case:read']),
      schemas: { params: uuidParams('caseID') },
      responses: { 200: { description: 'The case', schema: successEnvelope(caseSchema, 'Success') }, ...errors, 404: { description: 'Case not found' } },
      handler: async (req, res) => {
        res.json(success('Success', await cases.get(callerOf(req), String(req.params.caseID))));
      },
    },
    {
      method: 'get',
      path: '/invitations/:invitationID',
      summary: 'What an invitation is for (applicant side, no token: the link is the credential); no secrets',
      tags: ['Invitations'],
      auth: false,
      schemas: { params: uuidParams('invitationID') },
      responses: {
        200: { description: 'The invitation: status (PENDING, ACCEPTED, EXPIRED), business, masked applicant email', schema: successEnvelope({ type: 'object' }, 'Success') },
        400: { description: 'Not a UUID' },
        404: { description: 'Invitation not found' },
      },
      handler: async (req, res) => {
        res.json(success('Success', await cases.invitation(String(req.params.invitationID))));
      },
    },
  ];
}
