import type { RequestHandler } from 'express';
import { access, actorOf, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type ErrorCases, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { toListQuery } from '@kyb/validation';
import type { WebhooksService } from './webhooks.service';
import { createWebhookBody, customerParams, listWebhooksQuery, updateWebhookBody, webhookListSchema, webhookParams, webhookSchema, webhookWithSecretSchema } from './webhooks.schemas';

export const WEBHOOK_MESSAGES = {
  created: 'Webhook created successfully',
  listed: 'Webhooks retrieved successfully',
  fetched: 'Webhook retrieved successfully',
  updated: 'Webhook updated successfully',
  deleted: 'Webhook deleted successfully',
  rotated: 'Webhook secret rotated successfully',
} as const;

/** The standard errors of a webhook route: another tenant's customer, webhook or delivery is refused, with the route's own cases. */
export const webhookErrors = (cases: Omit<ErrorCases, 'tenant'>): ErrorCases => ({ tenant: 'A customer, webhook or delivery', ...cases });
const REFUSED_URL = 'a url that is refused (WebhookUrlError)';
const NO_CUSTOMER = 'No such customer (CustomerApiError)';
const NO_WEBHOOK = 'To an ADMIN: no such webhook of this customer (WebhookNotFoundError)';

/**
 * A customer's webhook endpoints. Endpoints are account settings, like the screening credentials:
 * reading them needs profile:read, changing them profile:write.
 */
export function webhookRoutes(deps: { webhooks: WebhooksService; authenticate: RequestHandler }): RouteDefinition[] {
  const { webhooks, authenticate } = deps;
  const readers = access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:read']);
  const writers = access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:write']);
  const common = { tags: ['Webhooks'], auth: true as const, checks: [requireTenant('customerId')] };
  return [
    defineRoute({
      ...common,
      ...writers,
      method: 'post',
      path: '/customers/:customerId/webhooks',
      idempotent: true,
      summary: 'Register a webhook endpoint; its signing secret is shown in this answer only',
      description:
        'Deliveries follow the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature). ' +
        'The url must be https and must not resolve to a loopback, private, link-local or metadata address.',
      schemas: { params: customerParams, body: createWebhookBody },
      errors: webhookErrors({ invalid: REFUSED_URL, notFound: NO_CUSTOMER }),
      responses: {
        200: { description: 'Registered', schema: successEnvelope(webhookWithSecretSchema, WEBHOOK_MESSAGES.created) },
        409: { description: 'The customer holds as many webhooks as allowed, WEBHOOK_MAX_ENDPOINTS (WebhookLimitError), or a request with this Idempotency-Key is still being processed (IdempotencyKeyInUseError)' },
      },
      handler: async (req, res, { params, body }) => {
        res.json(success(WEBHOOK_MESSAGES.created, await webhooks.create(actorOf(req), params.customerId, body)));
      },
    }),
    defineRoute({
      ...common,
      ...readers,
      method: 'get',
      path: '/customers/:customerId/webhooks',
      summary: "A customer's webhook endpoints, oldest first",
      description: 'Query: page, items_per_page (max 100), pagination=false for all, sort[created_at]=asc|desc',
      schemas: { params: customerParams, query: listWebhooksQuery },
      errors: webhookErrors({ notFound: NO_CUSTOMER }),
      responses: { 200: { description: 'One page of endpoints', schema: successEnvelope(webhookListSchema, WEBHOOK_MESSAGES.listed) } },
      handler: async (req, res, { params, query }) => {
        const list = toListQuery<'created_at', Record<string, never>, never>(query, ['created_at', 'asc']);
        const [, sort] = list.sort[0] ?? ['created_at', 'asc'];
        const page = { page: list.page, itemsPerPage: list.itemsPerPage, paginate: list.paginate, sort };
        res.json(success(WEBHOOK_MESSAGES.listed, await webhooks.list(callerOf(req), params.customerId, page)));
      },
    }),
    defineRoute({
      ...common,
      ...readers,
      method: 'get',
      path: '/customers/:customerId/webhooks/:webhookId',
      summary: 'One webhook endpoint',
      schemas: { params: webhookParams },
      errors: webhookErrors({ notFound: NO_WEBHOOK }),
      responses: { 200: { description: 'The endpoint', schema: successEnvelope(webhookSchema, WEBHOOK_MESSAGES.fetched) } },
      handler: async (req, res, { params }) => {
        res.json(success(WEBHOOK_MESSAGES.fetched, await webhooks.get(callerOf(req), params.customerId, params.webhookId)));
      },
    }),
    defineRoute({
      ...common,
      ...writers,
      method: 'patch',
      path: '/customers/:customerId/webhooks/:webhookId',
      summary: 'Change a webhook endpoint: url, events, description, enabled (enabling clears an automatic disable)',
      schemas: { params: webhookParams, body: updateWebhookBody },
      errors: webhookErrors({ invalid: REFUSED_URL, notFound: NO_WEBHOOK }),
      responses: { 200: { description: 'Changed', schema: successEnvelope(webhookSchema, WEBHOOK_MESSAGES.updated) } },
      handler: async (req, res, { params, body }) => {
        res.json(success(WEBHOOK_MESSAGES.updated, await webhooks.update(actorOf(req), params.customerId, params.webhookId, body)));
      },
    }),
    defineRoute({
      ...common,
      ...writers,
      method: 'delete',
      path: '/customers/:customerId/webhooks/:webhookId',
      summary: 'Remove a webhook endpoint with its secrets and deliveries',
      schemas: { params: webhookParams },
      errors: webhookErrors({ notFound: NO_WEBHOOK }),
      responses: { 200: { description: 'Removed', schema: successEnvelope({ type: 'null' }, WEBHOOK_MESSAGES.deleted) } },
      handler: async (req, res, { params }) => {
        await webhooks.remove(actorOf(req), params.customerId, params.webhookId);
        res.json(success(WEBHOOK_MESSAGES.deleted, null));
      },
    }),
    defineRoute({
      ...common,
      ...writers,
      method: 'post',
      path: '/customers/:customerId/webhooks/:webhookId/rotate-secret',
      idempotent: true,
      summary: 'Give the endpoint a new signing secret, shown in this answer only; the previous one keeps signing during the overlap',
      description:
        'The previous secret signs until previous_secret_expires_at (WEBHOOK_SECRET_OVERLAP_HOURS), and those rotated before it until their own expiry: ' +
        'every delivery carries one v1 signature per secret that has not expired, at most 10.',
      schemas: { params: webhookParams },
      errors: webhookErrors({ notFound: NO_WEBHOOK }),
      responses: {
        200: { description: 'Rotated', schema: successEnvelope(webhookWithSecretSchema, WEBHOOK_MESSAGES.rotated) },
        409: { description: 'As many secrets as allowed still sign (WebhookSecretLimitError), or a request with this Idempotency-Key is still being processed (IdempotencyKeyInUseError)' },
      },
      handler: async (req, res, { params }) => {
        res.json(success(WEBHOOK_MESSAGES.rotated, await webhooks.rotateSecret(actorOf(req), params.customerId, params.webhookId)));
      },
    }),
  ];
}
