import type { RequestHandler } from 'express';
import { access, actorOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { strictObject, uuidParams } from '@kyb/validation';
import { businessSchema } from './businesses.schemas';
import type { MonitoringService } from './monitoring.service';

/** Message of a monitoring change. */
export const MONITORING_UPDATED = 'Business monitoring updated successfully';

/** PATCH .../monitoring: `{enabled}`. */
const monitoringBody = strictObject({ enabled: { type: 'boolean', description: 'true: re-enrich and re-score on the schedule; false: stop' } }, ['enabled']);

/** Switching a business's risk monitoring on or off (issue 12). */
export function monitoringRoutes(deps: { monitoring: MonitoringService; authenticate: RequestHandler }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'patch',
      path: '/customers/:customerID/businesses/:businessID/monitoring',
      summary: "Switch a business's risk monitoring on or off (is_monitoring_enabled and its subscription)",
      tags: ['Businesses'],
      auth: true,
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:write']),
      schemas: { params: uuidParams('customerID', 'businessID'), body: monitoringBody },
      checks: [requireTenant()],
      errors: { tenant: "A customer, or (to a CUSTOMER) a business that is not the customer's,", notFound: 'To an ADMIN: no such business of this customer (BusinessApiError)' },
      responses: { 200: { description: 'The business as E9 shows it (without owners)', schema: successEnvelope(businessSchema, MONITORING_UPDATED) } },
      handler: async (req, res, { params, body }) => {
        res.json(success(MONITORING_UPDATED, await deps.monitoring.set(actorOf(req), params.customerId, params.businessId, body.enabled)));
      },
    }),
  ];
}
