import type { RequestHandler } from 'express';
import { access, callerOf } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { businessParams, diffQuery, explanationSchema, monthDiffSchema, scoreParams, whatIfBody, whatIfSchema } from './explain.schemas';
import type { ExplainService } from './explain.service';

export const SCORE_EXPLAINED = 'Score explained successfully';
export const SCORE_DIFF_FETCHED = 'Score difference fetched successfully';
export const WHAT_IF_COMPUTED = 'What-if score computed successfully';

/** Another tenant's business or score is refused to a CUSTOMER as an unknown one is. */
const TENANT = 'An unknown business or score, or one';

/** Explaining a score, comparing two months' scores, and what-ifs (issue 12); all reads, nothing is stored. */
export function explainRoutes(deps: { explain: ExplainService; authenticate: RequestHandler }): RouteDefinition[] {
  const { explain, authenticate } = deps;
  const readers = access(authenticate, ['ADMIN', 'CUSTOMER'], ['businesses:read']);
  return [
    defineRoute({
      method: 'get',
      path: '/score/scores/:scoreID/explain',
      summary: 'Explain a score: each factor, its source, curve, weight, contribution and the points it cost; the top four reason codes',
      tags: ['Score'],
      auth: true,
      ...readers,
      schemas: { params: scoreParams },
      errors: { tenant: TENANT, notFound: 'Score not found (ScoreNotFoundError; to an ADMIN)' },
      responses: {
        200: { description: 'The score explained', schema: successEnvelope(explanationSchema, SCORE_EXPLAINED) },
        409: { description: 'A score not SUCCESS, or computed before scores kept their inputs (ScoreNotExplainableError, NOT_ALLOWED)' },
      },
      handler: async (req, res, { params }) => {
        res.json(success(SCORE_EXPLAINED, await explain.explain(callerOf(req), params.scoreId)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/score/business/:businessID/diff',
      summary: "Compare a business's latest SUCCESS scores of two months, overall and factor by factor",
      tags: ['Score'],
      auth: true,
      ...readers,
      schemas: { params: businessParams, query: diffQuery },
      responses: {
        200: { description: 'The two scores compared, largest factor change first', schema: successEnvelope(monthDiffSchema, SCORE_DIFF_FETCHED) },
      },
      errors: {
        invalid: 'from after to (ScoreDiffRangeError)',
        tenant: TENANT,
        notFound: 'Business not found (BusinessApiError; to an ADMIN); a month without a SUCCESS score (ScoreNotFoundError, naming the month)',
      },
      handler: async (req, res, { params, query }) => {
        res.json(success(SCORE_DIFF_FETCHED, await explain.diff(callerOf(req), params.businessId, query.from, query.to)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/score/business/:businessID/what-if',
      summary: "What the business's latest SUCCESS score would be with some inputs changed; stores nothing",
      description:
        "Applies the overrides to the snapshot of the business's latest SUCCESS score and computes it with that score's config. " +
        'Nothing is stored, queued or audited, so no Idempotency-Key is needed.',
      tags: ['Score'],
      auth: true,
      ...readers,
      schemas: { params: businessParams, body: whatIfBody },
      errors: {
        invalid: 'an unknown factor code or record id, or an override the inputs cannot take (WhatIfOverrideError)',
        tenant: TENANT,
        notFound: 'Business not found (BusinessApiError; to an ADMIN); no SUCCESS score (ScoreNotFoundError)',
      },
      responses: {
        200: { description: 'The hypothetical score and its diff to the current score', schema: successEnvelope(whatIfSchema, WHAT_IF_COMPUTED) },
        409: { description: 'The latest SUCCESS score was computed before scores kept their inputs (ScoreNotExplainableError, NOT_ALLOWED)' },
      },
      handler: async (req, res, { params, body }) => {
        res.json(success(WHAT_IF_COMPUTED, await explain.whatIf(callerOf(req), params.businessId, body)));
      },
    }),
  ];
}
