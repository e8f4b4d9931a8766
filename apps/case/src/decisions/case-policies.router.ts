import type { RequestHandler } from 'express';
import { access, actorOf, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { listPage, listPageSchema, listQuerySchema, toListQuery, uuidParams, type JsonSchema } from '@kyb/validation';
import { casePolicySchema, POLICY_DECISIONS } from './case-policy';
import type { CasePoliciesService, CasePolicyBody } from './case-policies.service';
import { DRY_RUN_DEFAULT_CASES, type PolicyDryRunService } from './policy-dry-run.service';

/** Messages of the case policy routes. */
export const CASE_POLICY_FETCHED = 'Case policy fetched successfully';
export const CASE_POLICY_UPDATED = 'Case policy updated successfully';
export const CASE_POLICY_VERSIONS_FETCHED = 'Case policy versions fetched successfully';
export const CASE_POLICY_DRY_RUN = 'Case policy dry run completed successfully';

const policyProperties = casePolicySchema.properties as Record<string, JsonSchema>;

/** A policy version as the routes answer it. */
const policyViewSchema: JsonSchema = {
  type: 'object',
  required: ['customer_id', 'version', 'is_default', 'rules', 'otherwise', 'four_eyes', 'created_by', 'created_at'],
  properties: {
    customer_id: { type: 'string', format: 'uuid' },
    version: { type: 'integer', minimum: 0, description: '1, 2, ... for the versions the customer stored; 0 for the default policy, in force while it stored none' },
    is_default: { type: 'boolean' },
    rules: policyProperties.rules,
    otherwise: { type: 'string', enum: [...POLICY_DECISIONS], description: 'what decides when no rule holds' },
    four_eyes: {
      type: 'object',
      required: ['reject', 'approve_risk_levels'],
      properties: { reject: { type: 'boolean' }, approve_risk_levels: { type: 'array', items: { type: 'string' } } },
    },
    created_by: { type: ['string', 'null'], description: 'the user who stored the version (null for the default)' },
    created_at: { type: ['string', 'null'], format: 'date-time' },
  },
};

const params = uuidParams('customerID');
const dryRunQuery: JsonSchema = { type: 'object', additionalProperties: false, properties: { limit: { type: 'integer', minimum: 1, maximum: 1000 } } };
const dryRunSchema: JsonSchema = {
  type: 'object',
  required: ['customer_id', 'compared_with_version', 'cases_evaluated', 'cases_changed', 'changes'],
  properties: {
    customer_id: { type: 'string', format: 'uuid' },
    compared_with_version: { type: 'integer', description: 'the version in force the draft is compared with (0: the default policy)' },
    cases_evaluated: { type: 'integer' },
    cases_changed: { type: 'integer' },
    changes: {
      type: 'array',
      description: 'each case the draft would decide otherwise: case_id, business_id, status, in_force and draft (decision or waiting, rule_id, reason or missing), effect (move to, stays, disagrees)',
      items: { type: 'object' },
    },
  },
};
const versionsQuery = listQuerySchema({ sortFields: ['version'], filters: {}, searchFields: [] });
const errors: ErrorCases = { tenant: 'A customer', notFound: 'To an ADMIN: no such customer (CustomerApiError)' };

/** A customer's case decision policy (issue 45, docs/adr/0055): the version in force, every version kept, a new one stored. */
export function casePolicyRoutes(deps: { policies: CasePoliciesService; dryRun: PolicyDryRunService; authenticate: RequestHandler }): RouteDefinition[] {
  const path = '/customers/:customerID/case-policy';
  return [
    defineRoute({
      method: 'get',
      path,
      summary: "The case decision policy in force for the customer: its newest version, or the default (version 0) while it stored none",
      tags: ['Cases'],
      auth: true,
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER'], ['profile:read']),
      schemas: { params },
      checks: [requireTenant()],
      errors,
      responses: { 200: { description: 'The policy in force', schema: successEnvelope(policyViewSchema, CASE_POLICY_FETCHED) } },
      handler: async (req, res, { params: p }) => {
        res.json(success(CASE_POLICY_FETCHED, await deps.policies.current(callerOf(req), p.customerId)));
      },
    }),
    defineRoute({
      method: 'put',
      path,
      summary: 'Stores a new version of the customer\'s case decision policy, in force from now on (audited; earlier versions are kept)',
      description:
        'Rules are tried in order; the first that holds decides (approve, review or reject), and `otherwise` (default review) decides when none does. A rule reading a fact not yet known makes the case wait for it. Rule ids are unique within a policy.',
      tags: ['Cases'],
      auth: true,
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER'], ['profile:write']),
      schemas: { params, body: casePolicySchema },
      checks: [requireTenant()],
      errors: { ...errors, invalid: 'A rule over an unknown fact, an operator without its value, a repeated rule id' },
      responses: { 200: { description: 'The version stored', schema: successEnvelope(policyViewSchema, CASE_POLICY_UPDATED) } },
      handler: async (req, res, { params: p, body }) => {
        res.json(success(CASE_POLICY_UPDATED, await deps.policies.put(actorOf(req), p.customerId, body as CasePolicyBody)));
      },
    }),
    defineRoute({
      method: 'post',
      path: `${path}/dry-run`,
      summary: "Runs a draft policy over the customer's recent cases and answers, case by case, where it would decide otherwise; stores nothing",
      description: 'The body is a policy as PUT takes it. `limit` (1 to 1,000, default 200): how many of the newest cases are tried, each with its facts as they are now.',
      tags: ['Cases'],
      auth: true,
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER'], ['profile:write']),
      schemas: { params, query: dryRunQuery, body: casePolicySchema },
      checks: [requireTenant()],
      errors: { ...errors, invalid: 'A rule over an unknown fact, an operator without its value, a repeated rule id' },
      responses: { 200: { description: 'What the draft would change', schema: successEnvelope(dryRunSchema, CASE_POLICY_DRY_RUN) } },
      handler: async (req, res, { params: p, query, body }) => {
        const { limit } = query as { limit?: number };
        res.json(success(CASE_POLICY_DRY_RUN, await deps.dryRun.run(callerOf(req), p.customerId, body as CasePolicyBody, limit ?? DRY_RUN_DEFAULT_CASES)));
      },
    }),
    defineRoute({
      method: 'get',
      path: `${path}/versions`,
      summary: "Every version of the customer's case decision policy it stored, newest first (sort[version]=asc: oldest first)",
      tags: ['Cases'],
      auth: true,
      ...access(deps.authenticate, ['ADMIN', 'CUSTOMER'], ['profile:read']),
      schemas: { params, query: versionsQuery },
      checks: [requireTenant()],
      errors,
      responses: { 200: { description: 'A page of versions', schema: successEnvelope(listPageSchema(policyViewSchema), CASE_POLICY_VERSIONS_FETCHED) } },
      handler: async (req, res, { params: p, query }) => {
        const list = toListQuery(query, ['version', 'desc']);
        const { items, total } = await deps.policies.versions(callerOf(req), p.customerId, { ...list, oldestFirst: list.sort[0]?.[1] === 'asc' });
        res.json(success(CASE_POLICY_VERSIONS_FETCHED, listPage(items, total, list)));
      },
    }),
  ];
}
