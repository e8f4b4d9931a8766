import type { RequestHandler, Response } from 'express';
import { access, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { toListQuery } from '@kyb/validation';
import { RESULT_MESSAGES, type ScreeningResultAnswer } from './screening.presenter';
import {
  acknowledgementSchema,
  businessParams,
  listScreeningsQuery,
  resultSchema,
  runBody,
  runParams,
  screeningListSchema,
  screeningParams,
  type ScreeningListFilter,
  type ScreeningSort,
} from './screening.schemas';
import type { ScreeningService } from './screening.service';

/** E3's message, as the published sample shows it. */
export const SCREENING_TASK_CREATED = 'Screening task created and processed with state of completed';
/** Message of the history list. */
export const SCREENINGS_LISTED = 'Screenings retrieved successfully';

const errors = {
  400: { description: 'Invalid path or query (ValidationMiddlewareError), or a bad Authorization header type' },
  401: { description: 'Authentication (part 5), or Role Not Allowed' },
  403: { description: 'A business or customer of another tenant (AccessMiddlewareError)' },
};

const resultResponses = (notFound: string) => ({
  200: { description: 'Completed (matchData) or failed (screening.failure_reason)', schema: successEnvelope(resultSchema, RESULT_MESSAGES.completed) },
  202: { description: 'Still PENDING or PROCESSING: matchData is null', schema: successEnvelope(resultSchema, RESULT_MESSAGES.processing) },
  ...errors,
  404: { description: `Business not found (BusinessApiError), or ${notFound} (ScreeningNotFoundError)` },
});

function answer(res: Response, result: ScreeningResultAnswer): void {
  res.status(result.httpStatus).json(success(result.message, result.data));
}

/** E3 (run a screening) and reading screening results. */
export function screeningRoutes(deps: { screenings: ScreeningService; authenticate: RequestHandler }): RouteDefinition[] {
  const { screenings, authenticate } = deps;
  // Reads: the business's tenant is checked by the service, after the schema.
  const readers = access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']);
  return [
    defineRoute({
      method: 'post',
      path: '/verification/customers/:customerId/businesses/:businessId/screening',
      idempotent: true,
      summary: 'Run a merchant-screening check of a business (E3); answers an acknowledgement, the result comes later',
      description:
        'Body optional: icas (at most 100, letters and digits, no duplicates); without it the ICAs stored with the credentials are searched. ' +
        'The connection must be CONNECTED. While a screening of the business over the same ICAs runs, that one is answered.',
      tags: ['Verification'],
      auth: true,
      // Spends provider or rendering work: the subrole needs businesses:write (issue 14, least privilege).
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:write']),
      schemas: { params: runParams, body: runBody },
      checks: [requireTenant('customerId')],
      responses: {
        200: { description: 'Accepted and queued', schema: successEnvelope(acknowledgementSchema, SCREENING_TASK_CREATED) },
        ...errors,
        404: { description: 'Business not found (BusinessApiError)' },
        409: { description: 'The screening connection is not CONNECTED (ScreeningConnectionError, data.statusConnection)' },
      },
      handler: async (req, res, { params, body }) => {
        const acknowledgement = await screenings.run(callerOf(req), params.customerId, params.businessId, body.icas);
        res.json(success(SCREENING_TASK_CREATED, acknowledgement));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/verification/businesses/:businessId/screening',
      summary: 'The latest screening of a business: 202 while it runs, 200 with matchData or the failure reason',
      tags: ['Verification'],
      auth: true,
      ...readers,
      schemas: { params: businessParams },
      responses: resultResponses('no screening has been run'),
      handler: async (req, res, { params }) => answer(res, await screenings.latest(callerOf(req), params.businessId)),
    }),
    defineRoute({
      method: 'get',
      path: '/verification/businesses/:businessId/screenings',
      summary: "A business's screenings, newest first",
      description: 'Query: page, items_per_page (max 100), pagination=false for all, sort[field]=asc|desc, filter[status]=...',
      tags: ['Verification'],
      auth: true,
      ...readers,
      schemas: { params: businessParams, query: listScreeningsQuery },
      responses: {
        200: { description: 'One page of screenings', schema: successEnvelope(screeningListSchema, SCREENINGS_LISTED) },
        ...errors,
        404: { description: 'Business not found (BusinessApiError)' },
      },
      handler: async (req, res, { params, query }) => {
        const list = toListQuery<ScreeningSort, ScreeningListFilter, never>(query, ['created_at', 'desc']);
        res.json(success(SCREENINGS_LISTED, await screenings.list(callerOf(req), { ...list, businessId: params.businessId })));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/verification/businesses/:businessId/screenings/:screeningId',
      summary: 'One screening of a business, answered like the latest one',
      tags: ['Verification'],
      auth: true,
      ...readers,
      schemas: { params: screeningParams },
      responses: resultResponses('a screening that is not of this business'),
      handler: async (req, res, { params }) => answer(res, await screenings.get(callerOf(req), params.businessId, params.screeningId)),
    }),
  ];
}
