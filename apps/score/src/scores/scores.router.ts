import type { RequestHandler } from 'express';
import { access, callerOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { businessParams, recomputeSchema, scoreParams, scoreQuery, scoreSchema } from './scores.schemas';
import type { ScoresService } from './scores.service';

/** E10's message, as the published sample shows it. */
export const SCORE_FETCHED = 'Success';
/** A score asked for. */
export const SCORE_STARTED = 'Score generation started successfully';
/** A score computed again. */
export const SCORE_RECOMPUTED = 'Score recomputed successfully';

/** The standard errors of a score route: another tenant's business or score is refused, and what is not found. */
const errors = (notFound: string): ErrorCases => ({ tenant: 'A business or score', notFound });

/** E10, generating a score, and following one. */
export function scoreRoutes(deps: { scores: ScoresService; authenticate: RequestHandler }): RouteDefinition[] {
  const { scores, authenticate } = deps;
  // Reads: the business's (or score's) tenant is checked by the service, after the schema.
  const readers = access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']);
  return [
    defineRoute({
      method: 'get',
      path: '/score/business/:businessID',
      summary: 'Get a business score (E10)',
      description:
        'The last score generated in the month, whatever its status (a newer PROCESSING or FAILED score is the answer, with its status): ' +
        'year and month together pick the month; neither: the current month (UTC). status=SUCCESS answers the last successful score instead.',
      tags: ['Score'],
      auth: true,
      ...readers,
      schemas: { params: businessParams, query: scoreQuery },
      errors: errors(
        'Business not found (BusinessApiError), or no score that month in the status asked for (ScoreNotFoundError; ' +
          'with status=SUCCESS, saying whether the last score is still calculating or failed)',
      ),
      responses: { 200: { description: 'The score of contract 2.8', schema: successEnvelope(scoreSchema, SCORE_FETCHED) } },
      handler: async (req, res, { params, query }) => {
        const { year, month, status } = query;
        res.json(success(SCORE_FETCHED, await scores.ofMonth(callerOf(req), params.businessId, { year, month, status })));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/score/business/:businessID/generate',
      idempotent: true,
      summary: 'Score a business now',
      description: 'Answers 202 with the score PROCESSING; follow it at /score/scores/{scoreID} or read it with E10 once SUCCESS.',
      tags: ['Score'],
      auth: true,
      // Spends provider or rendering work: the subrole needs businesses:write (issue 14, least privilege).
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:write']),
      schemas: { params: businessParams },
      errors: errors('Business not found (BusinessApiError)'),
      responses: { 202: { description: 'The score being computed', schema: successEnvelope(scoreSchema, SCORE_STARTED) } },
      handler: async (req, res, { params }) => {
        res.status(202).json(success(SCORE_STARTED, await scores.generate(callerOf(req), params.businessId)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/score/scores/:scoreID',
      summary: 'One score, in whatever state it is (PROCESSING, SUCCESS or FAILED with its reason)',
      tags: ['Score'],
      auth: true,
      ...readers,
      schemas: { params: scoreParams },
      errors: errors('Score not found (ScoreNotFoundError)'),
      responses: { 200: { description: 'The score', schema: successEnvelope(scoreSchema, SCORE_FETCHED) } },
      handler: async (req, res, { params }) => {
        res.json(success(SCORE_FETCHED, await scores.get(callerOf(req), params.scoreId)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/score/scores/:scoreID/recompute',
      summary: 'Compute a successful score again from the inputs it kept, with the config version it names, and say whether the result is identical',
      description: 'Nothing is stored. Scores keep the config version they were computed with, whatever the default is now.',
      tags: ['Score'],
      auth: true,
      ...readers,
      schemas: { params: scoreParams },
      errors: errors('Score not found (ScoreNotFoundError)'),
      responses: {
        200: { description: 'The stored and the recomputed headline, and the fields that differ (none when identical)', schema: successEnvelope(recomputeSchema, SCORE_RECOMPUTED) },
        409: { description: 'A score not SUCCESS, or one computed before scores kept their inputs (ScoreNotRecomputableError)' },
      },
      handler: async (req, res, { params }) => {
        res.json(success(SCORE_RECOMPUTED, await scores.recompute(callerOf(req), params.scoreId)));
      },
    }),
  ];
}
