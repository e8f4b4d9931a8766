import { strictObject, uuidParams, uuidSchema, type JsonSchema } from '@kyb/validation';

const name = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;

/** Feature switches: upper-case codes to booleans. */
const features = {
  type: 'object',
  propertyNames: { pattern: '^[A-Z][A-Z0-9_]{0,63}$' },
  additionalProperties: { type: 'boolean' },
  maxProperties: 100,
} as const;

/** `POST /customers` body. */
export const createCustomerBody = strictObject({ name }, ['name']);

/** `PATCH /customers/{customerID}` body: at least one setting. */
export const updateCustomerBody = {
  ...strictObject({
    name,
    status: { type: 'string', enum: ['ACTIVE', 'DISABLED'], description: "DISABLED ends the users' sessions at once and refuses them tokens" },
    monthly_onboarding_limit: { type: ['integer', 'null'], minimum: 0, maximum: 1000000 },
    features,
  }),
  minProperties: 1,
} as const;

/** `POST /customers/{customerID}/erase` body: the path's customer id again, against typos. */
export const eraseCustomerBody = strictObject(
  { confirm_customer_id: { ...uuidSchema, description: 'The customer id of the path, repeated: an erasure cannot be undone' } },
  ['confirm_customer_id'],
);

/** Path with one customer id. */
export const customerParams = uuidParams('customerID');

/** A customer as the API answers it. */
export const customerSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'status', 'monthly_onboarding_limit', 'features', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    status: { type: 'string', enum: ['ACTIVE', 'DISABLED'] },
    monthly_onboarding_limit: { type: ['integer', 'null'] },
    features,
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

/** What an erasure answers. */
export const customerErasureSchema: JsonSchema = {
  type: 'object',
  required: ['customer_id', 'erased_at', 'data_key_destroyed'],
  properties: {
    customer_id: { type: 'string', format: 'uuid' },
    erased_at: { type: 'string', format: 'date-time', description: 'When its data key was destroyed (the first erasure; a repeat answers the same)' },
    data_key_destroyed: { type: 'boolean', const: true },
  },
};
