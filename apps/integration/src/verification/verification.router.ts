import type { RequestHandler } from 'express';
import { access, callerOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { verificationParams, verificationSchema } from './verification.schemas';
import type { VerificationService } from './verification.service';

/** The verification endpoint's message. */
export const VERIFICATION_FETCHED = 'Business verification fetched successfully';

/** `GET /business/{businessID}/verification`: the business's verification checks and status history. */
export function verificationRoutes(deps: { verification: VerificationService; authenticate: RequestHandler }): RouteDefinition[] {
  const { verification, authenticate } = deps;
  return [
    defineRoute({
      method: 'get',
      path: '/business/:businessID/verification',
      summary: "A business's verification",
      description:
        'The latest verification (run with every enrichment): TIN_MATCH, SOS_FILING, ADDRESS and OFFICERS, each PASS, FAIL or UNAVAILABLE with ' +
        'its reason, and every change of the status. VERIFIED when the TIN and filing checks pass. Before the first verification: 200 with ' +
        '`verification_state: PENDING`, status UNVERIFIED, `verified_at: null` and no checks.',
      tags: ['Verification'],
      auth: true,
      // Like E1: the business's tenant (an APPLICANT's invited businesses) is checked by the service, after the schema.
      ...access(authenticate, ['ADMIN', 'CUSTOMER', 'APPLICANT'], ['businesses:read']),
      schemas: { params: verificationParams },
      responses: {
        200: { description: 'The verification', schema: successEnvelope(verificationSchema, VERIFICATION_FETCHED) },
      },
      errors: { tenant: 'An unknown business, or one', notFound: 'Business not found (BusinessApiError), for an ADMIN only' },
      handler: async (req, res, { params }) => {
        res.json(success(VERIFICATION_FETCHED, await verification.verification(callerOf(req), params.businessId)));
      },
    }),
  ];
}
