import { EVENT_TYPE_NAMES } from '@kyb/db';
import { listPageSchema, listQuerySchema, strictObject, uuidParams, uuidSchema, type JsonSchema } from '@kyb/validation';

/** Paths under /customers/{customerId}/webhooks. */
export const customerParams = uuidParams('customerId');
export const webhookParams = uuidParams('customerId', 'webhookId');
export const deliveryParams = uuidParams('customerId', 'webhookId', 'deliveryId');

/** An event type an endpoint can subscribe to, or `*` for every type (those added later too). */
const eventName = { type: 'string', enum: ['*', ...EVENT_TYPE_NAMES] } as const;
const eventsSchema = { type: 'array', items: eventName, minItems: 1, maxItems: 50, uniqueItems: true, description: 'event types to deliver; ["*"] (the default) for all' } as const;
const urlSchema = { type: 'string', minLength: 1, maxLength: 2048, description: 'where deliveries are posted: https (http only where WEBHOOKS_ALLOW_PRIVATE_URLS is set)' } as const;
const descriptionSchema = { type: ['string', 'null'], maxLength: 500 } as const;

/** POST .../webhooks. */
export const createWebhookBody = strictObject(
  { url: urlSchema, events: eventsSchema, description: descriptionSchema, enabled: { type: 'boolean', default: true } },
  ['url'],
);

/** PATCH .../webhooks/{webhookId}: at least one field. */
export const updateWebhookBody = {
  ...strictObject({ url: urlSchema, events: eventsSchema, description: descriptionSchema, enabled: { type: 'boolean' } }),
  minProperties: 1,
} as const;

/** POST .../webhooks/{webhookId}/replay. */
export const replayBody = strictObject(
  {
    from: { type: 'string', format: 'date-time', description: 'first instant of the range (inclusive)' },
    to: { type: 'string', format: 'date-time', description: 'end of the range (exclusive); at most now' },
    types: { ...eventsSchema, description: 'event types to replay (default: every type the endpoint subscribes to)' },
  },
  ['from', 'to'],
);

const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;

/** GET .../deliveries: newest first by default, `filter[status]`, `filter[event_type]`. */
export const listDeliveriesQuery = listQuerySchema({
  sortFields: ['created_at'],
  filters: { status: { type: 'string', enum: DELIVERY_STATUSES }, event_type: { type: 'string', enum: EVENT_TYPE_NAMES } },
  searchFields: [],
});

const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
const nullableTimestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

/** An endpoint as the API shows it (never its secret, except `secret` on creation and rotation). */
export const webhookSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'customer_id', 'url', 'description', 'events', 'enabled', 'disabled_reason', 'failing_since', 'created_at', 'updated_at'],
  properties: {
    id: uuidSchema,
    customer_id: uuidSchema,
    url: { type: 'string' },
    description: { type: ['string', 'null'] },
    events: { type: 'array', items: { type: 'string' } },
    enabled: { type: 'boolean' },
    disabled_reason: { type: ['string', 'null'], description: 'why the endpoint is disabled (by the customer, or automatically after failing for days)' },
    failing_since: { ...nullableTimestamp, description: 'since when every attempt has failed; null after a success' },
    created_at: timestamp,
    updated_at: timestamp,
  },
};

/** An endpoint with its signing secret, shown once (creation, rotation). */
export const webhookWithSecretSchema: JsonSchema = {
  ...webhookSchema,
  required: [...(webhookSchema.required as string[]), 'secret', 'previous_secret_expires_at'],
  properties: {
    ...(webhookSchema.properties as Record<string, JsonSchema>),
    secret: { type: 'string', pattern: '^whsec_', description: 'the Standard Webhooks signing secret; shown only now' },
    previous_secret_expires_at: { ...nullableTimestamp, description: 'after a rotation: until when the previous secret also signs' },
  },
};

/** GET .../webhooks: the list conventions, oldest first by default. */
export const listWebhooksQuery = listQuerySchema({ sortFields: ['created_at'], filters: {}, searchFields: [] });

export const webhookListSchema = listPageSchema(webhookSchema);

/** A delivery of one event to one endpoint. */
export const deliverySchema: JsonSchema = {
  type: 'object',
  required: ['id', 'webhook_id', 'event_id', 'event_type', 'occurred_at', 'origin', 'status', 'attempts', 'next_attempt_at', 'last_response_status', 'created_at', 'updated_at', 'delivered_at'],
  properties: {
    id: uuidSchema,
    webhook_id: uuidSchema,
    event_id: { ...uuidSchema, description: 'the webhook-id header of every attempt' },
    event_type: { type: 'string' },
    occurred_at: timestamp,
    origin: { type: 'string', enum: ['event', 'replay'] },
    status: { type: 'string', enum: [...DELIVERY_STATUSES] },
    attempts: { type: 'integer' },
    next_attempt_at: nullableTimestamp,
    last_response_status: { type: ['integer', 'null'] },
    created_at: timestamp,
    updated_at: timestamp,
    delivered_at: nullableTimestamp,
  },
};

export const deliveryListSchema = listPageSchema(deliverySchema);

/** A delivery with its payload and every attempt. */
export const deliveryDetailSchema: JsonSchema = {
  ...deliverySchema,
  required: [...(deliverySchema.required as string[]), 'payload', 'attempt_log'],
  properties: {
    ...(deliverySchema.properties as Record<string, JsonSchema>),
    payload: { type: 'object', required: ['type', 'timestamp', 'data'], description: 'the body every attempt sends' },
    attempt_log: {
      type: 'array',
      items: {
        type: 'object',
        required: ['number', 'started_at', 'duration_ms', 'response_status', 'response_excerpt', 'error', 'succeeded'],
        properties: {
          number: { type: 'integer' },
          started_at: timestamp,
          duration_ms: { type: 'integer' },
          response_status: { type: ['integer', 'null'] },
          response_excerpt: { type: ['string', 'null'], description: 'the start of the answer (1 KiB at most)' },
          error: { type: ['string', 'null'] },
          succeeded: { type: 'boolean' },
        },
      },
    },
  },
};

/** What a replay queued. */
export const replaySchema: JsonSchema = {
  type: 'object',
  required: ['webhook_id', 'from', 'to', 'types', 'events', 'deliveries'],
  properties: {
    webhook_id: uuidSchema,
    from: timestamp,
    to: timestamp,
    types: { type: 'array', items: { type: 'string' } },
    events: { type: 'integer', description: 'events of the customer in the range' },
    deliveries: { type: 'integer', description: 'deliveries queued: the events the endpoint subscribes to' },
  },
};
