import { listPageSchema, listQuerySchema, uuidParams, uuidSchema } from '@kyb/validation';

/** What an audit event's text fields may hold (actions and target types are our own dotted names). */
const name = { type: 'string', minLength: 1, maxLength: 100 } as const;

/** `GET /customers/{customerID}/audit-events` query: the list conventions, newest first by default. */
export const listAuditEventsQuery = listQuerySchema({
  sortFields: ['occurred_at'],
  filters: { action: name, actor_id: uuidSchema, target_type: name, target_id: { type: 'string', minLength: 1, maxLength: 200 } },
  searchFields: [],
});

/** Path of one customer's audit log. */
export const auditParams = uuidParams('customerID');

const nullableText = { type: ['string', 'null'] } as const;

/** An audit event as the API shows it. */
export const auditEventSchema = {
  type: 'object',
  required: ['id', 'seq', 'customer_id', 'actor', 'action', 'target', 'request_id', 'client_address', 'details', 'occurred_at', 'prev_hash', 'hash'],
  properties: {
    id: uuidSchema,
    seq: { type: 'integer', minimum: 1 },
    customer_id: { type: ['string', 'null'], format: 'uuid' },
    actor: { type: 'object', required: ['id', 'role'], properties: { id: { type: ['string', 'null'], format: 'uuid' }, role: { type: 'string' } } },
    action: { type: 'string' },
    target: { type: 'object', required: ['type', 'id'], properties: { type: { type: 'string' }, id: nullableText } },
    request_id: nullableText,
    client_address: nullableText,
    details: { type: 'object' },
    occurred_at: { type: 'string', format: 'date-time' },
    prev_hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
} as const;

/** One page of audit events. */
export const auditEventListSchema = listPageSchema(auditEventSchema);

/** What `verify` answers. */
export const chainVerdictSchema = {
  oneOf: [
    {
      type: 'object',
      required: ['valid', 'entries', 'head'],
      properties: { valid: { const: true }, entries: { type: 'integer' }, head: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
    },
    {
      type: 'object',
      required: ['valid', 'entries', 'broken'],
      properties: {
        valid: { const: false },
        entries: { type: 'integer', description: 'entries verified before the broken one' },
        broken: {
          type: 'object',
          required: ['id', 'seq', 'reason'],
          properties: { id: uuidSchema, seq: { type: 'integer' }, reason: { type: 'string', enum: ['hash', 'link', 'sequence'] } },
        },
      },
    },
  ],
} as const;
