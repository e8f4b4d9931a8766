import type { RequestHandler } from 'express';
import { access, actorOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { toCursorListQuery } from '@kyb/validation';
import {
  businessListSchema,
  businessParams,
  businessSchema,
  BUSINESS_SORT_KINDS,
  customerParams,
  getBusinessQuery,
  listBusinessesQuery,
  type BusinessListFilter,
  type BusinessSearch,
  type BusinessSort,
} from './businesses.schemas';
import type { BusinessesService } from './businesses.service';

/** E9's message, as the published sample shows it. */
export const BUSINESS_FETCHED = 'Business details retrieved successfully.';

/** An unknown business is refused as another tenant's is (to all but an ADMIN). */
const errors: ErrorCases = { tenant: 'An unknown business, or a business or customer' };

/** E9 and the list of a customer's businesses. */
export function businessReadRoutes(deps: { businesses: BusinessesService; authenticate: RequestHandler }): RouteDefinition[] {
  const { businesses, authenticate } = deps;
  return [
    defineRoute({
      method: 'get',
      path: '/businesses/:businessID',
      summary: 'Get a business by id (E9); owners only with fetch_owner_details=true',
      tags: ['Businesses'],
      auth: true,
      // The tenant (and an APPLICANT's invited businesses) is checked by the service, after the schema.
      ...access(authenticate, ['ADMIN', 'CUSTOMER', 'APPLICANT'], ['businesses:read']),
      schemas: { params: businessParams, query: getBusinessQuery },
      errors: { ...errors, notFound: 'Business not found (to an ADMIN)' },
      responses: { 200: { description: 'The business; TIN and SSNs masked', schema: successEnvelope(businessSchema, BUSINESS_FETCHED) } },
      handler: async (req, res, { params, query }) => {
        res.json(success(BUSINESS_FETCHED, await businesses.get(actorOf(req), params.businessId, query.fetch_owner_details)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/customers/:customerID/businesses',
      summary: "List a customer's businesses",
      description:
        'Query: page, items_per_page (max 100), pagination=false for all, sort[field]=asc|desc, filter[field]=value, search[field]=text; or cursor, a page\'s next_cursor, for the page after it. total_items counts every match; where more than 1,000 match a filter or search, it is an estimate and total_is_estimate is true.',
      tags: ['Businesses'],
      auth: true,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']),
      schemas: { params: customerParams, query: listBusinessesQuery },
      checks: [requireTenant()],
      errors,
      responses: { 200: { description: 'One page of businesses', schema: successEnvelope(businessListSchema, 'Success') } },
      handler: async (_req, res, { params, query }) => {
        const list = toCursorListQuery<BusinessSort, BusinessListFilter, BusinessSearch>(query, ['created_at', 'desc'], BUSINESS_SORT_KINDS);
        res.json(success('Success', await businesses.list({ ...list, customerId: params.customerId })));
      },
    }),
  ];
}
