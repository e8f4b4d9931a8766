import type { RequestHandler } from 'express';
import { access, actorOf, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { toListQuery } from '@kyb/validation';
import {
  businessParams,
  businessWatchlistSchema,
  customerParams,
  hitListSchema,
  hitParams,
  hitSchema,
  listHitsQuery,
  reviewBody,
  settingsBody,
  settingsSchema,
  type HitListFilter,
  type HitSort,
} from './watchlist-hits.schemas';
import type { WatchlistHitsService } from './watchlist-hits.service';

export const WATCHLIST_MESSAGES = {
  business: 'Watchlist screening fetched successfully',
  hits: 'Watchlist hits retrieved successfully',
  reviewed: 'Watchlist hit reviewed successfully',
  settings: 'Watchlist settings fetched successfully',
  settingsSaved: 'Watchlist settings saved successfully',
} as const;

const customerErrors: ErrorCases = { tenant: 'A customer', notFound: 'To an ADMIN: no such customer (CustomerApiError)' };

/** Sanctions screening results (issue 44): a business's, a tenant's hits to review, their review, and the tenant's threshold. */
export function watchlistHitsRoutes(deps: { hits: WatchlistHitsService; authenticate: RequestHandler }): RouteDefinition[] {
  const { hits, authenticate } = deps;
  const common = { tags: ['Watchlists'], auth: true as const };
  return [
    defineRoute({
      ...common,
      method: 'get',
      path: '/business/:businessID/watchlist',
      summary: "The business's latest sanctions screening and its hits still listed (dismissed ones too), confirmed first",
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']),
      schemas: { params: businessParams },
      errors: { tenant: 'A business', notFound: 'Business not found (BusinessApiError)' },
      responses: { 200: { description: 'screening is null before the first', schema: successEnvelope(businessWatchlistSchema, WATCHLIST_MESSAGES.business) } },
      handler: async (req, res, { params }) => void res.json(success(WATCHLIST_MESSAGES.business, await hits.ofBusiness(callerOf(req), params.businessId))),
    }),
    defineRoute({
      ...common,
      method: 'get',
      path: '/customers/:customerID/watchlist-hits',
      summary: "The customer's sanctions hits still listed, newest first: without filter[status] the ones to act on (OPEN and CONFIRMED)",
      description: 'Query: page, items_per_page (max 100), pagination=false for all, sort[created_at|updated_at|score]=asc|desc, filter[status], filter[business_id], filter[list].',
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']),
      schemas: { params: customerParams, query: listHitsQuery },
      checks: [requireTenant()],
      errors: customerErrors,
      responses: { 200: { description: 'One page of hits', schema: successEnvelope(hitListSchema, WATCHLIST_MESSAGES.hits) } },
      handler: async (req, res, { params, query }) => {
        const list = toListQuery<HitSort, HitListFilter, never>(query, ['created_at', 'desc']);
        res.json(success(WATCHLIST_MESSAGES.hits, await hits.list(callerOf(req), params.customerId, list)));
      },
    }),
    defineRoute({
      ...common,
      method: 'patch',
      path: '/customers/:customerID/watchlist-hits/:hitID',
      summary: 'Review a hit: CONFIRMED (it is the listed party) or DISMISSED (it is not; it does not come back for the same entry and name), with a note',
      description: 'Audited as watchlist.hit_reviewed. A confirmed hit still listed fails the business\'s sanctions check and declines its score.',
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:write']),
      schemas: { params: hitParams, body: reviewBody },
      checks: [requireTenant()],
      errors: { ...customerErrors, notFound: 'To an ADMIN: no such customer (CustomerApiError), or a hit that is not the customer\'s (WatchlistHitNotFoundError); to a CUSTOMER such a hit is refused (403)' },
      responses: { 200: { description: 'The hit as reviewed', schema: successEnvelope(hitSchema, WATCHLIST_MESSAGES.reviewed) } },
      handler: async (req, res, { params, body }) => void res.json(success(WATCHLIST_MESSAGES.reviewed, await hits.review(actorOf(req), params.customerId, params.hitId, body))),
    }),
    defineRoute({
      ...common,
      method: 'get',
      path: '/customers/:customerID/watchlist-settings',
      summary: "The customer's sanctions threshold (the default while it set none)",
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:read']),
      schemas: { params: customerParams },
      checks: [requireTenant()],
      errors: customerErrors,
      responses: { 200: { description: 'The threshold in force', schema: successEnvelope(settingsSchema, WATCHLIST_MESSAGES.settings) } },
      handler: async (req, res, { params }) => void res.json(success(WATCHLIST_MESSAGES.settings, await hits.settings(callerOf(req), params.customerId))),
    }),
    defineRoute({
      ...common,
      method: 'put',
      path: '/customers/:customerID/watchlist-settings',
      summary: "Set the customer's sanctions threshold (0.5..1): the lowest score a name must reach to be a hit, from the next screening on",
      description: 'Audited as watchlist.settings_updated.',
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:write']),
      schemas: { params: customerParams, body: settingsBody },
      checks: [requireTenant()],
      errors: customerErrors,
      responses: { 200: { description: 'The threshold in force from now on', schema: successEnvelope(settingsSchema, WATCHLIST_MESSAGES.settingsSaved) } },
      handler: async (req, res, { params, body }) => void res.json(success(WATCHLIST_MESSAGES.settingsSaved, await hits.putSettings(actorOf(req), params.customerId, body))),
    }),
  ];
}
