import type { RequestHandler } from 'express';
import { access, actorOf, callerOf, requireTenant } from '@kyb/auth';
import { success } from '@kyb/envelope';
import { defineRoute, type RouteDefinition } from '@kyb/http';
import { successEnvelope } from '@kyb/openapi';
import { toListQuery } from '@kyb/validation';
import type { DeliveryStatus } from './webhook-deliveries.store';
import { webhookErrors } from './webhooks.router';
import type { WebhooksService } from './webhooks.service';
import { deliveryDetailSchema, deliveryListSchema, deliveryParams, deliverySchema, listDeliveriesQuery, replayBody, replaySchema, webhookParams } from './webhooks.schemas';

export const DELIVERY_MESSAGES = {
  listed: 'Webhook deliveries retrieved successfully',
  fetched: 'Webhook delivery retrieved successfully',
  retried: 'Webhook delivery queued for another attempt',
  replayed: 'Webhook events queued for replay',
} as const;

const NO_WEBHOOK = 'To an ADMIN: no such webhook of this customer (WebhookNotFoundError)';
const NO_DELIVERY = 'To an ADMIN: no such webhook (WebhookNotFoundError) or delivery (WebhookDeliveryNotFoundError)';

/** The delivery log of an endpoint, a retry of one delivery, and a replay of a time range. */
export function webhookDeliveryRoutes(deps: { webhooks: WebhooksService; authenticate: RequestHandler }): RouteDefinition[] {
  const { webhooks, authenticate } = deps;
  const common = { tags: ['Webhooks'], auth: true as const, checks: [requireTenant('customerId')] };
  return [
    defineRoute({
      ...common,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:read']),
      method: 'get',
      path: '/customers/:customerId/webhooks/:webhookId/deliveries',
      summary: "An endpoint's deliveries, newest first",
      description: 'Query: page, items_per_page (max 100), pagination=false for all, sort[created_at]=asc|desc, filter[status]=PENDING|SUCCEEDED|FAILED, filter[event_type]=...',
      schemas: { params: webhookParams, query: listDeliveriesQuery },
      errors: webhookErrors({ notFound: NO_WEBHOOK }),
      responses: { 200: { description: 'One page of deliveries', schema: successEnvelope(deliveryListSchema, DELIVERY_MESSAGES.listed) } },
      handler: async (req, res, { params, query }) => {
        const list = toListQuery<'created_at', { status?: DeliveryStatus; event_type?: string }, never>(query, ['created_at', 'desc']);
        const [, sort] = list.sort[0] ?? ['created_at', 'desc'];
        const page = { page: list.page, itemsPerPage: list.itemsPerPage, paginate: list.paginate, sort, status: list.filter.status, eventType: list.filter.event_type };
        res.json(success(DELIVERY_MESSAGES.listed, await webhooks.deliveries(callerOf(req), params.customerId, params.webhookId, page)));
      },
    }),
    defineRoute({
      ...common,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:read']),
      method: 'get',
      path: '/customers/:customerId/webhooks/:webhookId/deliveries/:deliveryId',
      summary: 'One delivery with its payload and every attempt (status, duration, the start of the answer)',
      schemas: { params: deliveryParams },
      errors: webhookErrors({ notFound: NO_DELIVERY }),
      responses: { 200: { description: 'The delivery', schema: successEnvelope(deliveryDetailSchema, DELIVERY_MESSAGES.fetched) } },
      handler: async (req, res, { params }) => {
        res.json(success(DELIVERY_MESSAGES.fetched, await webhooks.delivery(callerOf(req), params.customerId, params.webhookId, params.deliveryId)));
      },
    }),
    defineRoute({
      ...common,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:write']),
      method: 'post',
      path: '/customers/:customerId/webhooks/:webhookId/deliveries/:deliveryId/retry',
      idempotent: true,
      summary: 'Attempt a delivery once more, now (whatever its status); a failure is not retried again',
      schemas: { params: deliveryParams },
      errors: webhookErrors({ notFound: NO_DELIVERY }),
      responses: {
        200: { description: 'Queued: PENDING, due now', schema: successEnvelope(deliverySchema, DELIVERY_MESSAGES.retried) },
        409: {
          description: 'The endpoint is disabled (WebhookDisabledError), an attempt is running (WebhookDeliveryInFlightError), or a request with this Idempotency-Key is still being processed (IdempotencyKeyInUseError)',
        },
      },
      handler: async (req, res, { params }) => {
        res.json(success(DELIVERY_MESSAGES.retried, await webhooks.retry(actorOf(req), params.customerId, params.webhookId, params.deliveryId)));
      },
    }),
    defineRoute({
      ...common,
      ...access(authenticate, ['ADMIN', 'CUSTOMER'], ['profile:write']),
      method: 'post',
      path: '/customers/:customerId/webhooks/:webhookId/replay',
      idempotent: true,
      summary: "Send the customer's events of a time range to the endpoint again (those it subscribes to), each as a new delivery",
      description:
        'Events are kept 30 days (WEBHOOK_RETENTION_DAYS); at most WEBHOOK_REPLAY_MAX_EVENTS (1,000) events per replay, and one replay per endpoint at a time: ' +
        'it runs until each of its deliveries has succeeded or failed for good. Receivers can tell a replayed event by its webhook-id.',
      schemas: { params: webhookParams, body: replayBody },
      errors: webhookErrors({ invalid: 'a range that is empty, too old or too large (WebhookReplayRangeError)', notFound: NO_WEBHOOK }),
      responses: {
        200: { description: 'Queued', schema: successEnvelope(replaySchema, DELIVERY_MESSAGES.replayed) },
        409: {
          description: 'The endpoint is disabled (WebhookDisabledError), a replay of it is running (WebhookReplayRunningError), or a request with this Idempotency-Key is still being processed (IdempotencyKeyInUseError)',
        },
      },
      handler: async (req, res, { params, body }) => {
        res.json(success(DELIVERY_MESSAGES.replayed, await webhooks.replay(actorOf(req), params.customerId, params.webhookId, body)));
      },
    }),
  ];
}
