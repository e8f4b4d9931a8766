import type { RequestHandler } from 'express';
import { access, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { listPage, toListQuery } from '@kyb/validation';
import { auditEventListSchema, auditParams, chainVerdictSchema, listAuditEventsQuery } from './audit.schemas';
import type { AuditService } from './audit.service';
import type { AuditListQuery } from './audit.store';

const errors: ErrorCases = { tenant: 'A customer', notFound: 'Customer not found (an ADMIN naming none)' };

/**
 * The audit log of a customer: its owners (the subrole holding `profile:write`) and the platform
 * ADMIN read it and verify its chain.
 */
export function auditRoutes(deps: { audit: AuditService; authenticate: RequestHandler }): RouteDefinition[] {
  const { audit, authenticate } = deps;
  const guarded = access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:write']);
  const checks = [requireTenant()];
  return [
    defineRoute({
      method: 'get',
      path: '/customers/:customerID/audit-events',
      summary: "The customer's audit log: who did what, to what, from where and when, newest first",
      description: 'Query: page, items_per_page (max 100), pagination=false for all, sort[occurred_at]=asc|desc, filter[action|actor_id|target_type|target_id]=value.',
      tags: ['Audit'],
      auth: true,
      ...guarded,
      schemas: { params: auditParams, query: listAuditEventsQuery },
      checks,
      // An erased tenant's chain stays (ids and counts only), readable by the ADMIN (docs/adr/0043).
      answersErasedTenants: true,
      errors,
      responses: { 200: { description: 'One page of audit events', schema: successEnvelope(auditEventListSchema, 'Success') } },
      handler: async (_req, res, { params, query }) => {
        const list = toListQuery<'occurred_at', AuditListQuery['filter'], never>(query, ['occurred_at', 'desc']);
        const { items, total } = await audit.list({ ...list, customerId: params.customerId });
        res.json(success('Success', listPage(items, total, list)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/customers/:customerID/audit-events/verify',
      summary: "Walks the customer's audit chain: valid with its length and head hash, or the first broken entry",
      tags: ['Audit'],
      auth: true,
      ...guarded,
      schemas: { params: auditParams },
      checks,
      answersErasedTenants: true,
      errors,
      responses: { 200: { description: 'The verdict on the chain', schema: successEnvelope(chainVerdictSchema, 'Success') } },
      handler: async (_req, res, { params }) => {
        res.json(success('Success', await audit.verify(params.customerId)));
      },
    }),
  ];
}
