import type { RequestHandler } from 'express';
import { access, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import type { JsonSchema } from '@kyb/validation';
import { customerParams } from './onboarding.schemas';
import type { ReadOnboardingLimit } from './read-onboarding-limit';

/** Message of the onboarding limit. */
export const LIMIT_FETCHED = 'Onboarding limit retrieved successfully';

const limitSchema: JsonSchema = {
  type: 'object',
  required: ['limit', 'used', 'remaining', 'resets_at'],
  properties: {
    limit: { type: ['integer', 'null'], description: 'businesses the customer may add this month; null: unlimited' },
    used: { type: 'integer', description: 'businesses added this month (E12, bulk, async runs), as E12 counts them' },
    remaining: { type: ['integer', 'null'], description: 'limit - used, never below 0; null when unlimited' },
    resets_at: { type: 'string', format: 'date-time', description: 'when the count starts again: the first instant of next month (UTC)' },
  },
};

/** The monthly onboarding limit a customer can see (issue 12). */
export function onboardingLimitRoutes(deps: { readLimit: ReadOnboardingLimit; authenticate: RequestHandler }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/customers/:customerID/onboarding-limit',
      summary: "The customer's monthly onboarding limit: limit, used, remaining and when it resets",
      tags: ['Businesses'],
      auth: true,
      // Reading what adding businesses may still do: businesses:read.
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']),
      schemas: { params: customerParams },
      checks: [requireTenant()],
      errors: { tenant: 'A customer', notFound: 'To an ADMIN: no such customer (CustomerApiError)' },
      responses: { 200: { description: 'This month', schema: successEnvelope(limitSchema, LIMIT_FETCHED) } },
      handler: async (req, res, { params }) => {
        res.json(success(LIMIT_FETCHED, await deps.readLimit(callerOf(req), params.customerId)));
      },
    }),
  ];
}
