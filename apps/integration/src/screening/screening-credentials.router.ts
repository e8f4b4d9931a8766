import type { RequestHandler } from 'express';
import { access, actorOf, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { CustomerNotFoundError, type CustomerDirectory } from '@kyb/area-views';
import { successEnvelope } from '@kyb/openapi';
import { credentialsBody, credentialsSummarySchema, customerParams, statusConnectionSchema } from './screening-credentials.schemas';
import type { ScreeningCredentialsService } from './screening-credentials.service';

/** Message of a stored set of credentials. */
export const CREDENTIALS_SAVED = 'Screening credentials saved successfully';
/** Message of the connection check. */
export const CONNECTION_STATUS_FETCHED = 'Connection status fetched successfully';

/** Setting a customer's screening credentials and checking the connection they give. */
export function screeningCredentialsRoutes(deps: {
  credentials: ScreeningCredentialsService;
  customers: CustomerDirectory;
  authenticate: RequestHandler;
}): RouteDefinition[] {
  const { credentials, customers, authenticate } = deps;
  return [
    defineRoute({
      method: 'put',
      path: '/screening/:customerId/credentials',
      summary: "Store (replace) a customer's screening credentials; they are sealed at rest and never returned",
      description:
        'The private key must parse; a certificate must parse and belong to the key, and its expiry is used. Without a certificate, certificate_expiry is required.',
      tags: ['Verification'],
      auth: true,
      // The tenant's screening secrets are account settings, its profile: profile:write, which of the
      // built-in subroles only `owner` holds (as before), and which a custom subrole can be given.
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:write']),
      schemas: { params: customerParams, body: credentialsBody },
      checks: [requireTenant('customerId')],
      responses: {
        200: { description: 'Stored; only what may be shown of them', schema: successEnvelope(credentialsSummarySchema, CREDENTIALS_SAVED) },
      },
      errors: { invalid: 'a key or certificate that cannot be used (ScreeningCredentialsError)', tenant: 'A customer', notFound: 'No such customer (CustomerApiError)' },
      handler: async (req, res, { params, body }) => {
        // A CUSTOMER's token vouches for its tenant; an ADMIN may name any id, so it must exist.
        if (callerOf(req).role === 'ADMIN' && !(await customers.find(params.customerId))) throw new CustomerNotFoundError();
        res.json(success(CREDENTIALS_SAVED, await credentials.save(actorOf(req), params.customerId, body)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/screening/:customerId/check-connection-status',
      summary: "Check a customer's screening connection: CONNECTED, NOT_CONNECTED, EXPIRED or ERROR",
      tags: ['Verification'],
      auth: true,
      // Reads the connection state only (no screening is run): profile:read.
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:read']),
      schemas: { params: customerParams },
      checks: [requireTenant('customerId')],
      responses: {
        200: {
          description: 'The connection status',
          schema: successEnvelope({ type: 'object', required: ['statusConnection'], properties: { statusConnection: statusConnectionSchema } }, CONNECTION_STATUS_FETCHED),
        },
      },
      errors: { tenant: 'A customer' },
      handler: async (_req, res, { params }) => {
        const { statusConnection } = await credentials.inspect(params.customerId);
        res.json(success(CONNECTION_STATUS_FETCHED, { statusConnection }));
      },
    }),
  ];
}
