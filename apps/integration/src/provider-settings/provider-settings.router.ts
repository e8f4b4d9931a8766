import type { RequestHandler } from 'express';
import { access, actorOf, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import type { Capability } from './adapter-catalog';
import { customerParams, providerBody, providerParams, providerSchema, usageQuery, usageSchema } from './provider-settings.schemas';
import type { ProviderSettingsService } from './provider-settings.service';

export const PROVIDER_MESSAGES = {
  fetched: 'Provider fetched successfully',
  saved: 'Provider saved successfully',
  usage: 'Provider usage fetched successfully',
} as const;

const errors: ErrorCases = { tenant: 'A customer', notFound: 'To an ADMIN: no such customer (CustomerApiError)' };

/**
 * A customer's provider per capability and the vendor calls it made (issue 43). The choice and its
 * credentials are account settings, like the screening credentials and webhooks: reading needs
 * profile:read, changing profile:write.
 */
export function providerSettingsRoutes(deps: { providers: ProviderSettingsService; authenticate: RequestHandler }): RouteDefinition[] {
  const { providers, authenticate } = deps;
  const common = { tags: ['Providers'], auth: true as const, checks: [requireTenant()], errors };
  return [
    defineRoute({
      ...common,
      method: 'get',
      path: '/customers/:customerID/providers/:capability',
      summary: "The customer's adapter for a capability (sandbox while it chose none), its settings and its credentials' fingerprint; never a secret",
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:read']),
      schemas: { params: providerParams },
      responses: { 200: { description: 'The adapter in force', schema: successEnvelope(providerSchema, PROVIDER_MESSAGES.fetched) } },
      handler: async (req, res, { params }) => {
        res.json(success(PROVIDER_MESSAGES.fetched, await providers.get(callerOf(req), params.customerId, params.capability as Capability)));
      },
    }),
    defineRoute({
      ...common,
      method: 'put',
      path: '/customers/:customerID/providers/:capability',
      summary: 'Choose the adapter of a capability, with its credentials (sealed with the customer\'s data key, never answered) and settings',
      description:
        'Body: {"adapter": "<name>", "credentials": {...}, "settings": {...}}. The credentials are checked against the adapter\'s own fields ' +
        '(required when it has any, refused when it has none) and replaced as a whole; the answer shows their fingerprint. Audited as provider.configured.',
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:write']),
      schemas: { params: providerParams, body: providerBody },
      errors: { ...errors, invalid: "an adapter the capability does not offer (ProviderAdapterError), credentials or settings that are not the adapter's (ValidationMiddlewareError), or credentials that cannot be used, e.g. a signing key that is not one (ProviderCredentialsError)" },
      responses: { 200: { description: 'The adapter in force from now on', schema: successEnvelope(providerSchema, PROVIDER_MESSAGES.saved) } },
      handler: async (req, res, { params, body }) => {
        res.json(success(PROVIDER_MESSAGES.saved, await providers.put(actorOf(req), params.customerId, params.capability as Capability, body)));
      },
    }),
    defineRoute({
      ...common,
      method: 'get',
      path: '/customers/:customerID/provider-usage',
      summary: 'The vendor calls made for the customer, per month, capability and adapter (answers served from the cache are not calls)',
      description: 'Query: from and to (YYYY-MM, inclusive; default the last twelve months), at most 36 months.',
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:read']),
      schemas: { params: customerParams, query: usageQuery },
      errors: { ...errors, invalid: 'from after to, or more than 36 months (ProviderUsageRangeError)' },
      responses: { 200: { description: 'Calls and failures per month, capability and adapter', schema: successEnvelope(usageSchema, PROVIDER_MESSAGES.usage) } },
      handler: async (req, res, { params, query }) => {
        res.json(success(PROVIDER_MESSAGES.usage, await providers.usage(callerOf(req), params.customerId, query)));
      },
    }),
  ];
}
