import type { RequestHandler, Response } from 'express';
import { access, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
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

/** A business (or customer) named by the path: another tenant's is refused, an unknown one not found. */
const errors: ErrorCases = { tenant: 'A business or customer', notFound: 'Business not found (BusinessApiError)' };

const resultResponses = {
  200: { description: 'Completed (matchData) or failed (screening.failure_reason)', schema: successEnvelope(resultSchema, RESULT_MESSAGES.completed) },
  202: { description: 'Still PENDING or PROCESSING: matchData is null', schema: successEnvelope(resultSchema, RESULT_MESSAGES.processing) },
};
const resultErrors = (notFound: string): ErrorCases => ({ ...errors, notFound: `Business not found (BusinessApiError), or ${notFound} (ScreeningNotFoundError)` });

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
      errors,
      responses: {
        200: { description: 'Accepted and queued', schema: successEnvelope(acknowledgementSchema, SCREENING_TASK_CREATED) },
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
      errors: resultErrors('no screening has been run'),
      responses: resultResponses,
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
      errors,
      responses: { 200: { description: 'One page of screenings', schema: successEnvelope(screeningListSchema, SCREENINGS_LISTED) } },
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
      errors: resultErrors('a screening that is not of this business'),
      responses: resultResponses,
      handler: async (req, res, { params }) => answer(res, await screenings.get(callerOf(req), params.businessId, params.screeningId)),
    }),
  ];
}
