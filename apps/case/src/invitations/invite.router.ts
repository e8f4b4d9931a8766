import type { RequestHandler } from 'express';
import { access, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { inviteBody, inviteParams, invitationResult } from './invite.schemas';
import type { InviteService } from './invite.service';

/** E5's success message (ARCHITECTURE.md). */
export const BUSINESS_INVITED = 'Business invited successfully';

/** E5: invite a business and its applicants to onboard. */
export function inviteRoutes(deps: { invites: InviteService; authenticate: RequestHandler }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/customers/:customerID/businesses/invite',
      idempotent: true,
      summary: 'Send a business invite (E5): a new business, or an existing one, and at least one applicant',
      tags: ['Invitations'],
      auth: true,
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER'], ['case:create']),
      schemas: { params: inviteParams, body: inviteBody },
      checks: [requireTenant()],
      responses: {
        200: { description: 'Invited: the invitation result of contract 2.5 (first applicant), plus every invitation', schema: successEnvelope(invitationResult, BUSINESS_INVITED) },
      },
      errors: {
        invalid:
          'not exactly one business target, a disposable email domain, an invalid mobile, one email given twice (ignoring case) or for an applicant also named in existing_applicant_ids',
        tenant: 'A customer',
        forbidden: "a business not onboarded by this customer: unknown, deleted or another customer's answer alike (status error, BusinessApiError)",
        notFound: 'Applicant or case not found',
      },
      handler: async (req, res, { params, body }) => {
        res.json(success(BUSINESS_INVITED, await deps.invites.invite(callerOf(req), params.customerId, body)));
      },
    }),
  ];
}
