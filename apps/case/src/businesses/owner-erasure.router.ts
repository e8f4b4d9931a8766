import type { RequestHandler } from 'express';
import { access, actorOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { uuidParams, uuidSchema, type JsonSchema } from '@kyb/validation';
import type { OwnerErasureService } from './owner-erasure.service';

/** Message of an owner's erasure. */
export const OWNER_ERASED = 'Owner personal data erased successfully';

const erasedSchema: JsonSchema = {
  type: 'object',
  required: ['owner_id', 'business_id', 'erased_at'],
  properties: { owner_id: uuidSchema, business_id: uuidSchema, erased_at: { type: 'string', format: 'date-time', description: 'when it was first erased' } },
};

/** Erasing an owner's personal data on request: the business is kept. */
export function ownerErasureRoutes(deps: { erasure: OwnerErasureService; authenticate: RequestHandler }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/businesses/:businessID/owners/:ownerID/erase',
      idempotent: true,
      summary: "Erase an owner's personal data (names, SSN, email, mobile, date of birth, address); the business and the owner's type and share are kept",
      description:
        'The act is audited (owner.erased). Answers kept for Idempotency-Key replays that hold the owner are erased too: replaying them answers 410. ' +
        'Reports rendered before the erasure are not rewritten. Erasing again answers the first erasure.',
      tags: ['Businesses'],
      auth: true,
      // Changes a business of the tenant: businesses:write; the tenant is checked by the service, after the schema.
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:write']),
      schemas: { params: uuidParams('businessID', 'ownerID') },
      errors: { tenant: 'An unknown business or owner, or a business', notFound: 'To an ADMIN: no such business (BusinessApiError) or owner of it (OwnerNotFoundError)' },
      responses: { 200: { description: 'Erased', schema: successEnvelope(erasedSchema, OWNER_ERASED) } },
      handler: async (req, res, { params }) => {
        res.json(success(OWNER_ERASED, await deps.erasure.erase(actorOf(req), params.businessId, params.ownerId)));
      },
    }),
  ];
}
